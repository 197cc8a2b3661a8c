import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { Logo } from "@/components/Logo";
import { useDocumentTitle } from "@/components/useDocumentTitle";

/**
 * Spec 1 §2: a debug page for a stuck session. It shows the app's auth state as it is
 * (loading, authenticated, user, role) and can wipe everything: the server session, the
 * auth state, the query cache and local browser storage, then reload.
 */
export function EmergencyPage() {
  const { loading, isAuthenticated, profileLoaded, user, signOut } = useAuth();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);

  useDocumentTitle("Emergency — Undertone");

  const clearEverything = async () => {
    setClearing(true);
    await signOut().catch(() => undefined);
    queryClient.clear();
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // storage disabled: nothing to clear
    }
    window.location.reload();
  };

  const rows: [string, string][] = [
    ["Loading", loading ? "Yes" : "No"],
    ["Authenticated", isAuthenticated ? "Yes" : "No"],
    ["User", user?.email ?? "None"],
    ["Role", user ? user.role : "None"],
    ["Profile loaded", profileLoaded ? "Yes" : "No"],
  ];

  return (
    <main className="min-h-screen bg-base-200 px-4 py-10">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <Logo />
        <div className="card bg-base-100 shadow">
          <div className="card-body gap-4">
            <h1 className="card-title text-2xl">Emergency access</h1>
            <p className="text-sm text-soft">
              If the app seems stuck, this page shows what it knows about your session and lets you start over.
            </p>
            <dl className="divide-y divide-base-300 rounded-box border border-base-300">
              {rows.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-2 text-sm">
                  <dt className="font-medium">{label}</dt>
                  <dd className="truncate text-soft" data-testid={`emergency-${label.toLowerCase().replace(" ", "-")}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <nav className="flex flex-wrap gap-2" aria-label="Emergency links">
              <Link to="/dashboard" className="btn btn-sm btn-outline">
                Dashboard
              </Link>
              {user?.role === "SuperAdmin" ? (
                <Link to="/superadmin" className="btn btn-sm btn-outline">
                  SuperAdmin
                </Link>
              ) : null}
              <Link to="/" className="btn btn-sm btn-outline">
                Home
              </Link>
              <Link to="/login" className="btn btn-sm btn-outline">
                Login
              </Link>
            </nav>
            <div className="flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
                Refresh Page
              </button>
              <button type="button" className="btn btn-error btn-outline" onClick={clearEverything} disabled={clearing}>
                {clearing ? <span className="loading loading-spinner loading-sm" /> : null}
                Clear Everything &amp; Restart
              </button>
            </div>
          </div>
        </div>
      </div>
    </main>
  );
}
