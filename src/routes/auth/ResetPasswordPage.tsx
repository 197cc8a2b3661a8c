import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { resetPassword } from "@/auth/auth-api";
import { authErrorMessage } from "@/auth/messages";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { AuthShell } from "./AuthShell";
import { NewPasswordField, newPasswordProblem } from "./NewPasswordField";

const LINK_EXPIRED =
  "This reset link is invalid, has expired or was already used. Ask for a new one on the login page.";

/**
 * /reset-password: the emailed recovery link (spec 1 §4 PASSWORD_RECOVERY) lands on
 * /auth/callback, which brings its token here in the history state, out of the address bar.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = (location.state as { recoveryToken?: string } | null)?.recoveryToken ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle("Choose a new password — Undertone");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tooShort = newPasswordProblem(password);
    if (tooShort) return setError(tooShort);
    if (password !== confirm) return setError("The two passwords are not the same.");
    setSubmitting(true);
    const result = await resetPassword(token, password);
    setSubmitting(false);
    if (!result.ok) {
      const message = result.error.code === "INVALID_TOKEN" ? LINK_EXPIRED : authErrorMessage(result.error);
      setError(message);
      toast({ title: "Password reset failed", description: message, variant: "destructive" });
      return;
    }
    toast({ title: "Password changed", description: "You were signed out everywhere. Log in with your new password." });
    navigate("/login", { replace: true });
  };

  return (
    <AuthShell title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {token ? (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <NewPasswordField
            value={password}
            error={error}
            onChange={(value) => {
              setPassword(value);
              setError(null);
            }}
          />
          <Field
            label="Confirm new password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => {
              setConfirm(e.target.value);
              setError(null);
            }}
          />
          <button type="submit" className="btn btn-primary" disabled={!password || !confirm || submitting}>
            {submitting ? <span className="loading loading-spinner loading-sm" /> : null}
            {submitting ? "Saving..." : "Set new password"}
          </button>
        </form>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="alert alert-warning alert-soft text-sm">
            {LINK_EXPIRED}
          </p>
          <Link to="/login" className="btn btn-primary">
            Back to Login
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
