import { type FormEvent, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { checkResetLink, resetPassword } from "@/auth/auth-api";
import { authErrorMessage } from "@/auth/messages";
import { PageLoader } from "@/components/PageLoader";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { AuthShell } from "./AuthShell";
import { NewPasswordField, resetPasswordProblems } from "./NewPasswordField";

const LINK_EXPIRED =
  "This reset link is invalid, has expired or was already used. Ask for a new one on the login page.";

/**
 * /reset-password: the emailed recovery link (spec 1 §4 PASSWORD_RECOVERY) lands on
 * /auth/callback, which brings its token here in the history state, out of the address bar.
 * The server is asked at once whether the link still works, so a used or expired one says so
 * on arrival, as a page-level alert and not as a fault of the password typed (if that question
 * fails, the form shows and the submission's answer decides).
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = (location.state as { recoveryToken?: string } | null)?.recoveryToken ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  useDocumentTitle("Choose a new password — Undertone");
  // null while the server is asked; true also when it could not answer (the submission decides then).
  const [usable, setUsable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    setUsable(null);
    void checkResetLink(token).then((result) => {
      if (current) setUsable(result.ok ? result.data.usable : true);
    });
    return () => {
      current = false;
    };
  }, [token]);
  const linkDead = !token || refused || usable === false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = resetPasswordProblems(password, confirm);
    setError(problems.password);
    setConfirmError(problems.confirm);
    if (problems.password || problems.confirm) return;
    setSubmitting(true);
    const result = await resetPassword(token, password);
    setSubmitting(false);
    if (!result.ok) {
      // The link itself was refused (it expired while the page was open): the page says so.
      if (result.error.code === "INVALID_TOKEN") return setRefused(true);
      const message = authErrorMessage(result.error);
      setError(message);
      toast({ title: "Password reset failed", description: message, variant: "destructive" });
      return;
    }
    toast({ title: "Password changed", description: "You were signed out everywhere. Log in with your new password." });
    navigate("/login", { replace: true });
  };

  if (!linkDead && usable === null) return <PageLoader label="Checking your reset link..." />;

  return (
    <AuthShell title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {!linkDead ? (
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <NewPasswordField
            value={password}
            error={error}
            onChange={(value) => {
              setPassword(value);
              setError(null);
              setConfirmError(null);
            }}
          />
          <Field
            label="Confirm new password"
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            required
            value={confirm}
            error={confirmError}
            onChange={(e) => {
              setConfirm(e.target.value);
              setConfirmError(null);
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
