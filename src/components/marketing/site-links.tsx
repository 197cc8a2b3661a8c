import { NO_SUPPORT_EMAIL_TEXT } from "@shared/site";
import type { ReactNode } from "react";
import { useSiteConfig } from "@/lib/site-config";

/**
 * The configured demo and support links (issue 25 §8). Each is marked `data-site-link`, so the
 * Worker can fill it in on a prerendered page exactly as this renders it once the value is
 * known (worker/pages/site-config.ts): same element, same attributes, same text.
 */
export function DemoLink({ className, children }: { className?: string; children: ReactNode }) {
  const site = useSiteConfig();
  // Not configured: no link at all (the Worker removes it from a prerendered page too).
  if (site && !site.demoUrl) return null;
  return (
    <a data-site-link="demo" href={site?.demoUrl ?? undefined} target="_blank" rel="noopener" className={className}>
      {children}
    </a>
  );
}

/** The support address as a mailto link, or "our support team" when none is configured. */
export function SupportEmail({ className }: { className?: string }) {
  const site = useSiteConfig();
  if (site && !site.supportEmail) {
    return (
      <span data-site-link="support" className={className}>
        {NO_SUPPORT_EMAIL_TEXT}
      </span>
    );
  }
  return (
    <a
      data-site-link="support"
      href={site?.supportEmail ? `mailto:${site.supportEmail}` : undefined}
      className={className}
    >
      {site?.supportEmail ?? ""}
    </a>
  );
}
