import { PASSWORD_MIN_LENGTH } from "@shared/auth";
import { InputField } from "@/components/ui";

/** The spec's message for a password under the minimum, or null when it is long enough. */
export function newPasswordProblem(password: string): string | null {
  return password.length < PASSWORD_MIN_LENGTH
    ? `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`
    : null;
}

/** A new password typed twice: the problem of each field, said under that field. */
export function resetPasswordProblems(
  password: string,
  confirm: string,
): { password: string | null; confirm: string | null } {
  const tooShort = newPasswordProblem(password);
  if (tooShort) return { password: tooShort, confirm: null };
  return { password: null, confirm: password === confirm ? null : "The two passwords are not the same." };
}

/**
 * A password being chosen (reset, change, an invited Admin's account): the browser offers to
 * generate and save it (`new-password`), and the minimum is said before it is typed.
 */
export function NewPasswordField({
  label = "New password",
  name = "new-password",
  value,
  error,
  onChange,
}: {
  label?: string;
  name?: string;
  value: string;
  error?: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <InputField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      required
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
