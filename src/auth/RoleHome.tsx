import type { AppUser } from "@shared/auth";
import { roleLabel, type UserRole } from "@shared/domain";
import { useEffect } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/Logo";
import { useLogout } from "./useLogout";

/**
 * Where a signed-in account without a dashboard lands (issue 13 §5). Manager, Sales Manager,
 * Salesperson and Sales Representative accounts (the console's Initialize creates them) have
 * no screen of their own yet; before, /dashboard sent them to / and / sent them back every
 * 100 ms. Now /dashboard shows them this page: what their role can use, where to go, and
 * sign-out. It never redirects, so nothing can loop.
 */
const WHAT_YOU_CAN_DO: Partial<Record<UserRole, string[]>> = {
  Manager: [
    "Your organization's admin sees the team's dashboard; ask them to share what you need.",
    "Check-ins are private: nobody, managers included, sees a salesperson's conversation.",
  ],
  "Sales Manager": [
    "Your organization's admin sees the team's dashboard; ask them to share what you need.",
    "Check-ins are private: nobody, managers included, sees a salesperson's conversation.",
  ],
  Salesperson: [
    "Your check-ins arrive by email: open the link in the email to take part. No sign-in is needed.",
    "What you say stays private: your manager sees overall scores and themes, never the conversation.",
  ],
  "Sales Representative": [
    "Your check-ins arrive by email: open the link in the email to take part. No sign-in is needed.",
    "What you say stays private: your manager sees overall scores and themes, never the conversation.",
  ],
};

export function RoleHome({ user }: { user: AppUser }) {
  const { logout, signingOut } = useLogout("/login");
  const role = user.role as UserRole;
  const lines = WHAT_YOU_CAN_DO[role] ?? [
    "This account has no dashboard. Ask your organization's admin or Undertone support for access.",
  ];
  useEffect(() => {
    document.title = "Your account — Undertone";
  }, []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 px-4 py-10">
      <section className="card w-full max-w-lg bg-base-100 shadow-sm" aria-labelledby="role-home-title">
        <div className="card-body gap-4">
          <Logo />
          <h1 id="role-home-title" className="text-2xl font-bold tracking-tight">
            You're signed in as {roleLabel(user.role)}
          </h1>
          <p className="text-soft">
            {user.email} · The dashboard is for organization admins, so there is no dashboard for this account.
          </p>
          <ul className="list-disc space-y-2 pl-5 text-sm text-soft">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div>
            <p className="text-sm font-medium">Where you can go</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <li>
                <Link className="link link-primary" to="/termsofservice">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link className="link link-primary" to="/privacypolicy">
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </div>
          <div className="card-actions justify-end">
            <button type="button" className="btn btn-primary" onClick={() => void logout()} disabled={signingOut}>
              {signingOut ? <span className="loading loading-spinner loading-sm" /> : null}
              Sign out
            </button>
          </div>
        </div>
      </section>
    </main>
  );
}
