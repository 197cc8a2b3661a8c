import type { ValidationTargets } from "hono";
import { validator } from "hono/validator";
import * as zc from "zod/v4/core";
import { ApiError } from "./errors";

/** The first issue, phrased for a person: the spec's forms show one message at a time. */
export function firstIssueMessage(issues: readonly zc.$ZodIssue[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path.join(".");
  return path && !issue.message.includes(" ") ? `${path}: ${issue.message}` : issue.message;
}

/** Parses with any zod or zod/mini schema; failure is a 400 naming the first problem. */
export function parseOrThrow<Schema extends zc.$ZodType>(schema: Schema, value: unknown): zc.output<Schema> {
  const parsed = zc.safeParse(schema, value);
  if (!parsed.success) {
    throw new ApiError(400, "validation_failed", firstIssueMessage(parsed.error.issues), {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return parsed.data;
}

/**
 * Validates one part of the request and types `c.req.valid(target)`. Malformed JSON
 * (Hono's own 400) and schema failures both become `{error: {code, message}}`.
 */
export function zv<Target extends keyof ValidationTargets, Schema extends zc.$ZodType>(target: Target, schema: Schema) {
  return validator(target, (value): zc.output<Schema> => parseOrThrow(schema, value));
}
