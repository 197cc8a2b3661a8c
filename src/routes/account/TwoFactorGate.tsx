import { useAuth } from "@/auth/AuthProvider";
import { AuthShell } from "../auth/AuthShell";
import { TwoFactorSetup } from "./TwoFactorSetup";

/**
 * Shown instead of the console (every SuperAdmin) or the dashboard (an organization that
 * requires it of its Admins) until the user has set up two factors. The server refuses
 * those APIs with 403 two_factor_required all the same; this only shows the way.
 */
export function TwoFactorGate({ reason, onSignOut }: { reason: string; onSignOut: () => void }) {
  const { refresh } = useAuth();
  return (
    <AuthShell title="Set up two-factor authentication" subtitle={reason}>
      <TwoFactorSetup onDone={() => refresh().then(() => undefined)} />
      <button type="button" className="btn btn-ghost btn-sm mt-2 self-start" onClick={onSignOut}>
        Log out
      </button>
    </AuthShell>
  );
}
