import { Link } from "react-router";
import { Logo } from "@/components/Logo";
import { SECTION_LINKS } from "./links";
import { DemoLink } from "./site-links";

const linkClass = "text-sm text-neutral-muted transition-colors hover:text-white";

/** The public footer: product anchors, legal pages and the copyright line. */
export function MarketingFooter() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-10 px-5 py-14 sm:px-6 md:grid-cols-[1.6fr_1fr_1fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Logo inverted />
          <p className="mt-4 text-sm leading-relaxed text-neutral-muted">
            Private AI check-ins that show sales leaders how their team is really doing: morale, quota confidence and
            burnout risk, before they show up in the numbers.
          </p>
        </div>
        <nav aria-label="Product">
          <p className="text-sm font-semibold text-white">Product</p>
          <ul className="mt-4 space-y-3">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <Link to={`/#${link.id}`} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <DemoLink className={linkClass}>Book a demo</DemoLink>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <p className="text-sm font-semibold text-white">Legal</p>
          <ul className="mt-4 space-y-3">
            <li>
              <Link to="/termsofservice" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacypolicy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-6xl px-5 py-6 text-sm text-neutral-muted sm:px-6 lg:px-8">
          © 2026 Undertone. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
