/**
 * What the Slack stand-in (tests/fixtures/servers/slack-stand-in.ts) and the tests that
 * use it agree on; compiled by Node and workerd alike, so no imports.
 */
export const SLACK_STANDIN = {
  clientId: "1111.2222",
  clientSecret: "stand-in-client-secret",
  signingSecret: "stand-in-signing-secret-0123456789",
  teamId: "T0STANDIN",
  teamName: "Stand-in Workspace",
  /**
   * The workspace's channels. conversations.list shows a bot every public one and only the
   * private ones it was invited to (`is_member`); it can join a public one, never a private one.
   */
  channels: [
    { id: "C0ALERTS", name: "sales-alerts", is_private: false, is_member: false },
    { id: "C0GENERAL", name: "general", is_private: false, is_member: false },
    { id: "C0LEADS", name: "sales-leads", is_private: true, is_member: true },
    { id: "C0BOARD", name: "board-room", is_private: true, is_member: false },
  ],
  /** Workspace members users.lookupByEmail finds (anyone else: users_not_found); POST /__members adds more. */
  members: { "dm.found@member.example": "U0FOUND" } as Record<string, string>,
} as const;

/** The channels the app can see, as GET /api/slack/channels answers them. */
export const SLACK_VISIBLE_CHANNELS = SLACK_STANDIN.channels
  .filter((c) => !c.is_private || c.is_member)
  .map((c) => ({ id: c.id, name: c.name, isPrivate: c.is_private }));

/** One chat.postMessage the stand-in accepted. */
export type SlackPost = { channel: string; text: string; token: string };
