import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/components/toast/toast-store";
import { useAuth } from "./AuthProvider";
import { AUTH_TOASTS } from "./messages";

/**
 * Signing out from any screen: the spec's toasts, then the sign-in page. The operator's
 * console stays put when signing out failed (its session may still be live); the other
 * screens go to the sign-in page either way.
 */
export function useLogout(destination: string, { stayOnFailure = false }: { stayOnFailure?: boolean } = {}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const logout = async () => {
    setSigningOut(true);
    const result = await signOut();
    setSigningOut(false);
    if (result.ok) toast(AUTH_TOASTS.logoutSuccess);
    else toast({ title: AUTH_TOASTS.logoutFailedTitle, description: result.message, variant: "destructive" });
    if (result.ok || !stayOnFailure) navigate(destination, { replace: true });
  };
  return { logout, signingOut };
}
