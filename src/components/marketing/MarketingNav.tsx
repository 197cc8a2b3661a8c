import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { Logo } from "@/components/Logo";
import { useDismiss } from "@/components/useDismiss";
import { SECTION_LINKS } from "./links";

/**
 * The sticky public navigation on the landing and legal pages. Section anchors are router
 * links to "/#id", so they work from any public page and the router scrolls to the section.
 * Under 768 px the links fold into a disclosure menu that closes on selection, Escape or an
 * outside click.
 */
export function MarketingNav() {
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useDismiss(
    open,
    (reason) => {
      setOpen(false);
      if (reason === "escape") buttonRef.current?.focus();
    },
    headerRef,
  );

  const close = () => setOpen(false);

  return (
    <header ref={headerRef} className="sticky top-0 z-50 border-b border-base-300/70 bg-base-100/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-5 sm:px-6 lg:px-8"
      >
        <Logo />
        <ul className="hidden items-center gap-1 md:flex">
          {SECTION_LINKS.map((link) => (
            <li key={link.id}>
              <Link
                to={`/#${link.id}`}
                className="rounded-field px-3 py-2 text-sm font-medium text-soft transition-colors hover:bg-base-200 hover:text-base-content"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="hidden items-center gap-2 md:flex">
          <Link to="/login" className="btn btn-ghost btn-sm">
            Log In
          </Link>
          <Link to="/signup" className="btn btn-primary btn-sm">
            Sign Up
          </Link>
        </div>
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-ghost btn-square btn-sm md:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name={open ? "x" : "menu"} className="size-6" />
        </button>
        <div
          id={menuId}
          hidden={!open}
          className="absolute inset-x-0 top-full border-b border-base-300 bg-base-100 shadow-lg md:hidden"
        >
          <ul className="mx-auto flex max-w-6xl flex-col px-5 py-3 sm:px-6">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <Link
                  to={`/#${link.id}`}
                  onClick={close}
                  className="flex items-center justify-between rounded-field px-3 py-3 text-base font-medium hover:bg-base-200"
                >
                  {link.label}
                  <Icon name="arrowRight" className="size-4 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
          <div className="mx-auto grid max-w-6xl grid-cols-2 gap-3 border-t border-base-300 px-5 py-4 sm:px-6">
            <Link to="/login" onClick={close} className="btn btn-outline">
              Log In
            </Link>
            <Link to="/signup" onClick={close} className="btn btn-primary">
              Sign Up
            </Link>
          </div>
        </div>
      </nav>
    </header>
  );
}
