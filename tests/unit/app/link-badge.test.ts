import { describe, expect, it } from "vitest";
import { linkBadge } from "../../../src/routes/check-in/link-badge";

/** The check-in header's badge: the chat's state, never "Live" while paused or once it closes. */
const base = { link: "open", synced: true, status: "active", paused: false } as const;

describe("the check-in header badge", () => {
  it("reads Live only for an open, running chat", () => {
    expect(linkBadge(base)?.label).toBe("Live");
  });

  it("reads Paused while the timer is paused", () => {
    expect(linkBadge({ ...base, paused: true })?.label).toBe("Paused");
  });

  it("reads Closed once the chat closes or ends", () => {
    for (const status of ["closing", "completed", "expired"] as const) {
      expect(linkBadge({ ...base, status })?.label, status).toBe("Closed");
    }
  });

  it("still says Offline or Connecting… first for a running chat", () => {
    expect(linkBadge({ ...base, link: "offline", paused: true })?.label).toBe("Offline");
    expect(linkBadge({ ...base, synced: false })?.label).toBe("Connecting…");
  });
});
