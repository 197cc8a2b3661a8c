import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/Logo";

/** The frame of the sign-in pages: logo, one card, a way back home. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex justify-center">
          <Logo />
        </div>
        <div className="card bg-base-100 shadow-sm ring-1 ring-base-300/60">
          <div className="card-body gap-5 p-6 sm:p-8">
            <header className="space-y-1.5 text-center">
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {subtitle ? <p className="text-sm text-soft">{subtitle}</p> : null}
            </header>
            {children}
          </div>
        </div>
        {footer}
        <p className="text-center text-sm">
          <Link to="/" className="link link-hover text-soft">
            ← Back to homepage
          </Link>
        </p>
      </div>
    </main>
  );
}
