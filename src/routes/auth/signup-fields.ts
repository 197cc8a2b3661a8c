import { SIGNUP_MESSAGES } from "@shared/auth";

/** The sign-up forms' fields, as the validation messages name them. */
export type SignupField = "firstName" | "lastName" | "email" | "password" | "companyName";

const FIELD_PREFIXES = [
  ["firstName", "firstName"],
  ["lastName", "lastName"],
  ["email", "email"],
  ["password", "password"],
  ["company", "companyName"],
] as const;

/**
 * Which field a validation message is about (issue 16 §3: the error is shown and read with
 * its field, besides the spec's toast); null for a message about no one field.
 */
export function signupProblemField(message: string): SignupField | null {
  const key = (Object.keys(SIGNUP_MESSAGES) as (keyof typeof SIGNUP_MESSAGES)[]).find(
    (name) => SIGNUP_MESSAGES[name] === message,
  );
  if (!key) return null;
  return FIELD_PREFIXES.find(([prefix]) => key.startsWith(prefix))?.[1] ?? null;
}

export type FieldProblem = { field: SignupField; message: string } | null;

/** The problem as a field's `error`, for the field it is about. */
export const errorFor = (problem: FieldProblem, field: SignupField) =>
  problem?.field === field ? problem.message : null;
