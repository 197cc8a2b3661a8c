import { PASSWORD_RESET_SENT_MESSAGE } from "@shared/auth";
import { type FormEvent, useState } from "react";
import { requestPasswordReset } from "@/auth/auth-api";
import { authErrorMessage } from "@/auth/messages";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";

/** "Forgot password?": one answer for every address, so the page never tells who has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || submitting) return;
    setSubmitting(true);
    const result = await requestPasswordReset(email);
    setSubmitting(false);
    if (result.ok) setSent(true);
    else toast({ title: "Password reset failed", description: authErrorMessage(result.error), variant: "destructive" });
  };

  if (sent) {
    return (
      <div className="flex flex-col gap-4">
        <div role="status" className="alert alert-success alert-soft text-sm">
          {PASSWORD_RESET_SENT_MESSAGE}
        </div>
        <button type="button" className="btn btn-outline" onClick={onBack}>
          Back to Login
        </button>
      </div>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        autoFocus
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn btn-primary" disabled={!email.trim() || submitting}>
        {submitting ? <span className="loading loading-spinner loading-sm" /> : null}
        {submitting ? "Sending..." : "Email me a reset link"}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onBack}>
        Back to Login
      </button>
    </form>
  );
}
