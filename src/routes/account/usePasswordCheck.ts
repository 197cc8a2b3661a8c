import { type ChangeEvent, useState } from "react";

/**
 * The "type your current password to confirm" field (change password, turn two factors off,
 * set them up, new recovery codes): its value and its error, and `field`, the props to spread
 * onto an InputField beside its label and name. Typing clears the error. `setError` is for the
 * server's answer (and any other field of the form that shares the error line).
 */
export function usePasswordCheck() {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  return {
    password,
    error,
    setError,
    /** Empties the field and its error: after it was used, or the form was given up (a stale error never outlives a success). */
    reset: () => {
      setPassword("");
      setError(null);
    },
    field: {
      type: "password",
      autoComplete: "current-password",
      value: password,
      error,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setPassword(event.target.value);
        setError(null);
      },
    },
  } as const;
}
