import { type FormEvent, useState } from "react";
import { useAuth } from "@/auth/AuthProvider";
import { changePassword, removeTwoFactor } from "@/auth/auth-api";
import { passwordCheckErrorMessage } from "@/auth/messages";
import { toast } from "@/components/toast/toast-store";
import { Badge, InputField as Field, Panel } from "@/components/ui";
import { useBusySubmit } from "@/components/useBusySubmit";
import { NewRecoveryCodes } from "../../account/NewRecoveryCodes";
import { TwoFactorSetup } from "../../account/TwoFactorSetup";
import { usePasswordCheck } from "../../account/usePasswordCheck";
import { NewPasswordField, newPasswordProblem } from "../../auth/NewPasswordField";
import { AdminsPanel } from "./AdminsPanel";

/** Settings → Account (issue 25 §3–5): password, two factors, the organization's Admins. */
export function AccountSettings() {
  return (
    <>
      <h2 className="mt-4 text-lg font-semibold" id="account">
        Account
      </h2>
      <ChangePasswordPanel />
      <TwoFactorPanel />
      <AdminsPanel />
    </>
  );
}

function ChangePasswordPanel() {
  const current = usePasswordCheck();
  const [next, setNext] = useState("");
  // The new password's own problem, said under it (not under the current password).
  const [nextError, setNextError] = useState<string | null>(null);
  const { busy, onSubmit } = useBusySubmit();

  // Always ready: an empty or short new password is said under it, not ignored.
  const submit = onSubmit(true, async () => {
    const tooShort = newPasswordProblem(next);
    if (tooShort) return setNextError(tooShort);
    const result = await changePassword(current.password, next);
    if (!result.ok) return current.setError(passwordCheckErrorMessage(result.error));
    current.reset();
    setNext("");
    toast({ title: "Password changed", description: "Every other device signed in to your account was signed out." });
  });

  return (
    <Panel title="Change password" subtitle="Changing it signs you out on every other device.">
      <form className="flex flex-col gap-4 sm:max-w-sm" onSubmit={submit} noValidate>
        <Field label="Current password" name="current-password" required {...current.field} />
        <NewPasswordField
          value={next}
          error={nextError}
          onChange={(value) => {
            setNext(value);
            setNextError(null);
            current.setError(null);
          }}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={!current.password || !next || busy}>
          {busy ? <span className="loading loading-spinner loading-sm" /> : null}
          Change password
        </button>
      </form>
    </Panel>
  );
}

function TwoFactorPanel() {
  const { user, organization, refresh } = useAuth();
  const enabled = user?.twoFactorEnabled === true;
  const [settingUp, setSettingUp] = useState(false);
  const check = usePasswordCheck();

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    const result = await removeTwoFactor(check.password);
    if (!result.ok) return check.setError(passwordCheckErrorMessage(result.error));
    check.reset();
    await refresh().catch(() => undefined);
    toast({ title: "Two-factor authentication is off" });
  };

  return (
    <Panel
      title="Two-factor authentication"
      subtitle="A code from an authenticator app on your phone, asked after your password or login link."
      testId="two-factor-panel"
      actions={<Badge variant={enabled ? "default" : "outline"}>{enabled ? "On" : "Off"}</Badge>}
    >
      {/* The setup stays until its recovery codes are dismissed, though the profile already says On. */}
      {settingUp ? (
        <TwoFactorSetup
          onEnabled={() =>
            refresh().then(
              () => undefined,
              () => undefined,
            )
          }
          onDone={() => setSettingUp(false)}
        />
      ) : enabled ? (
        <div className="flex flex-col gap-6">
          <NewRecoveryCodes />
          {organization?.requireAdminTwoFactor ? (
            <p className="text-sm text-soft">Your organization requires two-factor authentication of every Admin.</p>
          ) : (
            <form className="flex flex-col gap-3 sm:max-w-sm" onSubmit={remove} noValidate>
              <Field label="Password to turn it off" name="password" {...check.field} />
              <button type="submit" className="btn btn-outline btn-error self-start" disabled={!check.password}>
                Turn off two-factor authentication
              </button>
            </form>
          )}
        </div>
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => setSettingUp(true)}>
          Set up two-factor authentication
        </button>
      )}
    </Panel>
  );
}
