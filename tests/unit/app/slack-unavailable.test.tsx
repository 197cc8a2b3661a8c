import type { SlackStatus } from "@shared/notifications";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SLACK_UNAVAILABLE, SlackPanel } from "../../../src/routes/dashboard/settings/SlackPanel";

/** Settings → Slack on a deployment without a Slack app: an Admin reads plain words, not the operator's variables. */
describe("the Slack card when Slack is not set up", () => {
  it("says Slack is not available yet and names no environment variable", () => {
    const slack: SlackStatus = {
      configured: false,
      connected: false,
      teamName: null,
      channelId: null,
      channelName: null,
      channelPrivate: false,
      dmInvitations: false,
      alertDms: false,
    };
    const html = renderToStaticMarkup(<SlackPanel slack={slack} />);
    expect(html).toContain(SLACK_UNAVAILABLE);
    expect(html).not.toMatch(/SLACK_|[A-Z]+_[A-Z]+_[A-Z]+/);
    expect(html).not.toContain("Add to Slack");
  });
});
