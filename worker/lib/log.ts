/**
 * The Worker's one structured logger and its one description of an error. Every line is one
 * JSON object with the same keys: `level`, `event` (what happened, snake_case), the context
 * the caller names (ids, kinds, counts: never a body, a token or a secret) and, for a
 * failure, `error` (describeError) and `errorType` (the error's class).
 */
export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/** A description is cut to this many characters (stored beside a retry, shown to an operator). */
const MAX_DESCRIPTION = 300;

/**
 * What went wrong, in the error's own words: its message (its class when it has none), on one
 * line. What a person may see (the Quick Test shows it to the operator) and what is logged
 * and stored (a D1 write's last error) are the same text.
 */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : typeof error === "string" ? error : "";
  return text.slice(0, MAX_DESCRIPTION).replace(/\s+/g, " ").trim() || "unknown error";
}

export function log(level: LogLevel, event: string, fields: LogFields = {}): void {
  const { error, ...context } = fields;
  const failure =
    "error" in fields
      ? { error: describeError(error), errorType: error instanceof Error ? error.name : typeof error }
      : {};
  console[level](JSON.stringify({ level, event, ...context, ...failure }));
}
