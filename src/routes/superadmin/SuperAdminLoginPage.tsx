import { ACCESS_DENIED_MESSAGE, demoInitializeResultSchema } from "@shared/console/access";
import { healthResponseSchema } from "@shared/health";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import * as z from "zod/mini";
import { useAuth } from "@/auth/AuthProvider";
import { needsSecondFactor, signInWithPassword } from "@/auth/auth-api";
import { loginErrorMessage } from "@/auth/messages";
import type { LoginLocationState } from "@/auth/ProtectedRoute";
import { Icon } from "@/components/Icon";
import { Logo } from "@/components/Logo";
import { toast } from "@/components/toast/toast-store";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { ApiRequestError, api } from "@/lib/api";
import { SecondFactorForm } from "../auth/SecondFactorForm";

const demoLoginSchema = z.object({ ok: z.literal(true), secondFactor: z.optional(z.boolean()) });

type Busy = "signin" | "demo" | "init" | null;

/**
 * /superadmin/login (spec 2 §2): operator sign-in. The server decides who is an operator
 * (role SuperAdmin, corrected from SUPERADMIN_EMAILS); anyone else is signed straight out
 * again with the allowlist message. The demo buttons appear only in development, and their
 * API answers 404 anywhere else.
 */
export function SuperAdminLoginPage() {
  const { isAuthenticated, profileLoaded, user, refresh, signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);
  // The password was right and the account has two factors: the code comes next.
  const [secondFactor, setSecondFactor] = useState(false);
  const errorId = useId();
  const health = useQuery({
    queryKey: ["health"],
    queryFn: ({ signal }) => api("/api/health", healthResponseSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const development = health.data?.environment === "development";
  const from = (location.state as LoginLocationState | null)?.from;
  const destination = from?.pathname === "/superadmin" ? `/superadmin${from.search ?? ""}` : "/superadmin";

  useDocumentTitle("Operator sign-in — Undertone");

  // Already an operator: straight to the console.
  useEffect(() => {
    if (isAuthenticated && profileLoaded && user?.role === "SuperAdmin" && busy === null) {
      navigate(destination, { replace: true });
    }
  }, [isAuthenticated, profileLoaded, user, busy, navigate, destination]);

  /** After any sign-in: the console for an operator, the allowlist message (and sign-out) for anyone else. */
  const enterConsole = async () => {
    const state = await refresh();
    if (state.user?.role === "SuperAdmin") {
      toast({ title: "SuperAdmin Access Granted", description: "Welcome to the operator console." });
      navigate(destination, { replace: true });
      return;
    }
    await signOut();
    setError(ACCESS_DENIED_MESSAGE);
    toast({ title: "Access Denied", description: ACCESS_DENIED_MESSAGE, variant: "destructive" });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError("Email and password are required.");
      return;
    }
    setBusy("signin");
    try {
      const result = await signInWithPassword(email, password);
      if (!result.ok) {
        const message = loginErrorMessage(result.error);
        setError(message);
        toast({ title: "Access Denied", description: message, variant: "destructive" });
        return;
      }
      if (needsSecondFactor(result.data)) return setSecondFactor(true);
      await enterConsole();
    } finally {
      setBusy(null);
    }
  };

  const quickDemoLogin = async () => {
    setError(null);
    setBusy("demo");
    try {
      const demo = await api("/api/operator-demo/login", demoLoginSchema, { method: "POST" });
      if (demo.secondFactor) return setSecondFactor(true);
      await enterConsole();
    } catch (failure) {
      const message =
        failure instanceof ApiRequestError ? failure.message : "Quick Demo Login failed. Please try again.";
      setError(message);
      toast({ title: "Access Denied", description: message, variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };

  const initialize = async () => {
    setError(null);
    setBusy("init");
    try {
      const result = await api("/api/operator-demo/initialize", demoInitializeResultSchema, { method: "POST" });
      toast({
        title: "Account Initialized Successfully",
        description: `${result.accounts.map((a) => `${a.role}: ${a.email}`).join(", ")}.${result.warning ? ` ${result.warning}` : " Use Quick Demo Login to sign in."}`,
      });
    } catch (failure) {
      toast({
        title: "Setup Failed",
        description: failure instanceof ApiRequestError ? failure.message : "The demo accounts could not be created.",
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-neutral px-4 py-10">
      <div className="w-full max-w-md">
        <div className="mb-6 flex justify-center">
          <Logo inverted />
        </div>
        <div className="rounded-box bg-base-100 p-6 shadow-2xl sm:p-8">
          <div className="mb-6 text-center">
            <span className="mx-auto mb-3 grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
              <Icon name="shield" className="size-6" />
            </span>
            <h1 className="text-2xl font-bold tracking-tight">SuperAdmin Access</h1>
            <p className="mt-1 text-sm text-soft">Platform operators only.</p>
          </div>
          {secondFactor ? (
            <>
              <SecondFactorForm onVerified={enterConsole} onCancel={() => setSecondFactor(false)} />
              {development ? (
                <p className="mt-4 text-xs text-muted">
                  Demo operator: its authenticator's secret is printed by <code>npm run dev</code>.
                </p>
              ) : null}
            </>
          ) : (
            <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
              <label className="grid gap-1">
                <span className="text-sm font-medium">Email</span>
                <input
                  type="email"
                  className="input w-full"
                  autoComplete="username"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  required
                  disabled={busy !== null}
                />
              </label>
              <label className="grid gap-1">
                <span className="text-sm font-medium">Password</span>
                <input
                  type="password"
                  className="input w-full"
                  autoComplete="current-password"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                  disabled={busy !== null}
                />
              </label>
              {error ? (
                <p id={errorId} role="alert" className="rounded-field bg-error/10 px-3 py-2 text-sm text-error">
                  {error}
                </p>
              ) : null}
              <button type="submit" className="btn btn-primary w-full" disabled={busy !== null}>
                {busy === "signin" ? <span className="loading loading-spinner loading-sm" /> : null}
                Access SuperAdmin Dashboard
              </button>
            </form>
          )}
          {!secondFactor && development ? (
            <div className="mt-6 border-t border-base-300 pt-6">
              <p className="mb-3 text-center text-xs font-medium tracking-wide text-muted uppercase">
                Development only
              </p>
              <div className="grid gap-2">
                <button
                  type="button"
                  className="btn w-full"
                  onClick={() => void quickDemoLogin()}
                  disabled={busy !== null}
                >
                  {busy === "demo" ? <span className="loading loading-spinner loading-sm" /> : null}
                  Quick Demo Login
                </button>
                <button
                  type="button"
                  className="btn btn-ghost w-full"
                  onClick={() => void initialize()}
                  disabled={busy !== null}
                >
                  {busy === "init" ? <span className="loading loading-spinner loading-sm" /> : null}
                  Initialize SuperAdmin Account
                </button>
              </div>
            </div>
          ) : null}
          <p className="mt-6 text-center text-sm">
            <Link to="/login" className="link link-primary">
              Back to the regular login
            </Link>
          </p>
        </div>
      </div>
    </main>
  );
}
