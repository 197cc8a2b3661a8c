import type { AppUser, MeResponse } from "@shared/auth";
import { type CachedProfile, fallbackUser, isFresh } from "./profile-cache";
import { isConnectivityError } from "./retry";

export type AuthSession = MeResponse["session"];
export type AuthOrganization = MeResponse["organization"];

/** Spec 1 §3 "Auth state", plus the organization /api/me reports. */
export type AuthState = {
  session: AuthSession | null;
  user: AppUser | null;
  organization: AuthOrganization;
  loading: boolean;
  isAuthenticated: boolean;
  profileLoaded: boolean;
  /**
   * The server could not say who this is (network down, a 5xx, no answer within the 8 s
   * emergency timeout) and no profile is cached: not signed out, just unknown. Protected
   * pages say so with a Retry instead of sending the person to /login (issue 13 §6).
   */
  unreachable: boolean;
};

export const SIGNED_OUT: AuthState = {
  session: null,
  user: null,
  organization: null,
  loading: false,
  isAuthenticated: false,
  profileLoaded: false,
  unreachable: false,
};

const UNREACHABLE: AuthState = { ...SIGNED_OUT, unreachable: true };

export function signedInState(profile: MeResponse): AuthState {
  return {
    session: profile.session,
    user: profile.user,
    organization: profile.organization,
    loading: false,
    isAuthenticated: true,
    profileLoaded: true,
    unreachable: false,
  };
}

function cachedState(entry: CachedProfile, profileLoaded: boolean): AuthState {
  return {
    session: { id: entry.sessionId, expiresAt: "" },
    user: profileLoaded ? fallbackUser(entry.user) : entry.user,
    organization: entry.organization,
    loading: false,
    isAuthenticated: true,
    profileLoaded,
    unreachable: false,
  };
}

export type ProfileQuerySnapshot = {
  /** undefined until /api/me answered; null when it answered 401. */
  data: MeResponse | null | undefined;
  /** The error after the retries ran out, if the last fetch failed and there is no data. */
  error: unknown;
  isError: boolean;
};

/**
 * Spec 1 §4 as a pure function of what we know:
 * - the server answered: its profile (authenticated, profile loaded) or, for 401, signed out;
 * - it failed after the retries: timeouts and network errors fall back to the last known
 *   profile (authenticated, with the spec's fallback names); without one, and for any other
 *   failure, the state is `unreachable` — only a 401 signs out (issue 13 §6: a network error
 *   no longer logs anyone out);
 * - no answer yet: a fresh cached profile (< 10 minutes) counts at once, unconfirmed;
 *   otherwise loading — until the 8 s emergency timeout, which ends it as `unreachable`.
 */
export function deriveAuthState(
  profile: ProfileQuerySnapshot,
  cache: CachedProfile | null,
  emergencyTimedOut: boolean,
  now = Date.now(),
): AuthState {
  if (profile.data !== undefined) return profile.data ? signedInState(profile.data) : SIGNED_OUT;
  if (profile.isError) {
    return isConnectivityError(profile.error) && cache ? cachedState(cache, true) : UNREACHABLE;
  }
  if (isFresh(cache, now)) return cachedState(cache, false);
  return emergencyTimedOut ? UNREACHABLE : { ...SIGNED_OUT, loading: true };
}
