import type { MeResponse } from "@shared/auth";
import { describe, expect, it } from "vitest";
import { deriveAuthState, SIGNED_OUT } from "@/auth/auth-state";
import { loginErrorMessage, signupErrorMessage } from "@/auth/messages";
import { type CachedProfile, fallbackUser, isFresh, PROFILE_CACHE_TTL_MS } from "@/auth/profile-cache";
import { isConnectivityError, profileRetryDelay, shouldRetryProfile } from "@/auth/retry";
import { ApiRequestError } from "@/lib/api";
import { shouldSkipOnboarding } from "@/routes/dashboard/onboarding";
import { accessOf } from "@/routes/dashboard/plan-summary";
import { subscriptionErrorMessage } from "@/routes/dashboard/SubscriptionFlow";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const user = {
  id: "u1",
  email: "ada@example.com",
  role: "Admin" as const,
  firstName: "Ada",
  lastName: "Lovelace",
  organizationId: "org1",
  emailVerified: true,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const profile: MeResponse = {
  user,
  session: { id: "s1", expiresAt: "2026-11-28T00:00:00.000Z" },
  organization: { id: "org1", name: "Analytical Engines" },
};
const cache = (ageMs: number, overrides: Partial<CachedProfile> = {}): CachedProfile => ({
  user,
  organization: profile.organization,
  timestamp: NOW - ageMs,
  sessionId: "s1",
  ...overrides,
});
const pending = { data: undefined, error: null, isError: false };
const networkError = new TypeError("Failed to fetch");

describe("deriveAuthState (spec 1 §4)", () => {
  it("is loading, unauthenticated, until the server answers", () => {
    expect(deriveAuthState(pending, null, false, NOW)).toEqual({ ...SIGNED_OUT, loading: true });
  });

  it("ends loading at the emergency timeout", () => {
    // Issue 13 §6: as "unreachable" (a Retry on protected pages), not signed out.
    expect(deriveAuthState(pending, null, true, NOW)).toEqual({ ...SIGNED_OUT, unreachable: true });
  });

  it("is authenticated at once from a fresh cache, with the profile not yet loaded", () => {
    const state = deriveAuthState(pending, cache(60_000), false, NOW);
    expect(state).toMatchObject({ isAuthenticated: true, loading: false, profileLoaded: false, user });
    expect(state.session?.id).toBe("s1");
  });

  it("ignores a cache older than 10 minutes", () => {
    expect(deriveAuthState(pending, cache(PROFILE_CACHE_TTL_MS + 1), false, NOW).loading).toBe(true);
  });

  it("takes the server's profile, and signs out on 401", () => {
    expect(deriveAuthState({ data: profile, error: null, isError: false }, cache(0), false, NOW)).toMatchObject({
      isAuthenticated: true,
      profileLoaded: true,
      organization: profile.organization,
    });
    expect(deriveAuthState({ data: null, error: null, isError: false }, cache(0), false, NOW)).toEqual(SIGNED_OUT);
  });

  it("falls back to the last known user after network errors, and signs out on other errors", () => {
    const failed = { data: undefined, error: networkError, isError: true };
    expect(deriveAuthState(failed, cache(PROFILE_CACHE_TTL_MS * 3), false, NOW)).toMatchObject({
      isAuthenticated: true,
      profileLoaded: true,
      user: { id: "u1" },
    });
    expect(deriveAuthState(failed, null, false, NOW)).toEqual({ ...SIGNED_OUT, unreachable: true });
    const serverError = { data: undefined, error: new Error("Profile request failed (500)"), isError: true };
    expect(deriveAuthState(serverError, cache(0), false, NOW)).toEqual({ ...SIGNED_OUT, unreachable: true });
  });

  it("gives the fallback user the spec's names when none are known", () => {
    expect(fallbackUser({ ...user, firstName: "", lastName: "" })).toMatchObject({ firstName: "User", lastName: "" });
    expect(fallbackUser({ ...user, role: "SuperAdmin", firstName: "", lastName: "" })).toMatchObject({
      firstName: "Super",
      lastName: "Admin",
    });
  });

  it("a cache entry from the future is not fresh", () => {
    expect(isFresh(cache(-60_000), NOW)).toBe(false);
  });
});

describe("profile retries (spec 1 §4)", () => {
  it("retries timeouts and network errors twice, after 1 s and 2 s", () => {
    const timeout = new DOMException("signal timed out", "TimeoutError");
    expect(isConnectivityError(timeout)).toBe(true);
    expect(isConnectivityError(networkError)).toBe(true);
    expect(isConnectivityError(new Error("connection reset"))).toBe(true);
    expect(shouldRetryProfile(0, networkError)).toBe(true);
    expect(shouldRetryProfile(1, networkError)).toBe(true);
    expect(shouldRetryProfile(2, networkError)).toBe(false);
    expect([0, 1].map(profileRetryDelay)).toEqual([1000, 2000]);
  });

  it("does not retry other errors", () => {
    expect(shouldRetryProfile(0, new Error("Profile request failed (500)"))).toBe(false);
  });
});

describe("spec 1 §8 messages", () => {
  it("phrases sign-up failures", () => {
    const server = (message: string) => ({ status: 400, code: "x", message });
    expect(signupErrorMessage(server("User already registered"))).toBe(
      "This email is already registered. Please try logging in instead.",
    );
    expect(signupErrorMessage(server("Invalid email"))).toBe("Please enter a valid email address.");
    expect(signupErrorMessage(server("Weak password"))).toBe(
      "Password is too weak. Please choose a stronger password.",
    );
    expect(signupErrorMessage(server("Something specific"))).toBe("Something specific");
    expect(signupErrorMessage(server(""))).toBe("An error occurred during signup");
    const exception = (text: string) => ({ status: 0, code: "request_failed", message: "", exception: text });
    expect(signupErrorMessage(exception("Failed to fetch"))).toBe(
      "Network error. Please check your connection and try again.",
    );
    expect(signupErrorMessage(exception("timeout"))).toBe("Request timed out. Please try again.");
    expect(signupErrorMessage(exception("boom"))).toBe("An unexpected error occurred. Please try again.");
  });

  it("phrases login failures", () => {
    expect(
      loginErrorMessage({ status: 401, code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }),
    ).toBe("Invalid email or password");
    expect(loginErrorMessage({ status: 500, code: "x", message: "" })).toBe("An unexpected error occurred");
    expect(loginErrorMessage({ status: 403, code: "EMAIL_NOT_VERIFIED", message: "Email not verified" })).toContain(
      "verify your email",
    );
  });

  it("phrases subscription failures", () => {
    const server = new ApiRequestError(503, "payments_not_configured", "Payments are not configured.");
    expect(subscriptionErrorMessage("paid", server)).toBe("Payments are not configured.");
    expect(subscriptionErrorMessage("trial", new ApiRequestError(500, "internal_error", "Disk full"))).toBe(
      "Failed to create trial: Disk full",
    );
    expect(subscriptionErrorMessage("trial", new TypeError("Failed to fetch"))).toBe(
      "Failed to create trial subscription",
    );
    expect(subscriptionErrorMessage("paid", new TypeError("Failed to fetch"))).toBe("Failed to create subscription");
  });
});

describe("dashboard gate", () => {
  const store = (entries: Record<string, string> = {}) => ({
    getItem: (key: string) => entries[key] ?? null,
    setItem: (key: string, value: string) => {
      entries[key] = value;
    },
  });
  const newcomer = { id: "u1", organizationId: null, createdAt: new Date(NOW - 5 * 60_000).toISOString() };

  it("shows onboarding to a new user without an organization or flag", () => {
    expect(shouldSkipOnboarding(newcomer, NOW, store())).toBe(false);
  });

  it("skips it for the stored flag (either key), an organization, or an account older than 60 minutes", () => {
    expect(shouldSkipOnboarding(newcomer, NOW, store({ onboarding_completed_u1: "true" }))).toBe(true);
    expect(shouldSkipOnboarding(newcomer, NOW, store({ undertone_onboarding_completed_u1: "true" }))).toBe(true);
    expect(shouldSkipOnboarding({ ...newcomer, organizationId: "org" }, NOW, store())).toBe(true);
    const old = { ...newcomer, createdAt: new Date(NOW - 61 * 60_000).toISOString() };
    expect(shouldSkipOnboarding(old, NOW, store())).toBe(true);
  });

  it("summarizes the plan for the banner", () => {
    const trial = {
      id: "t",
      organizationId: "o",
      userId: "u",
      trialStartDate: new Date(NOW).toISOString(),
      trialEndDate: new Date(NOW + 14 * 86_400_000).toISOString(),
      trialStatus: "active",
      chosenAt: null,
    };
    const base = { trial: null, subscription: null, paymentsConfigured: false, planChosen: false };
    const state = (status: Parameters<typeof accessOf>[0], now: number) => {
      const access = accessOf(status, now);
      return { state: access.state, daysLeft: access.daysLeft, canCreateCheckIns: access.canCreateCheckIns };
    };
    // No plan at all is not free forever (issue 25 §2).
    expect(state(base, NOW)).toEqual({ state: "none", daysLeft: null, canCreateCheckIns: false });
    expect(state({ ...base, trial }, NOW)).toEqual({ state: "trial", daysLeft: 14, canCreateCheckIns: true });
    expect(state({ ...base, trial }, NOW + 15 * 86_400_000)).toEqual({
      state: "trial_ended",
      daysLeft: null,
      canCreateCheckIns: false,
    });
    const active = {
      status: "active",
      salespersonCount: 3,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      endedAt: null,
      manageable: true,
    };
    expect(state({ ...base, trial, subscription: active }, NOW).state).toBe("paid");
    for (const lapsed of ["past_due", "unpaid"]) {
      const access = accessOf({ ...base, trial, subscription: { ...active, status: lapsed } }, NOW);
      expect(access).toMatchObject({ state: "payment_problem", lifecycle: "past_due", canCreateCheckIns: false });
      expect(access.message).toMatch(/Update your payment method under Manage billing to resume them/);
    }
    const cancelled = accessOf({ ...base, trial, subscription: { ...active, status: "canceled" } }, NOW);
    expect(cancelled).toMatchObject({ state: "cancelled", lifecycle: "cancelled", canCreateCheckIns: false });
  });
});
