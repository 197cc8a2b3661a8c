import type { ChatStatus } from "@shared/checkin-protocol";
import type { LinkStatus } from "./connection";

export type LinkBadgeState = {
  label: "Live" | "Paused" | "Wrapping up" | "Closed" | "Offline" | "Connecting…";
  tone: string;
};

/**
 * The check-in header's badge: the chat's state first ("Wrapping up", the timer's words for
 * its end (spec 2 §2), from the closing message while the summary still takes corrections;
 * closed once submitted or expired; paused while the timer is), then the connection's. "Live"
 * only for an open, running chat.
 */
export function linkBadge(state: {
  link: LinkStatus;
  synced: boolean;
  status: ChatStatus;
  paused: boolean;
}): LinkBadgeState {
  if (state.status === "closing") return { label: "Wrapping up", tone: "badge-info" };
  if (state.status !== "active") return { label: "Closed", tone: "badge-ghost" };
  if (state.link === "offline") return { label: "Offline", tone: "badge-error" };
  if (state.link !== "open" || !state.synced) return { label: "Connecting…", tone: "badge-ghost" };
  if (state.paused) return { label: "Paused", tone: "badge-warning" };
  return { label: "Live", tone: "badge-success" };
}
