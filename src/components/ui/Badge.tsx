import type { ReactNode } from "react";

/** Spec 2 §2 badge styles: default, secondary, destructive, outline. */
export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "success" | "warning" | "muted";
const BADGE: Record<BadgeVariant, string> = {
  default: "badge-primary",
  secondary: "badge-secondary",
  destructive: "badge-error",
  outline: "badge-outline",
  success: "badge-success",
  warning: "badge-warning",
  muted: "badge-ghost text-soft",
};
export function Badge({ variant = "default", children }: { variant?: BadgeVariant; children: ReactNode }) {
  return <span className={`badge badge-sm whitespace-nowrap ${BADGE[variant]}`}>{children}</span>;
}

/** The console's organization status: the plan's lifecycle, or the operator's inactive/suspended. */
export function organizationStatusVariant(status: string): BadgeVariant {
  if (status === "active") return "default";
  if (status === "trial") return "secondary";
  if (status === "past_due") return "warning";
  if (status === "suspended") return "destructive";
  if (status === "inactive" || status === "expired") return "muted";
  return "outline";
}

/** "past_due" reads "past due"; the others as they are. */
export const organizationStatusLabel = (status: string) => status.replaceAll("_", " ");
