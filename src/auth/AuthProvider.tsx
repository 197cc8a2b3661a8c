import { type MeResponse, meResponseSchema, SESSION_PROBE_HEADER } from "@shared/auth";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type AuthState, deriveAuthState, SIGNED_OUT, signedInState } from "./auth-state";
import { clearProfileCache, isFresh, PROFILE_CACHE_KEY, readProfileCache, writeProfileCache } from "./profile-cache";
import { profileRetryDelay, shouldRetryProfile } from "./retry";

/** Spec 1 §4: if initialization has not finished by then, loading ends anyway. */
export const EMERGENCY_TIMEOUT_MS = 8000;
/** Spec 1 §4: with a cached profile, the real one is fetched after this delay. */
const CACHED_PROFILE_REFRESH_DELAY_MS = 1000;
/** Background refresh while the app is open (and on window focus, TanStack Query's default). */
const PROFILE_REFRESH_INTERVAL_MS = 5 * 60 * 1000;
const PROFILE_REQUEST_TIMEOUT_MS = 10_000;

export const ME_QUERY_KEY = ["auth", "me"] as const;

export type { AuthOrganization, AuthSession, AuthState } from "./auth-state";

export type AuthContextValue = AuthState & {
  /** Re-reads the session from the server (after a sign-in, or to check it is still valid). */
  refresh: () => Promise<AuthState>;
  /** Ends the session on the server and clears the state and the cache. */
  signOut: () => Promise<{ ok: true } | { ok: false; message: string }>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export class ProfileRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ProfileRequestError";
  }
}

/** GET /api/me: the profile, or null when there is no session (204 for the probe; 401 without it). */
export async function fetchProfile(signal?: AbortSignal): Promise<MeResponse | null> {
  const timeout = AbortSignal.timeout(PROFILE_REQUEST_TIMEOUT_MS);
  const response = await fetch("/api/me", {
    credentials: "same-origin",
    // No session is then a 204, which the browser does not log as an error (worker/auth/routes.ts).
    headers: { Accept: "application/json", [SESSION_PROBE_HEADER]: "1" },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (response.status === 204 || response.status === 401) return null;
  if (!response.ok) throw new ProfileRequestError(response.status, `Profile request failed (${response.status})`);
  const parsed = meResponseSchema.safeParse(await response.json());
  if (!parsed.success) throw new ProfileRequestError(response.status, "Unexpected profile response");
  return parsed.data;
}

function sessionIdOf(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && "sessionId" in parsed && typeof parsed.sessionId === "string"
      ? parsed.sessionId
      : null;
  } catch {
    return null;
  }
}

/**
 * Spec 1 §4, on TanStack Query. Start: a fresh cached profile (younger than 10 minutes)
 * makes the visitor authenticated at once and the real profile is fetched after 1 s;
 * without one, loading lasts until /api/me answers (at most 8 s). A 401 signs out and
 * clears the cache; timeouts and network errors are retried twice (1 s, 2 s) and then the
 * last known profile stands in (the fallback user); without one, or for any other failure,
 * the state is `unreachable` and protected pages offer a Retry (issue 13 §6).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [initialCache] = useState(readProfileCache);
  const [started, setStarted] = useState(() => !isFresh(initialCache));
  const [emergencyTimeout, setEmergencyTimeout] = useState(false);

  useEffect(() => {
    if (started) return;
    const timer = setTimeout(() => setStarted(true), CACHED_PROFILE_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [started]);

  useEffect(() => {
    const timer = setTimeout(() => setEmergencyTimeout(true), EMERGENCY_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);

  const profile = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: started,
    retry: shouldRetryProfile,
    retryDelay: profileRetryDelay,
    staleTime: 60_000,
    gcTime: Number.POSITIVE_INFINITY,
    refetchInterval: PROFILE_REFRESH_INTERVAL_MS,
  });

  const state: AuthState = useMemo(
    () =>
      deriveAuthState(
        { data: profile.data, error: profile.error, isError: profile.isError },
        initialCache,
        emergencyTimeout,
      ),
    [profile.data, profile.isError, profile.error, initialCache, emergencyTimeout],
  );

  // The cache follows what the server said: written on every profile, cleared on sign-out.
  useEffect(() => {
    if (profile.data) {
      writeProfileCache({
        user: profile.data.user,
        organization: profile.data.organization,
        timestamp: Date.now(),
        sessionId: profile.data.session.id,
      });
    } else if (profile.data === null) {
      // Only the server's "no session" (401) forgets the profile; a failure keeps it for the next load.
      clearProfileCache();
    }
  }, [profile.data]);

  // Another tab signed out, or in as someone else: check with the server. Refreshes of the
  // same session (every tab rewrites the cache) are ignored, or tabs would wake each other forever.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== PROFILE_CACHE_KEY && event.key !== null) return;
      if (sessionIdOf(event.oldValue) === sessionIdOf(event.newValue) && event.newValue !== null) return;
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [queryClient]);

  const refresh = useCallback(async (): Promise<AuthState> => {
    setStarted(true);
    const data = await queryClient.fetchQuery({
      queryKey: ME_QUERY_KEY,
      queryFn: ({ signal }) => fetchProfile(signal),
      staleTime: 0,
      retry: shouldRetryProfile,
      retryDelay: profileRetryDelay,
    });
    return data ? signedInState(data) : SIGNED_OUT;
  }, [queryClient]);

  const signOut = useCallback(async () => {
    let result: { ok: true } | { ok: false; message: string } = { ok: true };
    try {
      const response = await fetch("/api/auth/sign-out", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: "{}",
      });
      if (!response.ok) result = { ok: false, message: `The server answered ${response.status}` };
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : "Network error" };
    }
    // Spec 1 §4: sign-out clears the state and the cache, whatever the server said.
    clearProfileCache();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    return result;
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}
