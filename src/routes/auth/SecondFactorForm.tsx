import { type FormEvent, useRef, useState } from "react";
import { verifySecondFactor } from "@/auth/auth-api";
import { AUTH_TOASTS, secondFactorErrorMessage } from "@/auth/messages";
import { dismissToast, toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";

/**
 * The second step of a sign-in for an account with two factors (spec 1 §4: MFA, totp, aal2):
 * the password or magic link was right, and better-auth holds a short-lived challenge in an
 * httpOnly cookie until a code from the authenticator app, or a recovery code, completes it.
 */
export function SecondFactorForm({ onVerified, onCancel }: { onVerified: () => Promise<void>; onCancel: () => void }) {
  const [kind, setKind] = useState<"totp" | "recovery">("totp");
  const [code, setCode] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The toast of the last refused code: it speaks of that attempt, so it goes when the form moves on.
  const failedToast = useRef<string | null>(null);
  const clearFailure = () => {
    setError(null);
    if (failedToast.current) dismissToast(failedToast.current);
    failedToast.current = null;
  };
  const canSubmit = code.trim().length >= 6 && !submitting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setSubmitting(true);
    const result = await verifySecondFactor(kind, code);
    if (!result.ok) {
      setSubmitting(false);
      const message = secondFactorErrorMessage(result.error);
      setError(message);
      failedToast.current = toast({
        title: AUTH_TOASTS.loginFailedTitle,
        description: message,
        variant: "destructive",
      }).id;
      return;
    }
    await onVerified();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <div>
        <h2 className="text-lg font-semibold">Two-factor authentication</h2>
        <p className="text-sm text-soft">
          {kind === "totp"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved when you set up two-factor authentication. Each works once."}
        </p>
      </div>
      <Field
        key={kind}
        label={kind === "totp" ? "Authentication code" : "Recovery code"}
        name="code"
        autoComplete="one-time-code"
        inputMode={kind === "totp" ? "numeric" : "text"}
        // A phone's keyboard must not "correct" a recovery code into a word (the server ignores case anyway).
        autoCapitalize={kind === "totp" ? "off" : "characters"}
        autoCorrect="off"
        spellCheck={false}
        maxLength={kind === "totp" ? 6 : 32}
        autoFocus
        required
        value={code}
        error={error}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
        {submitting ? <span className="loading loading-spinner loading-sm" /> : null}
        {submitting ? "Verifying..." : "Verify"}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="link link-primary"
          onClick={() => {
            setKind(kind === "totp" ? "recovery" : "totp");
            setCode("");
            clearFailure();
          }}
        >
          {kind === "totp" ? "Use a recovery code instead" : "Use the authenticator app instead"}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            clearFailure();
            onCancel();
          }}
        >
          Start over
        </button>
      </div>
    </form>
  );
}
