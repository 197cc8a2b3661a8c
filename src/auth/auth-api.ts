import {
  type ResetLinkCheckResponse,
  resetLinkCheckResponseSchema,
  type SignupRequest,
  type SignupResponse,
  signupResponseSchema,
} from "@shared/auth";
import * as z from "zod/mini";

/**
 * The auth calls the sign-in, sign-up and callback pages make, as plain fetches to
 * /api/auth/* (no auth client library in the bundle). Every call returns its failure as a
 * value (spec 1 §8: "signup returns failure as a value … no toast from the auth layer");
 * the page decides what to show.
 */
export type AuthFailure = {
  /** HTTP status, or 0 when the request never got an answer. */
  status: number;
  code: string;
  message: string;
  /** Set when the request itself failed (offline, timeout): the exception's message. */
  exception?: string;
};
export type AuthResult<T> = { ok: true; data: T } | { ok: false; error: AuthFailure };

const REQUEST_TIMEOUT_MS = 15_000;

/** Both error shapes the API speaks: ours `{error: {code, message}}` and better-auth's `{code, message}`. */
function failureFrom(status: number, body: unknown): AuthFailure {
  if (body && typeof body === "object") {
    const inner = "error" in body && body.error && typeof body.error === "object" ? body.error : body;
    const code = "code" in inner && typeof inner.code === "string" ? inner.code : `http_${status}`;
    const message = "message" in inner && typeof inner.message === "string" ? inner.message : "";
    return { status, code, message };
  }
  return { status, code: `http_${status}`, message: "" };
}

async function call<T>(
  path: string,
  init: RequestInit,
  read: (body: unknown) => T | null = (body) => body as T,
): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "same-origin",
      ...init,
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    const exception = error instanceof Error ? (error.name === "TimeoutError" ? "timeout" : error.message) : "error";
    return { ok: false, error: { status: 0, code: "request_failed", message: "", exception } };
  }
  // A redirect answer to a fetch means better-auth refused a link (it redirects with ?error=).
  if (response.type === "opaqueredirect") {
    return { ok: false, error: { status: 0, code: "INVALID_TOKEN", message: "The link is invalid or has expired." } };
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) return { ok: false, error: failureFrom(response.status, body) };
  const data = read(body);
  if (data === null) {
    return { ok: false, error: { status: response.status, code: "invalid_response", message: "Unexpected response" } };
  }
  return { ok: true, data };
}

const post = <T>(path: string, body: unknown, read?: (body: unknown) => T | null) =>
  call<T>(path, { method: "POST", body: JSON.stringify(body) }, read);

export function signInWithPassword(email: string, password: string) {
  return post<unknown>("/api/auth/sign-in/email", { email: email.trim(), password, rememberMe: true });
}

export function signUp(request: SignupRequest) {
  return post<SignupResponse>("/api/auth/sign-up/email", request, (body) => {
    const parsed = signupResponseSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
}

export function requestMagicLink(email: string) {
  return post<unknown>("/api/auth/sign-in/magic-link", { email: email.trim() });
}

export function resendVerificationEmail(email: string) {
  return post<unknown>("/api/auth/send-verification-email", { email: email.trim() });
}

/** The emailed sign-up link (type=signup): marks the email verified. */
export function verifyEmailToken(token: string) {
  return call<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { method: "GET" });
}

/** The emailed login link (type=magiclink): starts a session (the cookie arrives with the answer). */
export function verifyMagicLinkToken(token: string) {
  return call<unknown>(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, {
    method: "GET",
    redirect: "manual",
  });
}

/** A password sign-in (or magic link) of an account with two factors answers this instead of a session. */
export function needsSecondFactor(body: unknown): boolean {
  return typeof body === "object" && body !== null && "twoFactorRedirect" in body && body.twoFactorRedirect === true;
}

/** The second step of a sign-in: a code from the authenticator app, or one of the recovery codes. */
export function verifySecondFactor(kind: "totp" | "recovery", code: string) {
  const path = kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code";
  return post<unknown>(path, { code: code.trim() });
}

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export function requestPasswordReset(email: string) {
  return post<unknown>("/api/auth/request-password-reset", { email: email.trim() });
}

/** Whether the emailed recovery link still works, asked on arrival; the token is not used up. */
export function checkResetLink(token: string) {
  return post<ResetLinkCheckResponse>("/api/auth/reset-password/check", { token }, (body) => {
    const parsed = resetLinkCheckResponseSchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  });
}

/** The emailed recovery link's token and the new password; every session of the user ends. */
export function resetPassword(token: string, newPassword: string) {
  return post<unknown>("/api/auth/reset-password", { token, newPassword });
}

/** Settings → Change password: the current one is required; every other session ends. */
export function changePassword(currentPassword: string, newPassword: string) {
  return post<unknown>("/api/auth/change-password", { currentPassword, newPassword, revokeOtherSessions: true });
}

export type TwoFactorEnrollment = { totpURI: string; backupCodes: string[] };

/** Step 1 of setting up an authenticator (password required): its URI (QR code) and the recovery codes, shown once. */
export function startTwoFactor(password: string) {
  return post<TwoFactorEnrollment>("/api/auth/two-factor/enable", { password }, (body) => {
    if (!body || typeof body !== "object" || !("totpURI" in body) || !("backupCodes" in body)) return null;
    const { totpURI, backupCodes } = body;
    if (typeof totpURI !== "string" || !Array.isArray(backupCodes)) return null;
    return { totpURI, backupCodes: backupCodes.filter((c): c is string => typeof c === "string") };
  });
}

/** Step 2: a first code from the app turns it on (and ends the user's other sessions). */
export function confirmTwoFactor(code: string) {
  return post<unknown>("/api/auth/two-factor/verify-totp", { code: code.trim() });
}

export function removeTwoFactor(password: string) {
  return post<unknown>("/api/auth/two-factor/disable", { password });
}

const newBackupCodesSchema = z.object({ backupCodes: z.array(z.string()) });

/** New recovery codes (password required): the old ones stop working. Shown once, like the first ones. */
export function newRecoveryCodes(password: string) {
  return post<string[]>("/api/auth/two-factor/generate-backup-codes", { password }, (body) => {
    const parsed = newBackupCodesSchema.safeParse(body);
    return parsed.success ? parsed.data.backupCodes : null;
  });
}
