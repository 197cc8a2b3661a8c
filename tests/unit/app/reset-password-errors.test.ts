import { describe, expect, it } from "vitest";
import { resetPasswordProblems } from "../../../src/routes/auth/NewPasswordField";

/** Reset password: each problem is said under the field it belongs to. */
describe("the reset-password form's problems", () => {
  it("puts a mismatch under Confirm new password, not under New password", () => {
    expect(resetPasswordProblems("long-enough", "different")).toEqual({
      password: null,
      confirm: "The two passwords are not the same.",
    });
  });

  it("puts a short password under New password", () => {
    expect(resetPasswordProblems("abc", "abc")).toEqual({
      password: "Password must be at least 6 characters long",
      confirm: null,
    });
  });

  it("has none for two equal, long enough passwords", () => {
    expect(resetPasswordProblems("long-enough", "long-enough")).toEqual({ password: null, confirm: null });
  });
});
