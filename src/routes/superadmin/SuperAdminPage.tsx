import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { AUTH_TOASTS } from "@/auth/messages";
import type { LoginLocationState } from "@/auth/ProtectedRoute";
import { PageLoader } from "@/components/PageLoader";
import { toast } from "@/components/toast/toast-store";
import { OperatorConsole } from "./console/OperatorConsole";

/**
 * /superadmin (spec 2 §2): while auth or the profile loads, 'Verifying SuperAdmin access...';
 * no session → /superadmin/login, remembering where the operator was going; any role but
 * SuperAdmin → /dashboard. The server checks the role and the allowlist again on every
 * /api/admin call, so this guard only decides what to show.
 */
export function SuperAdminPage() {
  const { loading, isAuthenticated, profileLoaded, user, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (loading || (isAuthenticated && !profileLoaded)) return <PageLoader label="Verifying SuperAdmin access..." />;
  if (!isAuthenticated || !user) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/superadmin/login" replace state={state} />;
  }
  if (user.role !== "SuperAdmin") return <Navigate to="/dashboard" replace />;

  const logout = async () => {
    setSigningOut(true);
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) {
      toast(AUTH_TOASTS.logoutSuccess);
      navigate("/superadmin/login", { replace: true });
    } else {
      toast({ title: AUTH_TOASTS.logoutFailedTitle, description: result.message, variant: "destructive" });
    }
  };

  return (
    <OperatorConsole
      operator={{ firstName: user.firstName, lastName: user.lastName, email: user.email, role: user.role }}
      onSignOut={() => void logout()}
      signingOut={signingOut}
    />
  );
}
