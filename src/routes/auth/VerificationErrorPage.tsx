import { isPlausibleEmail } from "@shared/auth";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { resendVerificationEmail } from "@/auth/auth-api";
import { authErrorMessage } from "@/auth/messages";
import { SupportEmail } from "@/components/marketing/site-links";
import { toast } from "@/components/toast/toast-store";
import { FieldError, useFieldControl } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { AuthShell } from "./AuthShell";

const INVALID_EMAIL = "Please enter a valid email address";

/** /auth/verification-error (spec 1 §2): the link did not work, and what to do now. */
export function VerificationErrorPage() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const { control, errorId } = useFieldControl({ error: emailError });

  useDocumentTitle("Verification link problem — Undertone");

  const resend = async (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleEmail(email.trim())) {
      toast({ title: "Could not resend", description: INVALID_EMAIL, variant: "destructive" });
      // The toast announces it; the field keeps it, read with the field.
      setEmailError(INVALID_EMAIL);
      return;
    }
    setEmailError(null);
    setSending(true);
    const result = await resendVerificationEmail(email);
    setSending(false);
    if (result.ok) {
      toast({
        title: "Verification email sent",
        description: "If that address has an unverified account, a new link is on its way.",
      });
    } else {
      toast({ title: "Could not resend", description: authErrorMessage(result.error), variant: "destructive" });
    }
  };

  return (
    <AuthShell title="This verification link didn't work" subtitle="The link may be expired or already used.">
      <div className="flex flex-col gap-5 text-sm">
        <div>
          <p className="font-medium">This can happen when:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-soft">
            <li>the link is older than 24 hours,</li>
            <li>your email is already verified (the link works once),</li>
            <li>the link was cut or changed when it was copied.</li>
          </ul>
        </div>
        <div role="note" className="alert alert-info alert-soft">
          Your account was still created. If you already verified it, simply log in.
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to="/login" className="btn btn-primary flex-1">
            Try Logging In
          </Link>
          <Link to="/" className="btn btn-outline flex-1">
            Go to Homepage
          </Link>
        </div>
        <form onSubmit={resend} noValidate className="flex flex-col gap-2 border-t border-base-300 pt-4">
          <label htmlFor={control.id} className="font-medium">
            Need a new link?
          </label>
          <div className="join w-full">
            <input
              {...control}
              type="email"
              className={`input join-item w-full ${emailError ? "input-error" : ""}`}
              placeholder="you@company.com"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailError(null);
              }}
            />
            <button type="submit" className="btn join-item" disabled={sending}>
              {sending ? <span className="loading loading-spinner loading-sm" /> : null}
              Resend
            </button>
          </div>
          {emailError ? <FieldError id={errorId} message={emailError} announce={false} /> : null}
        </form>
        <p className="text-center text-soft">
          Still stuck? Write to <SupportEmail className="link link-primary" />.
        </p>
      </div>
    </AuthShell>
  );
}
