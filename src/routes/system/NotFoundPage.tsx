import { Link, useLocation } from "react-router";
import { Logo } from "@/components/Logo";

export function NotFoundPage() {
  const location = useLocation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-base-200 px-6 text-center">
      <Logo />
      <p className="text-7xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="max-w-md text-soft">
        Nothing lives at <code className="rounded bg-base-300 px-1.5 py-0.5 text-sm">{location.pathname}</code>. It may
        have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="btn btn-primary">
        Return to Home
      </Link>
    </main>
  );
}
