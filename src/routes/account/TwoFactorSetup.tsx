import { useState } from "react";
import { confirmTwoFactor, startTwoFactor, type TwoFactorEnrollment } from "@/auth/auth-api";
import { authErrorMessage } from "@/auth/messages";
import { toast } from "@/components/toast/toast-store";
import { InputField as Field } from "@/components/ui";
import { useBusySubmit } from "@/components/useBusySubmit";
import { QrCode } from "./QrCode";
import { RecoveryCodes, SetupKey } from "./TwoFactorParts";
import { usePasswordCheck } from "./usePasswordCheck";

const secretOf = (totpURI: string) => new URL(totpURI).searchParams.get("secret") ?? "";

/**
 * Setting up an authenticator app through better-auth's two-factor plugin: the password,
 * then the QR code (and its secret as text) and a first code, then the recovery codes,
 * shown this once. Used by Settings, the console's gate and the dashboard's gate.
 * `onEnabled` runs as soon as the server has turned it on (Settings re-reads the profile
 * there, so its badge says On while the recovery codes are still shown); `onDone` after them.
 */
export function TwoFactorSetup({
  onEnabled,
  onDone,
}: {
  onEnabled?: () => void | Promise<void>;
  onDone: () => void | Promise<void>;
}) {
  // Its error line serves the code on the next step too.
  const check = usePasswordCheck();
  const [enrollment, setEnrollment] = useState<TwoFactorEnrollment | null>(null);
  const [code, setCode] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const { busy, onSubmit } = useBusySubmit();

  const start = onSubmit(Boolean(check.password), async () => {
    const result = await startTwoFactor(check.password);
    if (!result.ok) return check.setError(authErrorMessage(result.error));
    check.reset();
    setEnrollment(result.data);
  });

  const confirm = onSubmit(code.trim().length === 6, async () => {
    const result = await confirmTwoFactor(code);
    if (!result.ok) return check.setError("That code is not right. Enter the newest code your app shows.");
    setConfirmed(true);
    void onEnabled?.();
    toast({ title: "Two-factor authentication is on", description: "Your other sessions were signed out." });
  });

  if (enrollment && confirmed) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm">
          Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown
          only now.
        </p>
        <RecoveryCodes codes={enrollment.backupCodes} />
        <button type="button" className="btn btn-primary self-start" onClick={() => void onDone()}>
          I've saved them
        </button>
      </div>
    );
  }

  if (enrollment) {
    const secret = secretOf(enrollment.totpURI);
    return (
      <form className="flex flex-col gap-4" onSubmit={confirm} noValidate>
        <p className="text-sm">
          Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), or type the key below.
        </p>
        <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <QrCode value={enrollment.totpURI} label="QR code for your authenticator app" />
          <div className="min-w-0 text-sm">
            <p className="text-muted">Setup key</p>
            <SetupKey secret={secret} />
          </div>
        </div>
        <Field
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
          value={code}
          error={check.error}
          onChange={(e) => {
            setCode(e.target.value);
            check.setError(null);
          }}
        />
        <button type="submit" className="btn btn-primary self-start" disabled={code.trim().length !== 6 || busy}>
          Turn on two-factor authentication
        </button>
      </form>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={start} noValidate>
      <Field label="Your password" name="current-password" required {...check.field} />
      <button type="submit" className="btn btn-primary self-start" disabled={!check.password || busy}>
        Set up an authenticator app
      </button>
    </form>
  );
}
