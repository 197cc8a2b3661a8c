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
  channels: [
    { id: "C0ALERTS", name: "sales-alerts" },
    { id: "C0GENERAL", name: "general" },
  ],
  /** Workspace members users.lookupByEmail finds (anyone else: users_not_found). */
  members: { "dm.found@member.example": "U0FOUND" } as Record<string, string>,
} as const;

/** One chat.postMessage the stand-in accepted. */
export type SlackPost = { channel: string; text: string; token: string };
