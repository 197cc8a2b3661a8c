import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "./AuthProvider";

/**
 * Shown instead of a protected page when the server could not say who is signed in
 * (issue 13 §6): the failure is visible, nothing is signed out, and Retry asks again.
 */
export function ConnectionProblem() {
  const { refresh } = useAuth();
  const [retrying, setRetrying] = useState(false);
  const [failedAgain, setFailedAgain] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await refresh();
      setFailedAgain(false);
    } catch {
      setFailedAgain(true);
    } finally {
      setRetrying(false);
    }
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 px-4">
      <section role="alert" className="card w-full max-w-md bg-base-100 shadow-sm" data-testid="connection-problem">
        <div className="card-body gap-3">
          <h1 className="text-xl font-bold">We can't reach Undertone right now</h1>
          <p className="text-soft">
            Your connection or our server had a problem, so we couldn't check your session. You have not been signed
            out.
          </p>
          {failedAgain ? (
            <p className="text-sm text-error">Still no answer. Check your connection and try again.</p>
          ) : null}
          <div className="card-actions items-center justify-between">
            <Link className="link text-sm" to="/login">
              Sign in again
            </Link>
            <button type="button" className="btn btn-primary" onClick={() => void retry()} disabled={retrying}>
              {retrying ? <span className="loading loading-spinner loading-sm" /> : null}
              Retry
            </button>
          </div>
        </div>
      </section>
    </main>
  );
}
