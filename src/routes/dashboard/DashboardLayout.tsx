import { avatarInitials } from "@shared/auth";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { NavLink } from "react-router";
import { useAuth } from "@/auth/AuthProvider";
import { useLogout } from "@/auth/useLogout";
import { Icon, type IconName } from "@/components/Icon";
import { Logo } from "@/components/Logo";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/SkipLink";
import { useDismiss } from "@/components/useDismiss";

const NAV: { to: string; label: string; icon: IconName; end?: boolean }[] = [
  { to: "/dashboard", label: "Overview", icon: "chart", end: true },
  { to: "/dashboard/team", label: "Team", icon: "users" },
  { to: "/dashboard/settings", label: "Settings", icon: "clock" },
];

/**
 * Spec 1 §2: the signed-in layout. A sidebar with Overview, Team, Settings and Logout, the
 * user's email, an initials avatar (first two letters of the email) and 'Sales
 * Professional'; under 768 px the sidebar folds into a drawer behind a menu button.
 */
export function DashboardLayout({ children, banner }: { children: ReactNode; banner?: ReactNode }) {
  const { user, organization } = useAuth();
  const { logout, signingOut } = useLogout("/login");
  const [open, setOpen] = useState(false);
  const drawerId = useId();

  // On a phone the sidebar is a drawer: opening it moves focus into it, and Escape returns
  // focus to the menu button (a chosen link closes it and the new page takes over).
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const returnFocus = useRef(false);
  useDismiss(open, (reason) => {
    returnFocus.current = reason === "escape";
    setOpen(false);
  });
  useEffect(() => {
    if (open) {
      // daisyUI's drawer stays visibility:hidden for a moment after it opens (its transition
      // delay), and a hidden link cannot take focus: try each frame until it does.
      let frames = 0;
      let request = 0;
      const tryFocus = () => {
        const link = sidebar.current?.querySelector<HTMLElement>("nav a");
        link?.focus();
        if (link && document.activeElement !== link && frames < 60) {
          frames += 1;
          request = requestAnimationFrame(tryFocus);
        }
      };
      tryFocus();
      return () => cancelAnimationFrame(request);
    }
    if (returnFocus.current) {
      returnFocus.current = false;
      menuButton.current?.focus();
    }
  }, [open]);

  const email = user?.email ?? "";
  return (
    <div className="drawer relative min-h-screen bg-base-200 md:drawer-open">
      <SkipLink />
      {/* The sidebar's column, painted the page's whole height: the sticky sidebar is one
          viewport tall, and a long page (or a full-page screenshot) showed the page under it. */}
      <div
        aria-hidden="true"
        className="absolute inset-y-0 left-0 hidden w-64 border-r border-base-300 bg-base-100 md:block"
      />
      <input
        id={drawerId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        aria-hidden="true"
        tabIndex={-1}
      />
      <div className="drawer-content flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-base-300 bg-base-100 px-3 md:hidden">
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square btn-sm"
            aria-label={open ? "Close menu" : "Open menu"}
            aria-expanded={open}
            aria-controls={`${drawerId}-sidebar`}
            onClick={() => setOpen((value) => !value)}
          >
            <Icon name={open ? "x" : "menu"} className="size-6" />
          </button>
          <Logo to="/dashboard" />
        </header>
        {banner}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-8">
          {children}
        </main>
      </div>
      <div className="drawer-side z-40">
        {/* A click beside the drawer closes it; keyboard users have the menu button and Escape. */}
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          className="drawer-overlay"
          onClick={() => setOpen(false)}
        />
        <aside
          ref={sidebar}
          id={`${drawerId}-sidebar`}
          aria-label="Sidebar"
          className="flex min-h-full w-64 flex-col gap-4 border-r border-base-300 bg-base-100 p-4"
        >
          <div className="px-2 pt-1">
            <Logo to="/dashboard" />
            {organization ? (
              <p className="mt-2 truncate text-sm text-soft" title={organization.name}>
                {organization.name}
              </p>
            ) : null}
          </div>
          <nav aria-label="Dashboard">
            <ul className="menu w-full gap-1 p-0">
              {NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? false}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) => (isActive ? "menu-active" : "")}
                  >
                    <Icon name={item.icon} />
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto flex flex-col gap-3 border-t border-base-300 pt-4">
            <div className="flex items-center gap-3 px-2">
              <div className="avatar avatar-placeholder">
                <div className="w-10 rounded-full bg-primary text-primary-content">
                  <span className="text-sm font-semibold" aria-hidden="true">
                    {avatarInitials(email)}
                  </span>
                </div>
              </div>
              <div className="min-w-0">
                <p className="truncate text-sm font-medium" title={email} data-testid="sidebar-email">
                  {email}
                </p>
                <p className="text-xs text-muted">Sales Professional</p>
              </div>
            </div>
            <button type="button" className="btn btn-ghost btn-sm justify-start" onClick={logout} disabled={signingOut}>
              {signingOut ? (
                <span className="loading loading-spinner loading-xs" />
              ) : (
                <Icon name="arrowLeft" className="size-4" />
              )}
              Logout
            </button>
          </div>
        </aside>
      </div>
    </div>
  );
}
