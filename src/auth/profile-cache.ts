import { type AppUser, appUserSchema } from "@shared/auth";
import * as z from "zod/mini";

/**
 * Spec 1 §3/§4: the signed-in profile cached in local storage for 10 minutes, tied to the
 * session it was read under. It lets a returning visitor see the app at once while the
 * real profile is fetched in the background; it is never trusted for access (the server
 * decides every request).
 */
export const PROFILE_CACHE_KEY = "undertone.auth.profile";
export const PROFILE_CACHE_TTL_MS = 10 * 60 * 1000;

const cachedProfileSchema = z.object({
  user: appUserSchema,
  organization: z.nullable(z.object({ id: z.string(), name: z.string() })),
  timestamp: z.number(),
  sessionId: z.string(),
});
export type CachedProfile = z.infer<typeof cachedProfileSchema>;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): run without a cache
  }
}

/** The cached entry of any age, or null when absent or unreadable (a bad entry is removed). */
export function readProfileCache(): CachedProfile | null {
  const store = storage();
  const raw = store?.getItem(PROFILE_CACHE_KEY);
  if (!raw) return null;
  try {
    const parsed = cachedProfileSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  store?.removeItem(PROFILE_CACHE_KEY);
  return null;
}

export function isFresh(entry: CachedProfile | null, now = Date.now()): entry is CachedProfile {
  return entry !== null && now - entry.timestamp >= 0 && now - entry.timestamp < PROFILE_CACHE_TTL_MS;
}

export function writeProfileCache(entry: CachedProfile): void {
  try {
    storage()?.setItem(PROFILE_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // quota or disabled storage: the cache is an optimisation only
  }
}

export function clearProfileCache(): void {
  storage()?.removeItem(PROFILE_CACHE_KEY);
}

/**
 * Spec 1 §6: the user shown when the profile cannot be fetched. What we last knew, with the
 * spec's fallback names where it had none ('Super Admin' for a SuperAdmin, else 'User').
 */
export function fallbackUser(user: AppUser): AppUser {
  if (user.firstName || user.lastName) return user;
  return user.role === "SuperAdmin"
    ? { ...user, firstName: "Super", lastName: "Admin" }
    : { ...user, firstName: "User", lastName: "" };
}
