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

  it("reads Wrapping up from the closing message until it is submitted (the summary still takes corrections)", () => {
    expect(linkBadge({ ...base, status: "closing" })?.label).toBe("Wrapping up");
    // Offline meanwhile: still wrapping up; the offline banner says the rest.
    expect(linkBadge({ ...base, status: "closing", link: "offline" })?.label).toBe("Wrapping up");
  });

  it("reads Closed once the chat has ended", () => {
    for (const status of ["completed", "expired"] as const) {
      expect(linkBadge({ ...base, status })?.label, status).toBe("Closed");
    }
  });

  it("still says Offline or Connecting… first for a running chat", () => {
    expect(linkBadge({ ...base, link: "offline", paused: true })?.label).toBe("Offline");
    expect(linkBadge({ ...base, synced: false })?.label).toBe("Connecting…");
  });
});
