import { describe, expect, it } from "vitest";
import { defaultOrganizationName } from "../../worker/auth/organization";
import { linkify } from "../../worker/dev/mailbox";
import { magicLinkEmail, signupNotificationEmail, verificationEmail } from "../../worker/email/templates";
import {
  avatarInitials,
  effectiveRole,
  normalizeSignupRequest,
  SIGNUP_MESSAGES,
  validateSignup,
  validateSignupRequest,
  validateSimpleSignup,
} from "../../worker/shared/auth";

const VALID = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  password: "secret",
  companyName: "Analytical Engines",
};

describe("validateSignup (spec 1 §5, shared by the form and the API)", () => {
  it("accepts a complete form", () => {
    expect(validateSignup(VALID)).toBeNull();
  });

  it("reports the first failing rule, in the spec's order, with the spec's words", () => {
    const empty = { firstName: "", lastName: "", email: "", password: "", companyName: "" };
    const sequence: [Partial<typeof VALID>, string][] = [
      [{}, "First name is required"],
      [{ firstName: "Ada" }, "Last name is required"],
      [{ firstName: "Ada", lastName: "L" }, "Email is required"],
      [{ firstName: "Ada", lastName: "L", email: "ada" }, "Please enter a valid email address"],
      [{ firstName: "Ada", lastName: "L", email: "ada@example.com" }, "Password is required"],
      [
        { firstName: "Ada", lastName: "L", email: "ada@example.com", password: "12345" },
        "Password must be at least 6 characters long",
      ],
      [{ firstName: "Ada", lastName: "L", email: "ada@example.com", password: "123456" }, "Company name is required"],
    ];
    for (const [filled, message] of sequence) expect(validateSignup({ ...empty, ...filled })).toBe(message);
  });

  it("treats whitespace as empty and refuses addresses without an @ or a domain", () => {
    expect(validateSignup({ ...VALID, firstName: "   " })).toBe(SIGNUP_MESSAGES.firstNameRequired);
    expect(validateSignup({ ...VALID, companyName: "\t" })).toBe(SIGNUP_MESSAGES.companyRequired);
    for (const email of ["ada.example.com", "ada@", "@example.com", "ada@example", "a da@example.com"]) {
      expect(validateSignup({ ...VALID, email }), email).toBe(SIGNUP_MESSAGES.emailInvalid);
    }
  });

  it("bounds every field so nothing unbounded reaches the database", () => {
    expect(validateSignup({ ...VALID, firstName: "x".repeat(101) })).toBe(SIGNUP_MESSAGES.firstNameTooLong);
    expect(validateSignup({ ...VALID, password: "x".repeat(129) })).toBe(SIGNUP_MESSAGES.passwordTooLong);
    expect(validateSignup({ ...VALID, companyName: "x".repeat(201) })).toBe(SIGNUP_MESSAGES.companyTooLong);
    expect(validateSignup({ ...VALID, email: `${"x".repeat(250)}@example.com` })).toBe(SIGNUP_MESSAGES.emailTooLong);
  });

  it("the simple Sign Up tab needs only email and a 6-character password", () => {
    expect(validateSimpleSignup({ firstName: "", lastName: "", email: "a@b.co", password: "123456" })).toBeNull();
    expect(validateSimpleSignup({ firstName: "", lastName: "", email: "a@b.co", password: "12345" })).toBe(
      SIGNUP_MESSAGES.passwordTooShort,
    );
    expect(validateSimpleSignup({ firstName: "", lastName: "", email: "", password: "123456" })).toBe(
      SIGNUP_MESSAGES.emailRequired,
    );
  });
});

describe("normalizeSignupRequest", () => {
  it("accepts the spec's snake_case, camelCase and 'company' keys", () => {
    expect(
      normalizeSignupRequest({ first_name: "A", last_name: "B", company_name: "C", email: "e", password: "p" }),
    ).toMatchObject({
      firstName: "A",
      lastName: "B",
      companyName: "C",
      form: "full",
    });
    expect(normalizeSignupRequest({ firstName: "A", lastName: "B", companyName: "C" })).toMatchObject({ form: "full" });
    expect(normalizeSignupRequest({ company: "C" })).toMatchObject({ companyName: "C", form: "full" });
  });

  it("chooses the full form's rules whenever a company key is present, even empty", () => {
    const simple = normalizeSignupRequest({ email: "a@b.co", password: "123456" });
    expect(simple.form).toBe("simple");
    expect(validateSignupRequest(simple)).toBeNull();
    const full = normalizeSignupRequest({ email: "a@b.co", password: "123456", company_name: "" });
    expect(validateSignupRequest(full)).toBe(SIGNUP_MESSAGES.firstNameRequired);
  });
});

describe("roles and profile helpers", () => {
  it("SUPERADMIN_EMAILS decides the role", () => {
    expect(effectiveRole(true)).toBe("SuperAdmin");
    expect(effectiveRole(false)).toBe("Admin");
  });

  it("initials are the first two letters of the email", () => {
    expect(avatarInitials("maya.chen@northwind.example")).toBe("MA");
    expect(avatarInitials("x@y.z")).toBe("X@");
  });

  it("an organization without a company is named after its founder", () => {
    expect(defaultOrganizationName({ email: "noor@x.io", firstName: "Noor", lastName: "Haddad" })).toBe(
      "Noor Haddad's Organization",
    );
    expect(defaultOrganizationName({ email: "noor@x.io", firstName: "", lastName: "" })).toBe("noor's Organization");
  });
});

describe("emails", () => {
  it("escape what people typed and carry the link in both HTML and text", () => {
    const notice = signupNotificationEmail({
      firstName: "<b>Eve</b>",
      lastName: "O'Neil",
      email: "eve@example.com",
      companyName: "Evil & Co",
    });
    expect(notice.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(notice.html).toContain("Evil &amp; Co");
    expect(notice.html).not.toContain("<b>Eve</b>");
    expect(notice.text).toContain("Company: Evil & Co");

    const url = "https://app.example/auth/callback?token_hash=abc&type=signup";
    const verification = verificationEmail({ firstName: "Ada", url });
    expect(verification.text).toContain(url);
    expect(verification.html).toContain('href="https://app.example/auth/callback?token_hash=abc&amp;type=signup"');
    expect(magicLinkEmail({ url, minutes: 15 }).text).toContain("15 minutes");
  });

  it("the mailbox turns URLs into links and escapes everything else", () => {
    const html = linkify("Open <this>: https://a.example/x?y=1&z=2 now");
    expect(html).toBe(
      'Open &lt;this&gt;: <a href="https://a.example/x?y=1&amp;z=2">https://a.example/x?y=1&amp;z=2</a> now',
    );
  });
});
