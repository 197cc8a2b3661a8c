import { PASSWORD_MIN_LENGTH } from "@shared/auth";
import { type InvitationPreview, invitationPreviewSchema } from "@shared/organization-admins";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { useAuth } from "@/auth/AuthProvider";
import { signInWithPassword } from "@/auth/auth-api";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { ApiRequestError, api } from "@/lib/api";
import { AuthShell } from "./AuthShell";
import { NewPasswordField } from "./NewPasswordField";

const accepted = z.object({ organizationId: z.string() });
const signedUp = z.object({ email: z.string() });
const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : "An unexpected error occurred. Please try again.";

/**
 * /accept-invitation?token=…: a colleague's invitation to be an Admin (issue 25 §5). Signed
 * in as the invited address: accept. Signed out: log in (an existing account, back here
 * afterwards) or create the account with the invitation, which proves the address.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { isAuthenticated, user, refresh } = useAuth();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle("Accept invitation — Undertone");

  useEffect(() => {
    api("/api/organization/invitations/preview", invitationPreviewSchema, { method: "POST", body: { token } })
      .then(setPreview)
      .catch((error: unknown) => setProblem(messageOf(error)));
  }, [token]);

  const accept = async () => {
    setBusy(true);
    try {
      await api("/api/organization/invitations/accept", accepted, { method: "POST", body: { token } });
      await refresh().catch(() => undefined);
      toast({
        title: "Welcome aboard!",
        description: `You're now an Admin of ${preview?.organizationName ?? "the organization"}.`,
      });
      navigate("/dashboard", { replace: true });
    } catch (error) {
      setBusy(false);
      setProblem(messageOf(error));
    }
  };

  const title = preview ? `Join ${preview.organizationName}` : "Invitation";
  if (problem || !preview) {
    return (
      <AuthShell title={title} subtitle="An invitation to be an Admin on Undertone.">
        {problem ? (
          <div className="flex flex-col gap-4">
            <p role="alert" className="alert alert-warning alert-soft text-sm">
              {problem}
            </p>
            <Link to="/login" className="btn btn-outline">
              Back to Login
            </Link>
          </div>
        ) : (
          <p className="text-sm text-soft">Checking your invitation...</p>
        )}
      </AuthShell>
    );
  }

  const here = `/accept-invitation?token=${encodeURIComponent(token)}`;
  const signedInAsInvitee = isAuthenticated && user?.email.toLowerCase() === preview.email;
  return (
    <AuthShell
      title={title}
      subtitle={`${preview.invitedBy ?? "A colleague"} invited ${preview.email} to be an Admin of ${preview.organizationName}.`}
    >
      {signedInAsInvitee ? (
        <button type="button" className="btn btn-primary" onClick={accept} disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          Accept invitation
        </button>
      ) : isAuthenticated ? (
        <p role="alert" className="alert alert-warning alert-soft text-sm">
          You're signed in as {user?.email}. Log out, then sign in as {preview.email} to accept.
        </p>
      ) : preview.accountExists ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-soft">
            You already have an Undertone account. Log in as {preview.email} to accept.
          </p>
          <Link
            to="/login"
            state={{ from: { pathname: "/accept-invitation", search: `?token=${encodeURIComponent(token)}` } }}
            className="btn btn-primary"
          >
            Log in to accept
          </Link>
        </div>
      ) : (
        <InvitationSignUp token={token} email={preview.email} backTo={here} />
      )}
    </AuthShell>
  );
}

function InvitationSignUp({ token, email, backTo }: { token: string; email: string; backTo: string }) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const canSubmit = firstName.trim() && lastName.trim() && password.length >= PASSWORD_MIN_LENGTH && !busy;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    try {
      await api("/api/organization/invitations/sign-up", signedUp, {
        method: "POST",
        body: { token, firstName: firstName.trim(), lastName: lastName.trim(), password },
      });
    } catch (failure) {
      setBusy(false);
      setError(messageOf(failure));
      return;
    }
    const signedIn = await signInWithPassword(email, password);
    await refresh().catch(() => undefined);
    navigate(signedIn.ok ? "/dashboard" : "/login", { replace: true, state: { from: { pathname: backTo } } });
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="text-sm text-soft">Create your account for {email}.</p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <Field
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          value={lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <NewPasswordField
        label="Password"
        name="password"
        value={password}
        error={error}
        onChange={(value) => {
          setPassword(value);
          setError(null);
        }}
      />
      <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
        {busy ? <span className="loading loading-spinner loading-sm" /> : null}
        Create account and join
      </button>
    </form>
  );
}
