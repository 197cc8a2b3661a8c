import { useEffect } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "./AuthProvider";

/** Spec 1 §2/§9: the landing page sends a signed-in visitor on after this delay. */
export const LANDING_REDIRECT_DELAY_MS = 100;

/**
 * Spec 1 §2: once the profile is loaded, SuperAdmin goes to /superadmin, everyone else
 * (including a user without a role) to /dashboard.
 */
export function useSignedInRedirect(): void {
  const { isAuthenticated, profileLoaded, user } = useAuth();
  const navigate = useNavigate();
  const target =
    isAuthenticated && profileLoaded && user ? (user.role === "SuperAdmin" ? "/superadmin" : "/dashboard") : null;
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), LANDING_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);
}
