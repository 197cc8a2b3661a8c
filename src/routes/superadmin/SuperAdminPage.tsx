import { Navigate, useLocation } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { ConnectionProblem } from "@/auth/ConnectionProblem";
import type { LoginLocationState } from "@/auth/ProtectedRoute";
import { useLogout } from "@/auth/useLogout";
import { PageLoader } from "@/components/PageLoader";
import { TwoFactorGate } from "../account/TwoFactorGate";
import { OperatorConsole } from "./console/OperatorConsole";

/**
 * /superadmin (spec 2 §2): while auth or the profile loads, 'Verifying SuperAdmin access...';
 * the server unreachable → the connection problem with Retry (only a 401 signs anyone out);
 * no session → /superadmin/login, remembering where the operator was going; any role but
 * SuperAdmin → /dashboard. The server checks the role and the allowlist again on every
 * /api/admin call, so this guard only decides what to show.
 */
export function SuperAdminPage() {
  const { loading, isAuthenticated, profileLoaded, user, unreachable } = useAuth();
  const location = useLocation();
  const { logout, signingOut } = useLogout("/superadmin/login", { stayOnFailure: true });

  if (loading || (isAuthenticated && !profileLoaded)) return <PageLoader label="Verifying SuperAdmin access..." />;
  // Issue 25 §7: no network is not "signed out" — the problem and Retry, as the dashboard shows.
  if (unreachable) return <ConnectionProblem />;
  if (!isAuthenticated || !user) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/superadmin/login" replace state={state} />;
  }
  if (user.role !== "SuperAdmin") return <Navigate to="/dashboard" replace />;
  if (user.twoFactorEnabled !== true) {
    return (
      <TwoFactorGate
        reason="The operator console opens only to operators who sign in with a second factor."
        onSignOut={() => void logout()}
      />
    );
  }

  return (
    <OperatorConsole
      operator={{ firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role }}
      onSignOut={() => void logout()}
      signingOut={signingOut}
    />
  );
}
