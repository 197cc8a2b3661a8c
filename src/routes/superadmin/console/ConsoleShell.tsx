import { roleLabel } from "@shared/domain";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { LogoMark } from "@/components/LogoMark";
import { MAIN_CONTENT_ID, SkipLink } from "@/components/SkipLink";
import { ConsoleIcon } from "@/components/ui";
import { useDismiss } from "@/components/useDismiss";
import { CONSOLE_TABS, type ConsoleTabId, operatorInitials } from "./display";
import { NotificationBell } from "./NotificationBell";

export type ConsoleOperator = { firstName: string; lastName: string; email: string; role: string };

const COLLAPSED_KEY = "undertone.console.sidebar-collapsed";

/**
 * The operator console's frame (spec 2 §2): a sidebar with the 12 tabs and Logout —
 * collapsible to an icon rail on wide screens, a drawer on phones — and a header with the
 * notification bell and the operator's avatar, name and role.
 */
export function ConsoleShell({
  operator,
  tab,
  onTab,
  onSignOut,
  signingOut,
  children,
}: {
  operator: ConsoleOperator;
  tab: ConsoleTabId;
  onTab: (tab: ConsoleTabId) => void;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === "1");
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? "1" : "0");
  }, [collapsed]);

  // The phone drawer acts as a dialog: focus moves into it, the page behind is inert, and on
  // closing (Escape, the backdrop, a chosen tab) focus returns to the menu button.
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  const returnFocus = useRef(false);
  const closeDrawer = () => {
    returnFocus.current = true;
    setDrawerOpen(false);
  };
  useDismiss(drawerOpen, closeDrawer);
  // After the commit: the page behind is no longer inert, so the menu button can take focus.
  useEffect(() => {
    if (drawerOpen) drawer.current?.querySelector<HTMLElement>("nav button")?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      menuButton.current?.focus();
    }
  }, [drawerOpen]);

  const current = CONSOLE_TABS.find((t) => t.id === tab) ?? CONSOLE_TABS[0];
  const fullName = `${operator.firstName} ${operator.lastName}`.trim() || operator.email;
  const roleText = roleLabel(operator.role);

  const nav = (compact: boolean) => (
    <nav aria-label="Console sections" className="flex-1 overflow-y-auto px-2 py-3">
      <ul className="space-y-0.5">
        {CONSOLE_TABS.map((item) => {
          const active = item.id === tab;
          return (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => {
                  onTab(item.id);
                  if (drawerOpen) closeDrawer();
                }}
                aria-current={active ? "page" : undefined}
                title={compact ? item.label : undefined}
                className={`flex w-full items-center gap-3 rounded-field px-3 py-2 text-left text-sm transition-colors ${
                  active
                    ? "bg-white/12 font-semibold text-white"
                    : "text-neutral-muted hover:bg-white/6 hover:text-white"
                } ${compact ? "justify-center px-0" : ""}`}
              >
                <ConsoleIcon name={item.icon} className="size-5" />
                <span className={compact ? "sr-only" : "truncate"}>{item.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );

  const logout = (compact: boolean) => (
    <div className="border-t border-white/10 p-2">
      <button
        type="button"
        onClick={onSignOut}
        disabled={signingOut}
        title={compact ? "Logout" : undefined}
        className={`flex w-full items-center gap-3 rounded-field px-3 py-2 text-sm text-neutral-muted hover:bg-white/6 hover:text-white ${
          compact ? "justify-center px-0" : ""
        }`}
      >
        {signingOut ? <span className="loading loading-spinner loading-xs" /> : <ConsoleIcon name="logout" />}
        <span className={compact ? "sr-only" : ""}>Logout</span>
      </button>
    </div>
  );

  const brand = (compact: boolean) => (
    <div
      className={`flex h-16 items-center gap-2 border-b border-white/10 px-4 ${compact ? "justify-center px-0" : ""}`}
    >
      <LogoMark inverted />
      {compact ? null : (
        <div className="min-w-0 leading-tight">
          <p className="font-semibold text-white">Undertone</p>
          <p className="text-xs text-neutral-muted">Operator console</p>
        </div>
      )}
    </div>
  );

  return (
    <div className="relative min-h-screen bg-base-200">
      {/* Out of the Tab order with the rest of the page while the phone drawer is open. */}
      {drawerOpen ? null : <SkipLink />}
      {/* The sidebar's column, painted the page's whole height: the fixed sidebar is one
          viewport tall, and a long page (or a full-page screenshot) showed the page under it. */}
      <div
        aria-hidden="true"
        className={`absolute inset-y-0 left-0 hidden bg-neutral lg:block ${collapsed ? "w-16" : "w-64"}`}
      />
      {/* Wide screens: a fixed sidebar that collapses to an icon rail. */}
      <aside
        className={`fixed inset-y-0 left-0 z-30 hidden flex-col bg-neutral text-neutral-content transition-[width] lg:flex ${
          collapsed ? "w-16" : "w-64"
        }`}
        data-testid="console-sidebar"
      >
        {brand(collapsed)}
        {nav(collapsed)}
        <div className="border-t border-white/10 p-2">
          <button
            type="button"
            onClick={() => setCollapsed((v) => !v)}
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!collapsed}
            className={`flex w-full items-center gap-3 rounded-field px-3 py-2 text-sm text-neutral-muted hover:bg-white/6 hover:text-white ${
              collapsed ? "justify-center px-0" : ""
            }`}
          >
            <ConsoleIcon name={collapsed ? "chevronRight" : "chevronLeft"} />
            <span className={collapsed ? "sr-only" : ""}>Collapse</span>
          </button>
        </div>
        {logout(collapsed)}
      </aside>

      {/* Phones and tablets: the same sidebar as a drawer. */}
      {drawerOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Console navigation">
          <button
            type="button"
            className="absolute inset-0 bg-black/40"
            aria-label="Close navigation"
            onClick={closeDrawer}
          />
          <aside
            ref={drawer}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-neutral text-neutral-content shadow-xl"
          >
            {brand(false)}
            {nav(false)}
            {logout(false)}
          </aside>
        </div>
      ) : null}

      <div
        className={`flex min-h-screen flex-col transition-[padding] ${collapsed ? "lg:pl-16" : "lg:pl-64"}`}
        inert={drawerOpen}
      >
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-base-300 bg-base-100/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            ref={menuButton}
            className="btn btn-ghost btn-square btn-sm lg:hidden"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
          >
            <ConsoleIcon name="menu" />
          </button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold sm:text-lg">Platform Administration</h1>
            <p className="hidden truncate text-xs text-muted sm:block">{current.label}</p>
          </div>
          <NotificationBell onViewAll={() => onTab("alerts")} />
          <div className="flex items-center gap-3 border-l border-base-300 pl-3">
            <div className="avatar avatar-placeholder">
              <div className="w-9 rounded-full bg-primary text-primary-content">
                <span className="text-sm font-semibold">{operatorInitials(operator.firstName, operator.lastName)}</span>
              </div>
            </div>
            <div className="hidden min-w-0 leading-tight md:block">
              <p className="truncate text-sm font-medium">{fullName}</p>
              <p className="truncate text-xs text-muted">{roleText}</p>
            </div>
          </div>
        </header>
        <main className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8" id={MAIN_CONTENT_ID} tabIndex={-1}>
          <div className="mx-auto max-w-7xl">{children}</div>
        </main>
        <footer className="px-6 pb-6 text-center text-xs text-muted">
          Signed in as {operator.email} ·{" "}
          <Link to="/" className="link">
            Undertone home
          </Link>
        </footer>
      </div>
    </div>
  );
}
