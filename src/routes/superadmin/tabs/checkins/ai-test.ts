/**
 * Spec 2 §8: how a failed AI configuration test reads on the screen (title 'Test failed').
 * A timeout is named as such before anything else, even when the message also names the
 * provider ('AI provider timed out'): telling the operator to check a working key would
 * send them the wrong way.
 */
export const TEST_ERROR_TEXT = {
  providerKey:
    "The AI provider refused the request or is not set up. Check the provider key (OPENAI_API_KEY) in the server secrets.",
  network: "Network timeout or connection issue. Please try again.",
  authentication: "Authentication failed. Please check your login status.",
  unknown: "Unknown error occurred during testing",
} as const;

export function testFailureMessage(error: string | null | undefined): string {
  const text = error?.trim() ?? "";
  if (!text) return TEST_ERROR_TEXT.unknown;
  if (/timeout|timed out|network/i.test(text)) return TEST_ERROR_TEXT.network;
  if (/openai|ai provider|api key|provider key/i.test(text)) return TEST_ERROR_TEXT.providerKey;
  if (/authentication|unauthorized/i.test(text)) return TEST_ERROR_TEXT.authentication;
  return text;
}

/** Spec 2 §7: the screen's test message is a stressed salesperson. */
export const SAMPLE_TEST_MESSAGE =
  "Honestly, this quarter has been rough. My pipeline is thin, I'm working late most nights, and I'm worried I won't hit my number.";

/** What the 'Use example framework' button loads (toast 'Framework loaded'). */
export const EXAMPLE_FRAMEWORK = `Read each salesperson through a light personality and behavior profile, never a diagnosis.
- Drive and achievement trait: energised by targets; under pressure, listen for over-commitment and skipped recovery.
- Relationship orientation: motivated by team and customers; isolation or conflict shows up first in morale.
- Conscientiousness: values process; friction with tools, approvals and data quality shows up as blockers.
- Resilience assessment: how they describe setbacks (temporary and specific, or permanent and global) signals burnout risk.
Adapt tone to the profile you hear: concise and forward-looking for drivers, warm and reflective for relationship-oriented people, concrete and structured for process-minded people.`;
