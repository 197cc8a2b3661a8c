import { BLOCKER_THEMES } from "../language/themes";

/**
 * What a new blocker row stores of its description (drizzle/0022, issue 26 §1): nothing when it is
 * its theme's fixed one (`user_challenges.description` reads that back), else the text itself, so
 * every reader reads what the writer wrote.
 */
export function storedBlockerDescription(blocker: { theme: string; description: string }): string | null {
  const fixed = BLOCKER_THEMES.find((b) => b.theme === blocker.theme)?.description;
  return fixed === blocker.description ? null : blocker.description;
}
