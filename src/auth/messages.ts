import type { AuthFailure } from "./auth-api";

/** Spec 1 §8: the texts of the auth toasts, in one place. */
export const AUTH_TOASTS = {
  loginSuccess: { title: "Welcome back!", description: "You have been logged in successfully." },
  loginFailedTitle: "Login failed",
  logoutSuccess: { title: "Goodbye!", description: "You have been logged out successfully." },
  logoutFailedTitle: "Logout failed",
  magicLinkSent: { title: "Magic link sent!", description: "Check your email for the login link." },
  magicLinkFailedTitle: "Magic link failed",
  signupSuccess: {
    title: "Account created successfully! 🎉",
    description:
      "Please check your email to verify your account. You'll be redirected to complete setup once verified.",
  },
  signupFailedTitle: "Signup failed",
  emailVerified: {
    title: "Email verified successfully!",
    description: "Your account is now active. Please log in to continue.",
  },
  callbackFailed: "Authentication failed",
  verificationFailed: "Email verification failed",
  callbackError: "Authentication error",
  authenticationRequired: { title: "Authentication required", description: "Please sign in to continue." },
} as const;

const UNEXPECTED = "An unexpected error occurred";

/** An exception (no answer from the server) phrased per spec 1 §8. */
export function exceptionMessage(exception: string): string {
  if (/failed to fetch|network|load failed/i.test(exception))
    return "Network error. Please check your connection and try again.";
  if (/time(d)?\s?out/i.test(exception)) return "Request timed out. Please try again.";
  return "An unexpected error occurred. Please try again.";
}

/** Spec 1 §8 'Signup failed' descriptions. */
export function signupErrorMessage(error: AuthFailure): string {
  if (error.exception !== undefined) return exceptionMessage(error.exception);
  const message = error.message;
  if (/already registered/i.test(message)) return "This email is already registered. Please try logging in instead.";
  if (/invalid email/i.test(message)) return "Please enter a valid email address.";
  if (/weak password/i.test(message)) return "Password is too weak. Please choose a stronger password.";
  return message || "An error occurred during signup";
}

/** Spec 1 §8 'Login failed': the server's message, made a little more helpful where we know more. */
export function loginErrorMessage(error: AuthFailure): string {
  if (error.exception !== undefined) return exceptionMessage(error.exception);
  if (error.code === "EMAIL_NOT_VERIFIED") {
    return "Please verify your email first. We've sent you a new verification link.";
  }
  return error.message || UNEXPECTED;
}

/** The message of any other auth failure (magic link, resend). */
export function authErrorMessage(error: AuthFailure): string {
  if (error.exception !== undefined) return exceptionMessage(error.exception);
  return error.message || UNEXPECTED;
}

/** A form that asks for the signed-in user's password: a wrong one said plainly. */
export function passwordCheckErrorMessage(error: AuthFailure): string {
  if (error.code === "INVALID_PASSWORD") return "Your current password is not right.";
  return authErrorMessage(error);
}

/** A refused code at the two-factor sign-in: ours for the two refusals a person can act on. */
export function secondFactorErrorMessage(error: AuthFailure): string {
  if (error.code === "INVALID_CODE" && error.status === 401) {
    return "That code is not right. Check the time on your phone and try the newest code.";
  }
  // better-auth says "Invalid backup code" for a used code too; it never works twice.
  if (error.code === "INVALID_BACKUP_CODE") {
    return "That recovery code is invalid or was already used. Each code works once.";
  }
  return authErrorMessage(error);
}
