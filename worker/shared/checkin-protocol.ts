import * as z from "zod/mini";
import { BANDS, checkInSummarySchema } from "./check-in-summary";
import { SCORE_DIMENSIONS } from "./pillars";
import { RATING_KINDS } from "./self-rating";

/**
 * The check-in WebSocket protocol (DESIGN: "Check-in WebSocket protocol"): JSON text
 * frames, one discriminated union per direction, shared by the Durable Object and the
 * page. Neither side trusts a cast: every frame goes through `parseClientFrame` /
 * `parseServerFrame`, which return null for anything that is not exactly a known frame.
 *
 * Small extensions, all optional for a client: `ping`/`pong` (answered by the runtime's
 * auto-response without waking the object, so a page can tell a dead link from a quiet
 * one); an optional `clientId` on `error`, naming the message that was refused; and
 * `user.message`, the delta another tab of the same chat receives instead of a whole new
 * snapshot when the salesperson sends from one tab (a client that ignores it sees the
 * message at its next snapshot). Issue 24 adds, all optional for an older page: `rating` on a
 * message and on `assistant.done` (the question asks a one-tap rating: the page offers its
 * choices as buttons; the answer is an ordinary `message`), the closing `summary` (a frame, and
 * on the snapshot while the chat waits for it), and the client's `summary.correct` /
 * `summary.confirm`. README → Decisions.
 */

/** Spec: a message over 2,000 characters gets a clear error. */
export const MAX_MESSAGE_CHARS = 2000;
/** Frames larger than this are refused before parsing (a 2,000-character message needs far less). */
export const MAX_FRAME_BYTES = 16 * 1024;

/** The heartbeat strings, byte for byte: the runtime answers PING_FRAME with PONG_FRAME. */
export const PING_FRAME = '{"type":"ping"}';
export const PONG_FRAME = '{"type":"pong"}';

const clientId = z.string().check(z.minLength(8), z.maxLength(64), z.regex(/^[\w-]+$/));

export const clientFrameSchema = z.discriminatedUnion("type", [
  // Content is checked by the object (empty, too long) so each case gets its own error.
  z.object({ type: z.literal("message"), clientId, content: z.string() }),
  z.object({ type: z.literal("pause") }),
  z.object({ type: z.literal("resume") }),
  z.object({ type: z.literal("ping") }),
  /** The salesperson marks a reading of the closing summary wrong and picks the band they think is right. */
  z.object({ type: z.literal("summary.correct"), dimension: z.enum(SCORE_DIMENSIONS), band: z.enum(BANDS) }),
  /** The salesperson confirms the summary (with any corrections made): the check-in completes now. */
  z.object({ type: z.literal("summary.confirm") }),
]);

export type ClientFrame = z.infer<typeof clientFrameSchema>;

export const CHAT_STATUSES = ["active", "closing", "completed", "expired"] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const PHASES = ["opening", "core", "wrap-up"] as const;
export type Phase = (typeof PHASES)[number];

export const chatMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(["user", "assistant"]),
  content: z.string(),
  createdAt: z.number(),
  /** The client-made id of a user message, so a page can match its own unacknowledged sends. */
  clientId: z.optional(z.string()),
  /** An assistant reply still being generated; assistant.delta frames continue it. */
  streaming: z.optional(z.boolean()),
  /** This assistant message asks a one-tap rating (shared/self-rating.ts): the page offers its choices. */
  rating: z.optional(z.enum(RATING_KINDS)),
});

export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Why the earlier messages are not in this device's snapshot (a fresh link moved the chat here). */
export const earlierHiddenSchema = z.object({
  movedAt: z.number(),
  /** The device the chat came from chose to keep them; otherwise it has not answered (yet). */
  declined: z.boolean(),
});
export type EarlierHidden = z.infer<typeof earlierHiddenSchema>;

/** Why a chat was closed on every device: "This wasn't me", or the Admin revoked the check-in. */
export const CLOSED_REASONS = ["not_me", "revoked"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const ERROR_CODES = [
  "invalid_frame",
  "frame_too_large",
  "empty_message",
  "message_too_long",
  "rate_limited",
  "check_in_closed",
  "chat_full",
  "internal_error",
  "no_summary",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const serverFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("snapshot"),
    status: z.enum(CHAT_STATUSES),
    phase: z.enum(PHASES),
    elapsedMs: z.number(),
    targetMs: z.number(),
    paused: z.boolean(),
    fallback: z.boolean(),
    messages: z.array(chatMessageSchema),
    /** While the closed chat waits for the salesperson to confirm or correct what the manager will see. */
    summary: z.optional(checkInSummarySchema),
    /**
     * A fresh link moved the chat here and the messages before the move stay on the device it
     * came from (its owner has not approved showing them, or declined). Optional: README → Decisions.
     */
    earlierHidden: z.optional(earlierHiddenSchema),
    /** The member said a move was not them, or the Admin revoked it: the chat is closed on every device. */
    closedReason: z.optional(z.enum(CLOSED_REASONS)),
  }),
  z.object({ type: z.literal("ack"), clientId: z.string(), messageId: z.string() }),
  /** A message the salesperson sent from another tab, after this socket's snapshot. */
  z.object({ type: z.literal("user.message"), message: chatMessageSchema }),
  z.object({ type: z.literal("assistant.delta"), messageId: z.string(), delta: z.string() }),
  z.object({
    type: z.literal("assistant.done"),
    messageId: z.string(),
    content: z.string(),
    rating: z.optional(z.enum(RATING_KINDS)),
  }),
  z.object({
    type: z.literal("timer"),
    elapsedMs: z.number(),
    targetMs: z.number(),
    paused: z.boolean(),
    phase: z.enum(PHASES),
  }),
  z.object({ type: z.literal("fallback"), active: z.boolean() }),
  /** The chat has closed: what the manager will see, to confirm or correct (again after each correction). */
  z.object({ type: z.literal("summary"), summary: checkInSummarySchema }),
  z.object({ type: z.literal("completed") }),
  z.object({
    type: z.literal("error"),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    clientId: z.optional(z.string()),
  }),
  z.object({ type: z.literal("pong") }),
]);

export type ServerFrame = z.infer<typeof serverFrameSchema>;
export type SnapshotFrame = Extract<ServerFrame, { type: "snapshot" }>;

function parseWith<Schema extends z.ZodMiniType>(schema: Schema, raw: unknown): z.infer<Schema> | null {
  if (typeof raw !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = z.safeParse(schema, json);
  return parsed.success ? parsed.data : null;
}

/** A client frame, or null for anything malformed, unknown or of the wrong shape. */
export function parseClientFrame(raw: unknown): ClientFrame | null {
  return parseWith(clientFrameSchema, raw);
}

/** A server frame, or null for anything malformed, unknown or of the wrong shape. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  return parseWith(serverFrameSchema, raw);
}

/** The user-facing texts of the refusals (also used by the page for its own checks). */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  invalid_frame: "That message could not be read. Please try again.",
  frame_too_large: "That message is too large to send.",
  empty_message: "Please type a message before sending.",
  message_too_long: `Your message is too long. Please keep it under ${MAX_MESSAGE_CHARS.toLocaleString("en-US")} characters.`,
  rate_limited: "You're sending messages too quickly. Please wait a moment and try again.",
  check_in_closed: "This check-in has ended, so new messages can't be added.",
  chat_full: "This check-in has reached its length limit, so new messages can't be added.",
  internal_error: "Message Error: There was an issue processing your message. Please try again.",
  no_summary: "There is no summary to confirm or correct right now.",
};

/** Coarse kinds of device, from the User-Agent (the page words them). */
export const DEVICE_KINDS = [
  "iphone",
  "ipad",
  "android-phone",
  "android-tablet",
  "mac",
  "windows",
  "linux",
  "chromebook",
  "other",
] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** When, and on what kind of device, the chat was opened by the browser that owns it. */
export const ownerDeviceSchema = z.object({
  openedAt: z.number(),
  kind: z.enum(DEVICE_KINDS),
  /** Set when a fresh link moved the chat to this device. */
  movedAt: z.nullable(z.number()),
});
export type OwnerDevice = z.infer<typeof ownerDeviceSchema>;

export const TOO_MANY_TABS_MESSAGE = "This check-in is open in too many tabs. Close one and try again.";

export const OPEN_ELSEWHERE_CODE = "open_elsewhere";
export const OPEN_ELSEWHERE_MESSAGE = "This check-in is already open on another device";
/** The WebSocket close code a tab gets when a fresh link moved the chat to another device. */
export const MOVED_CLOSE_CODE = 4409;
/**
 * The organization was suspended: the page reconnects, the link refuses it (404) and the page
 * says the check-in cannot be opened; once the suspension is lifted the same link works again.
 */
export const SUSPENDED_CLOSE_CODE = 4403;
/** The member said a move of the chat was not them: closed on every device, for good. */
export const NOT_ME_CLOSE_CODE = 4410;

/**
 * The details of a 409 open_elsewhere answer: the owner's device, whether a fresh link can be
 * emailed, and (to a claim that carried one) that the fresh link was used or has expired.
 */
export const openElsewhereSchema = z.object({
  owner: ownerDeviceSchema,
  freshLink: z.boolean(),
  claimRefused: z.optional(z.boolean()),
  /**
   * To the browser a fresh link moved the chat away from, while it has not answered: may the
   * new device see the conversation so far? (`POST /api/check-in/:id/handover`.)
   */
  handover: z.optional(z.object({ movedAt: z.number() })),
});
export type OpenElsewhere = z.infer<typeof openElsewhereSchema>;

/** "Email me a fresh link" for a member without an email (409 no_email); the page then offers no button. */
export const NO_EMAIL_FRESH_LINK_MESSAGE =
  "There is no email address for you on this team, so we can't send a fresh link. Ask your manager to revoke this check-in and give you a new link.";

/** The old device's answer to "Show it the conversation so far?" (`POST /api/check-in/:id/handover?token=`). */
export const handoverRequestSchema = z.object({ approve: z.boolean() });
export const handoverResponseSchema = z.object({ approved: z.boolean() });
export type HandoverResponse = z.infer<typeof handoverResponseSchema>;
export const HANDOVER_GONE_MESSAGE = "There is no move of this check-in waiting for your answer.";

/**
 * The answer a link gets once its check-in was closed for good, by why (410 and this code and
 * message, worker/checkin/link.ts); the page shows the same message, under a title of its own,
 * for that 410 and for an open chat's `closedReason`. not_me: the member said a move was not
 * them. revoked: the Admin revoked it — true as worded: its object deletes the conversation and
 * it is never scored (README → Decisions, "Revoking ends an open chat…"); D1 keeps only the row,
 * expired, and when it was started — nothing the salesperson wrote.
 */
export const CLOSED_ANSWERS = {
  not_me: {
    code: "closed_not_me",
    message:
      "This check-in was closed because you told us its move to a new device wasn't you. Nobody can continue it; your manager can send you a new one.",
  },
  revoked: {
    code: "closed_revoked",
    message:
      "Your manager's team withdrew this check-in, so there is nothing more to answer here. Nothing you wrote in it was kept.",
  },
} as const satisfies Record<ClosedReason, { code: string; message: string }>;

/**
 * The "This wasn't me" link in the email every move sends: `/check-in/{id}?move=&at=&notme=`,
 * signed (worker/checkin/not-me-link.ts). The page's GET reads it (changing nothing), the
 * confirm button POSTs it.
 */
export const notMeLinkSchema = z.object({
  move: z.string().check(z.maxLength(4), z.regex(/^[1-9]\d{0,3}$/)),
  /** When the move happened (epoch ms): the link works for a week after it. */
  at: z.string().check(z.maxLength(15), z.regex(/^\d{1,15}$/)),
  notme: secretTokenSchema(),
});
export type NotMeLink = z.infer<typeof notMeLinkSchema>;
export const notMeInfoSchema = z.object({
  organizationName: z.string(),
  movedAt: z.number(),
  /** open: the chat can be closed; closed: already closed by this link; ended: it finished or expired first. */
  state: z.enum(["open", "closed", "ended"]),
});
export type NotMeInfo = z.infer<typeof notMeInfoSchema>;
export const notMeResponseSchema = z.object({ closed: z.boolean(), state: z.enum(["closed", "ended"]) });

export const freshLinkResponseSchema = z.object({ sent: z.boolean() });

/** 32 random bytes in base64url: the page's claim attempt, a fresh link's claim, a signature. */
function secretTokenSchema() {
  return z.string().check(z.length(43), z.regex(/^[\w-]{43}$/));
}
const secretToken = secretTokenSchema();

/**
 * `POST /api/check-in/:id/claim?token=`, the page's "Start my check-in": `attempt` is a
 * random value the page keeps for this check-in (so a retried claim finds the chat its own
 * even if the first answer's cookie never arrived), `claim` a fresh link's one-time claim.
 */
export const claimRequestSchema = z.object({ attempt: z.optional(secretToken), claim: z.optional(secretToken) });
export type ClaimRequestBody = z.infer<typeof claimRequestSchema>;

/**
 * The public `GET /api/check-in/:id?token=` answer (read only: it claims nothing) and the
 * claim's answer: what the page needs before it connects.
 */
export const checkInInfoSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  durationMinutes: z.number(),
  expiresAt: z.number(),
  /** The company asking, so the salesperson knows whose check-in this is. */
  organizationName: z.string(),
  /**
   * This browser owns the chat: when and on what it was opened. Absent: nobody has started
   * it yet, and the page offers "Start my check-in".
   */
  device: z.optional(ownerDeviceSchema),
  /**
   * This browser owns the chat and has it open in as many tabs as a chat takes: another tab's
   * socket is refused (429, which a browser hides from the page) until one is closed.
   */
  tabsFull: z.optional(z.boolean()),
});

export type CheckInInfo = z.infer<typeof checkInInfoSchema>;

export const reachOutResponseSchema = z.object({ reachOutRequested: z.boolean() });
