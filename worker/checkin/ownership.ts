import type { DeviceKind, OwnerDevice } from "../shared/checkin-protocol";
import { Handover, type HandoverPoint } from "./handover";
import { digestsEqual } from "./token";

/**
 * The object's record of which browser owns the chat (README → Chat ownership). Two tables
 * of the object's SQLite (created in storage.ts), hashes only: the owner's device secret, and
 * the fresh links asked for (their one-time claims). Single-threaded inside the object, so
 * "the first claim wins" needs no further locking. Opening the link (GET) only reads here; a
 * chat is claimed by the page's "Start my check-in" POST.
 */

/** A fresh link works this long, once. */
export const CLAIM_TTL_MS = 30 * 60 * 1000;
/** Per browser that asks: one fresh link per this long, and this many per check-in. */
export const CLAIM_INTERVAL_MS = 60 * 1000;
export const MAX_CLAIMS_PER_DEVICE = 5;
/**
 * A claim retried from the same page (its `attempt`) without the cookie of the first one (its
 * answer was lost, a double submit) still finds the chat its own, this long after the claim.
 */
export const CLAIM_RETRY_MS = 5 * 60 * 1000;

type OwnerRow = {
  device_hash: string;
  kind: DeviceKind;
  opened_at: number;
  moved_at: number | null;
  visible_from_seq: number;
  hidden_reply_id: string | null;
};

export type Device = { hash: string; kind: DeviceKind };

/** What a browser's GET sees, without changing anything. */
export type OwnerView =
  | { state: "unowned" }
  | { state: "owner"; owner: OwnerDevice }
  | { state: "elsewhere"; owner: OwnerDevice };

/** Who is claiming: the cookie's device (or a new one), the page's attempt, and a fresh link's claim. */
export type ClaimRequest = {
  /** SHA-256 of the secret the cookie holds (or of a new one, when the browser has none). */
  cookieHash: string;
  /** SHA-256 of the secret the page's attempt derives, when the page sent one. */
  attemptHash: string | null;
  kind: DeviceKind;
  /** SHA-256 of a fresh link's claim, when the page carries one. */
  claimHash: string | null;
};

export type ClaimOutcome =
  /** This browser already owned the chat (by its cookie, or its attempt just now): `by` says which secret to set. */
  | { outcome: "owner"; owner: OwnerDevice; by: "cookie" | "attempt" }
  /**
   * This browser has just become the owner (first claim, or a fresh link: then `move` is the
   * move's number, 1, 2, …): every other socket must go.
   */
  | { outcome: "claimed"; owner: OwnerDevice; by: "cookie" | "attempt"; move?: number }
  | { outcome: "elsewhere"; owner: OwnerDevice; claimRefused: boolean };

export type FreshLinkOutcome = { ok: true; number: number } | { ok: false; reason: "too_soon" | "limit" | "unowned" };

export class Ownership {
  /** What a moved chat shows its new device (handover.ts). */
  readonly handover: Handover;

  constructor(private readonly sql: SqlStorage) {
    this.handover = new Handover(sql);
  }

  private row(): OwnerRow | null {
    return (
      (this.sql
        .exec<OwnerRow>(
          "select device_hash, kind, opened_at, moved_at, visible_from_seq, hidden_reply_id from owner where id = 1",
        )
        .toArray()[0] as OwnerRow | undefined) ?? null
    );
  }

  owned(): boolean {
    return this.row() !== null;
  }

  /** Whether a device hash (from the cookie, or null without one) may use the chat now. */
  admits(deviceHash: string | null): boolean {
    const row = this.row();
    if (!row) return true;
    return deviceHash !== null && digestsEqual(deviceHash, row.device_hash);
  }

  /** Read only: whether this device owns the chat, another does, or nobody has claimed it yet. */
  view(deviceHash: string | null): OwnerView {
    const row = this.row();
    if (!row) return { state: "unowned" };
    const owner = ownerOf(row);
    return deviceHash !== null && digestsEqual(deviceHash, row.device_hash)
      ? { state: "owner", owner }
      : { state: "elsewhere", owner };
  }

  /**
   * The page's "Start my check-in" (or a fresh link's "Continue here"). Unowned: this browser
   * becomes the owner. Owned by it (its cookie, or the same attempt moments ago): nothing
   * changes, so a doubled or retried claim is answered the same. Owned by another: refused,
   * unless it brings a valid fresh-link claim, which moves the chat to it (once); the new
   * device's view then begins at `handoverPoint()` (handover.ts).
   */
  claim(request: ClaimRequest, now: number, handoverPoint: () => HandoverPoint): ClaimOutcome {
    const by = request.attemptHash ? "attempt" : "cookie";
    const hash = request.attemptHash ?? request.cookieHash;
    const row = this.row();
    if (!row) {
      this.sql.exec(
        "insert into owner (id, device_hash, kind, opened_at) values (1, ?, ?, ?)",
        hash,
        request.kind,
        now,
      );
      return { outcome: "claimed", owner: { openedAt: now, kind: request.kind, movedAt: null }, by };
    }
    if (digestsEqual(request.cookieHash, row.device_hash))
      return { outcome: "owner", owner: ownerOf(row), by: "cookie" };
    const claimedAt = row.moved_at ?? row.opened_at;
    if (request.attemptHash && now - claimedAt < CLAIM_RETRY_MS && digestsEqual(request.attemptHash, row.device_hash)) {
      return { outcome: "owner", owner: ownerOf(row), by: "attempt" };
    }
    if (request.claimHash !== null) {
      const used = this.sql
        .exec<{ n: number }>(
          "update fresh_links set used_at = ? where claim_hash = ? and used_at is null and expires_at > ? returning 1 as n",
          now,
          request.claimHash,
          now,
        )
        .toArray().length;
      if (used > 0) {
        this.sql.exec("update owner set device_hash = ?, kind = ?, moved_at = ? where id = 1", hash, request.kind, now);
        const move = this.handover.recordMove(row, handoverPoint(), now);
        return { outcome: "claimed", owner: { openedAt: row.opened_at, kind: request.kind, movedAt: now }, by, move };
      }
    }
    return { outcome: "elsewhere", owner: ownerOf(row), claimRefused: request.claimHash !== null };
  }

  /**
   * Records a new fresh-link claim (its hash) for the browser that asked. Limits count per
   * asking browser, so someone else holding the link cannot use up the owner's; every claim
   * issued stays valid until used or expired (a later one does not void an earlier one).
   */
  issueClaim(requestedBy: string, claimHash: string, now: number): FreshLinkOutcome {
    if (!this.row()) return { ok: false, reason: "unowned" };
    const mine = this.sql
      .exec<{ n: number; last: number | null }>(
        "select count(*) as n, max(issued_at) as last from fresh_links where requested_by = ?",
        requestedBy,
      )
      .one();
    if (mine.n >= MAX_CLAIMS_PER_DEVICE) return { ok: false, reason: "limit" };
    if (mine.last !== null && now - mine.last < CLAIM_INTERVAL_MS) return { ok: false, reason: "too_soon" };
    this.sql.exec(
      "insert into fresh_links (claim_hash, requested_by, issued_at, expires_at) values (?, ?, ?, ?)",
      claimHash,
      requestedBy,
      now,
      now + CLAIM_TTL_MS,
    );
    const issued = this.sql.exec<{ n: number }>("select count(*) as n from fresh_links").one().n;
    return { ok: true, number: issued };
  }
}

function ownerOf(row: OwnerRow): OwnerDevice {
  return { openedAt: row.opened_at, kind: row.kind, movedAt: row.moved_at };
}
