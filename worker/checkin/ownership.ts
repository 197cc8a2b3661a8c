import type { DeviceKind, OwnerDevice } from "../shared/checkin-protocol";
import { digestsEqual } from "./token";

/**
 * The object's record of which browser owns the chat (README → Chat ownership). It keeps, in
 * the `owner` table of the object's SQLite (created in storage.ts), hashes only: the device
 * secret's, and a pending fresh link's claim. Single-threaded inside the object, so "the first
 * open wins" needs no further locking.
 */

/** A fresh link works this long, once. */
export const CLAIM_TTL_MS = 30 * 60 * 1000;
/** At most one fresh link per this long, and this many per check-in. */
export const CLAIM_INTERVAL_MS = 60 * 1000;
export const MAX_CLAIMS = 5;

type OwnerRow = {
  device_hash: string;
  kind: DeviceKind;
  opened_at: number;
  moved_at: number | null;
  claim_hash: string | null;
  claim_expires_at: number | null;
  claims_sent: number;
  claim_sent_at: number | null;
};

export type Device = { hash: string; kind: DeviceKind };

export type OpenOutcome =
  /** This browser already owned the chat. */
  | { outcome: "owner"; owner: OwnerDevice }
  /** This browser has just become the owner (first open, or a fresh link): every other socket must go. */
  | { outcome: "claimed"; owner: OwnerDevice }
  | { outcome: "elsewhere"; owner: OwnerDevice };

export type FreshLinkOutcome = { ok: true; number: number } | { ok: false; reason: "too_soon" | "limit" | "unowned" };

export class Ownership {
  constructor(private readonly sql: SqlStorage) {}

  private row(): OwnerRow | null {
    return (this.sql.exec<OwnerRow>("select * from owner where id = 1").toArray()[0] as OwnerRow | undefined) ?? null;
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

  /**
   * A browser opens the link. Unowned: it becomes the owner. Owned by it: nothing changes.
   * Owned by another: refused, unless it brings a valid fresh-link claim, which moves the
   * chat to it (once).
   */
  open(device: Device, claimHash: string | null, now: number): OpenOutcome {
    const row = this.row();
    if (!row) {
      this.sql.exec(
        "insert into owner (id, device_hash, kind, opened_at) values (1, ?, ?, ?)",
        device.hash,
        device.kind,
        now,
      );
      return { outcome: "claimed", owner: { openedAt: now, kind: device.kind, movedAt: null } };
    }
    const current = { openedAt: row.opened_at, kind: row.kind, movedAt: row.moved_at };
    const claimValid =
      claimHash !== null &&
      row.claim_hash !== null &&
      row.claim_expires_at !== null &&
      now < row.claim_expires_at &&
      digestsEqual(claimHash, row.claim_hash);
    if (claimValid) {
      this.sql.exec(
        "update owner set device_hash = ?, kind = ?, moved_at = ?, claim_hash = null, claim_expires_at = null where id = 1",
        device.hash,
        device.kind,
        now,
      );
      return { outcome: "claimed", owner: { openedAt: row.opened_at, kind: device.kind, movedAt: now } };
    }
    if (digestsEqual(device.hash, row.device_hash)) return { outcome: "owner", owner: current };
    return { outcome: "elsewhere", owner: current };
  }

  /** Records a new fresh-link claim (its hash), replacing any earlier one, within the limits. */
  issueClaim(claimHash: string, now: number): FreshLinkOutcome {
    const row = this.row();
    if (!row) return { ok: false, reason: "unowned" };
    if (row.claims_sent >= MAX_CLAIMS) return { ok: false, reason: "limit" };
    if (row.claim_sent_at !== null && now - row.claim_sent_at < CLAIM_INTERVAL_MS)
      return { ok: false, reason: "too_soon" };
    this.sql.exec(
      "update owner set claim_hash = ?, claim_expires_at = ?, claim_sent_at = ?, claims_sent = claims_sent + 1 where id = 1",
      claimHash,
      now + CLAIM_TTL_MS,
      now,
    );
    return { ok: true, number: row.claims_sent + 1 };
  }
}
