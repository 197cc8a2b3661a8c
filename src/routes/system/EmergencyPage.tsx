import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/Logo";

type Probe =
  | { state: "loading" }
  | { state: "signed-out" }
  | { state: "signed-in"; email: string; role: string | null }
  | { state: "error"; message: string };

/**
 * Spec 1 §2: a debug page for a stuck session. It asks the server directly (not the
 * cached auth state), so it shows the truth even when the app's state is wrong.
 */
export function EmergencyPage() {
  const [probe, setProbe] = useState<Probe>({ state: "loading" });

  useEffect(() => {
    document.title = "Emergency — Undertone";
    const controller = new AbortController();
    fetch("/api/me", { credentials: "same-origin", signal: controller.signal })
      .then(async (response) => {
        if (response.status === 401) return setProbe({ state: "signed-out" });
        if (!response.ok) return setProbe({ state: "error", message: `The server answered ${response.status}` });
        const body = (await response.json()) as { user?: { email?: string; role?: string | null } };
        setProbe({ state: "signed-in", email: body.user?.email ?? "unknown", role: body.user?.role ?? null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setProbe({ state: "error", message: error instanceof Error ? error.message : "Network error" });
        }
      });
    return () => controller.abort();
  }, []);

  const clearEverything = () => {
    void fetch("/api/auth/sign-out", { method: "POST", credentials: "same-origin" }).finally(() => {
      localStorage.clear();
      sessionStorage.clear();
      window.location.reload();
    });
  };

  const rows: [string, string][] = [
    ["Loading", probe.state === "loading" ? "Yes" : "No"],
    ["Authenticated", probe.state === "signed-in" ? "Yes" : probe.state === "loading" ? "Checking…" : "No"],
    ["User", probe.state === "signed-in" ? probe.email : "None"],
    ["Role", probe.state === "signed-in" ? (probe.role ?? "No role") : "None"],
  ];

  return (
    <main className="min-h-screen bg-base-200 px-4 py-10">
      <div className="mx-auto flex max-w-lg flex-col gap-6">
        <Logo />
        <div className="card bg-base-100 shadow">
          <div className="card-body gap-4">
            <h1 className="card-title text-2xl">Emergency access</h1>
            <p className="text-sm text-base-content/70">
              If the app seems stuck, this page shows what the server knows about your session and lets you start over.
            </p>
            {probe.state === "error" ? (
              <div role="alert" className="alert alert-warning text-sm">
                Could not reach the server: {probe.message}
              </div>
            ) : null}
            <dl className="divide-y divide-base-300 rounded-box border border-base-300">
              {rows.map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 px-4 py-2 text-sm">
                  <dt className="font-medium">{label}</dt>
                  <dd className="truncate text-base-content/80" data-testid={`emergency-${label.toLowerCase()}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <nav className="flex flex-wrap gap-2" aria-label="Emergency links">
              <Link to="/dashboard" className="btn btn-sm btn-outline">
                Dashboard
              </Link>
              {probe.state === "signed-in" && probe.role === "SuperAdmin" ? (
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
              <button type="button" className="btn btn-error btn-outline" onClick={clearEverything}>
                Clear Everything &amp; Restart
              </button>
            </div>
          </div>
        </div>
      </div>
    </main>
  );
}
