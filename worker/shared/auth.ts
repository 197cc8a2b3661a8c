import * as z from "zod/mini";
import { USER_ROLES, type UserRole } from "./domain";

/**
 * Accounts: the shapes of GET /api/me and of sign-up, and the sign-up rules, shared by the
 * form and the Worker so that the API refuses exactly what the form refuses (spec 1 §5).
 */

export const PASSWORD_MIN_LENGTH = 6;
/** better-auth's own ceiling; longer passwords only cost hashing time. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const COMPANY_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;

/** Spec 1 §5, in the order the form checks them. */
export const SIGNUP_MESSAGES = {
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 6 characters long",
  companyRequired: "Company name is required",
  // Beyond the spec: bounds, so nothing unbounded reaches the database.
  firstNameTooLong: `First name must be at most ${NAME_MAX_LENGTH} characters`,
  lastNameTooLong: `Last name must be at most ${NAME_MAX_LENGTH} characters`,
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  companyTooLong: `Company name must be at most ${COMPANY_NAME_MAX_LENGTH} characters`,
} as const;

/** Refused at sign-in and on every signed-in route while an operator has deactivated the account. */
export const ACCOUNT_INACTIVE_MESSAGE = "Your account has been deactivated. Contact your administrator to restore it.";
/** Answered by the console (every SuperAdmin) and by an organization that requires it of its Admins. */
export const TWO_FACTOR_REQUIRED_MESSAGE = "Set up two-factor authentication to continue.";
/** Removing an authenticator where it is required: the console, or an organization's rule for its Admins. */
export const TWO_FACTOR_KEPT_MESSAGE =
  "Two-factor authentication is required for your account, so it can't be turned off. You can set up a new authenticator instead.";
/** The same answer whether or not the address has an account (spec 1 §7 "recover (email)"). */
export const PASSWORD_RESET_SENT_MESSAGE =
  "If an account uses this email, we've sent it a link to choose a new password. The link works once, for 60 minutes.";
export const PASSWORD_RESET_MINUTES = 60;

/**
 * POST /api/auth/reset-password/check: whether the emailed reset link's token would still be
 * accepted, asked when /reset-password opens so a used or expired link says so at once. The
 * token travels in the body (never in a URL, which logs keep) and never comes back.
 */
export const resetLinkCheckRequestSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(128)) });
export const resetLinkCheckResponseSchema = z.object({ usable: z.boolean() });
export type ResetLinkCheckResponse = z.infer<typeof resetLinkCheckResponseSchema>;
/** Sent (as "1") by the page's own profile fetch: GET /api/me then answers 204, not 401, without a session. */
export const SESSION_PROBE_HEADER = "X-Session-Probe";
export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const DUPLICATE_EMAIL_MESSAGE = "An account with this email already exists. Please try logging in instead.";
export const SIGNUP_VALIDATION_TITLE = "Please check your information";

/**
 * The spec only asks for an "@"; we also want something on both sides and a dot in the
 * domain, so an address we could never deliver to is refused with the same message.
 * Written as index lookups, not a pattern: the pattern it replaces
 * (`^[^\s@]+@[^\s@]+\.[^\s@]+$`) backtracked quadratically on a long domain without a dot.
 * Anything longer than an address can be is refused before any scan.
 */
export function isPlausibleEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf("@");
  if (at < 1 || at !== email.lastIndexOf("@") || /\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  // A dot with something on both sides of it, inside the domain.
  const dot = domain.indexOf(".", 1);
  return dot > 0 && dot < domain.length - 1;
}

export type SignupInput = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  companyName: string;
};

/** The full /signup form (spec 1 §5): the first failing rule's message, or null. */
export function validateSignup(input: SignupInput): string | null {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = input.email.trim();
  const companyName = input.companyName.trim();
  if (!firstName) return SIGNUP_MESSAGES.firstNameRequired;
  if (firstName.length > NAME_MAX_LENGTH) return SIGNUP_MESSAGES.firstNameTooLong;
  if (!lastName) return SIGNUP_MESSAGES.lastNameRequired;
  if (lastName.length > NAME_MAX_LENGTH) return SIGNUP_MESSAGES.lastNameTooLong;
  const emailProblem = checkEmail(email);
  if (emailProblem) return emailProblem;
  const passwordProblem = checkPassword(input.password);
  if (passwordProblem) return passwordProblem;
  if (!companyName) return SIGNUP_MESSAGES.companyRequired;
  if (companyName.length > COMPANY_NAME_MAX_LENGTH) return SIGNUP_MESSAGES.companyTooLong;
  return null;
}

/** The simple Sign Up tab on /login: email and password (min 6), names optional. */
export function validateSimpleSignup(input: Omit<SignupInput, "companyName">): string | null {
  if (input.firstName.trim().length > NAME_MAX_LENGTH) return SIGNUP_MESSAGES.firstNameTooLong;
  if (input.lastName.trim().length > NAME_MAX_LENGTH) return SIGNUP_MESSAGES.lastNameTooLong;
  return checkEmail(input.email.trim()) ?? checkPassword(input.password);
}

function checkEmail(email: string): string | null {
  if (!email) return SIGNUP_MESSAGES.emailRequired;
  // Length before any pattern (issue 12 item 3).
  if (email.length > EMAIL_MAX_LENGTH) return SIGNUP_MESSAGES.emailTooLong;
  if (!isPlausibleEmail(email)) return SIGNUP_MESSAGES.emailInvalid;
  return null;
}

function checkPassword(password: string): string | null {
  if (!password) return SIGNUP_MESSAGES.passwordRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return SIGNUP_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return SIGNUP_MESSAGES.passwordTooLong;
  return null;
}

/**
 * The body of POST /api/auth/sign-up/email. Spec 1 §3 sends the names in snake_case and
 * camelCase and the company under three keys; any of them is accepted. The presence of a
 * company (under any key) selects the full form's rules; without one, the simple tab's.
 */
/**
 * Each field is bounded (generously: the form's own limits give the spec's messages) so no
 * rule ever reads a string longer than a few KB.
 */
const SIGNUP_FIELD_MAX = 2048;
const signupField = z.optional(z.string().check(z.maxLength(SIGNUP_FIELD_MAX, "This field is too long")));
export const signupRequestSchema = z.object({
  email: signupField,
  password: signupField,
  first_name: signupField,
  last_name: signupField,
  company_name: signupField,
  firstName: signupField,
  lastName: signupField,
  companyName: signupField,
  company: signupField,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export type NormalizedSignup = SignupInput & { form: "full" | "simple" };

export function normalizeSignupRequest(body: SignupRequest): NormalizedSignup {
  const company = body.company_name ?? body.companyName ?? body.company;
  return {
    firstName: body.first_name ?? body.firstName ?? "",
    lastName: body.last_name ?? body.lastName ?? "",
    email: body.email ?? "",
    password: body.password ?? "",
    companyName: company ?? "",
    form: company === undefined ? "simple" : "full",
  };
}

export function validateSignupRequest(input: NormalizedSignup): string | null {
  return input.form === "full" ? validateSignup(input) : validateSimpleSignup(input);
}

export const signupResponseSchema = z.object({
  needsConfirmation: z.boolean(),
  user: z.object({ id: z.string(), email: z.string() }),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/** The signed-in user as GET /api/me describes it (spec 1 §3 "App user"). */
export const appUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  firstName: z.string(),
  lastName: z.string(),
  organizationId: z.nullable(z.string()),
  emailVerified: z.boolean(),
  /** An authenticator app is set up (optional: profiles cached before it existed lack it). */
  twoFactorEnabled: z.optional(z.boolean()),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const meResponseSchema = z.object({
  user: appUserSchema,
  /** The session's id (never its token): the profile cache is tied to it. */
  session: z.object({ id: z.string(), expiresAt: z.string() }),
  organization: z.nullable(
    z.object({ id: z.string(), name: z.string(), requireAdminTwoFactor: z.optional(z.boolean()) }),
  ),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /api/me/recovery-codes: how many of the signed-in user's recovery codes are unused.
 * Only the number: the codes themselves are shown once, when they are made.
 */
export const recoveryCodesLeftResponseSchema = z.object({ left: z.int().check(z.minimum(0)) });
export type RecoveryCodesLeftResponse = z.infer<typeof recoveryCodesLeftResponseSchema>;
/** Asking for the count of an account without two factors (409 `two_factor_off`). */
export const TWO_FACTOR_OFF_MESSAGE = "Two-factor authentication is not on.";

/**
 * Spec 1 §6: the role a user really has. SUPERADMIN_EMAILS decides: listed addresses are
 * always SuperAdmin, and a stored SuperAdmin whose address left the list is an Admin again.
 * The other role names (the operator's demo accounts, spec 2 §5) stand as stored; anything
 * unknown is an Admin. The stored role follows this (the server corrects it); the client
 * never chooses it.
 */
export function effectiveRole(isListedSuperAdmin: boolean, stored?: string | null): UserRole {
  if (isListedSuperAdmin) return "SuperAdmin";
  if (stored && stored !== "SuperAdmin" && (USER_ROLES as readonly string[]).includes(stored))
    return stored as UserRole;
  return "Admin";
}

/** Spec 1 §9: avatar initials are the first two letters of the email. */
export function avatarInitials(email: string): string {
  return email.slice(0, 2).toUpperCase();
}
