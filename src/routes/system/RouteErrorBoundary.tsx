import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
import { NotFoundPage } from "./NotFoundPage";

/** Spec 1 §2: the generic error boundary, 'Something went wrong' with 'Try again' and 'Go Home'. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : null;
  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 px-6">
      <div className="card w-full max-w-md bg-base-100 shadow-xl" role="alert">
        <div className="card-body items-center text-center">
          <div className="mb-2 flex size-14 items-center justify-center rounded-full bg-error/10 text-2xl text-error">
            !
          </div>
          <h1 className="card-title text-2xl">Something went wrong</h1>
          <p className="text-soft">
            An unexpected error stopped this page. Your data is safe; trying again usually helps.
          </p>
          {detail ? (
            <pre className="mt-2 max-w-full overflow-x-auto rounded bg-base-200 p-2 text-left text-xs">{detail}</pre>
          ) : null}
          <div className="card-actions mt-4">
            <button type="button" className="btn btn-primary" onClick={() => navigate(0)}>
              Try again
            </button>
            {/* The spec sends 'Go Home' to /landing, which redirects to the landing page. */}
            <button type="button" className="btn btn-ghost" onClick={() => navigate("/landing")}>
              Go Home
            </button>
          </div>
        </div>
      </div>
    </main>
  );
}
