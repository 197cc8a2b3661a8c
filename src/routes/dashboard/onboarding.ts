import type { AppUser } from "@shared/auth";

/** Spec 1 §9: an account older than this is a returning user and skips onboarding. */
export const RETURNING_USER_THRESHOLD_MS = 60 * 60 * 1000;
const PRODUCT = "undertone";

/** Spec 1 §3: both local flags the original app set, so either one is honoured. */
export const onboardingFlagKeys = (userId: string) => [
  `onboarding_completed_${userId}`,
  `${PRODUCT}_onboarding_completed_${userId}`,
];

type FlagStore = Pick<Storage, "getItem" | "setItem">;

function localStore(): FlagStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function hasCompletedOnboarding(userId: string, store: FlagStore | null = localStore()): boolean {
  return onboardingFlagKeys(userId).some((key) => store?.getItem(key) === "true");
}

export function markOnboardingCompleted(userId: string, store: FlagStore | null = localStore()): void {
  for (const key of onboardingFlagKeys(userId)) {
    try {
      store?.setItem(key, "true");
    } catch {
      // storage full or disabled: onboarding may show again, nothing worse
    }
  }
}

/**
 * Spec 1 §4: onboarding is skipped when the completion flag is stored for the user, the
 * user already has an organization, or the account is older than 60 minutes. Decided from
 * the user as they arrived at /dashboard, before the gate ensures an organization.
 */
export function shouldSkipOnboarding(
  user: Pick<AppUser, "id" | "organizationId" | "createdAt">,
  now: number,
  store: FlagStore | null = localStore(),
): boolean {
  if (hasCompletedOnboarding(user.id, store)) return true;
  if (user.organizationId) return true;
  const created = Date.parse(user.createdAt);
  return Number.isFinite(created) && now - created > RETURNING_USER_THRESHOLD_MS;
}
