import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "@/components/PageLoader";
import { useAuth } from "./AuthProvider";
import { ConnectionProblem } from "./ConnectionProblem";

/** Where /login sends someone back to once they have signed in (spec 1 §2). */
export type LoginLocationState = { from?: { pathname: string; search?: string; hash?: string } };

/** Spec 1 §2: unauthenticated visitors go to /login, with the path they wanted passed along. */
export function ProtectedRoute({ children, label = "Loading…" }: { children: ReactNode; label?: string }) {
  const { loading, isAuthenticated, unreachable } = useAuth();
  const location = useLocation();
  if (loading) return <PageLoader label={label} />;
  if (unreachable) return <ConnectionProblem />;
  if (!isAuthenticated) {
    const state: LoginLocationState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
    };
    return <Navigate to="/login" replace state={state} />;
  }
  return <>{children}</>;
}
