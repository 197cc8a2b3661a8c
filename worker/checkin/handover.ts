import type { EarlierHidden } from "../shared/checkin-protocol";
import { digestsEqual } from "./token";

/**
 * A moved chat does not hand over the past (issue 22 item 3, README → Chat ownership). When a
 * fresh link moves the chat, the new device sees only what is said from then on: the owner
 * row keeps the first message seq it may see (`visible_from_seq`) and the reply that was
 * being written at the move (`hidden_reply_id`, an answer to what it cannot see). Each move is
 * a row with what the old device could see, so that device alone — by its cookie, while it has
 * not answered and no later move happened — can approve showing the new one the same. The
 * interviewer reads the whole transcript regardless: only what is sent to sockets changes.
 */

/** Where the new device's view begins, taken at the moment of the move. */
export type HandoverPoint = { visibleFromSeq: number; hiddenReplyId: string | null };

/** What the owner's device may see now. */
export type Visibility = { fromSeq: number; hiddenReplyId: string | null; earlierHidden: EarlierHidden | null };

export type HandoverDecision = { outcome: "approved" | "declined" } | { outcome: "none" };

type MoveRow = {
  number: number;
  moved_at: number;
  from_device_hash: string;
  from_visible_from_seq: number;
  from_hidden_reply_id: string | null;
  decision: string | null;
};

type PreviousOwner = { device_hash: string; visible_from_seq: number; hidden_reply_id: string | null };

export class Handover {
  constructor(private readonly sql: SqlStorage) {}

  /**
   * A fresh link moved the chat from `previous` (inside Ownership.claim's update): remembers
   * what the old device could see, and starts the new device's view at `point`. Returns the
   * move's number (1, 2, …), which names its email and its "This wasn't me" link.
   */
  recordMove(previous: PreviousOwner, point: HandoverPoint, now: number): number {
    const number = this.sql.exec<{ n: number }>("select coalesce(max(number), 0) + 1 as n from moves").one().n ?? 1;
    this.sql.exec(
      "insert into moves (number, moved_at, from_device_hash, from_visible_from_seq, from_hidden_reply_id) values (?, ?, ?, ?, ?)",
      number,
      now,
      previous.device_hash,
      previous.visible_from_seq,
      previous.hidden_reply_id,
    );
    this.sql.exec(
      "update owner set visible_from_seq = ?, hidden_reply_id = ? where id = 1",
      point.visibleFromSeq,
      point.hiddenReplyId,
    );
    return number;
  }

  private latestMove(): MoveRow | null {
    return (
      (this.sql
        .exec<MoveRow>(
          "select number, moved_at, from_device_hash, from_visible_from_seq, from_hidden_reply_id, decision from moves order by number desc limit 1",
        )
        .toArray()[0] as MoveRow | undefined) ?? null
    );
  }

  /** The latest move, if this device is the one it left and has not answered yet. */
  private askable(deviceHash: string | null): MoveRow | null {
    const move = this.latestMove();
    if (!move || move.decision !== null || deviceHash === null) return null;
    return digestsEqual(deviceHash, move.from_device_hash) ? move : null;
  }

  /** For the old device's page: whether it is asked "Show it the conversation so far?". */
  pendingFor(deviceHash: string | null): { movedAt: number } | null {
    const move = this.askable(deviceHash);
    return move ? { movedAt: move.moved_at } : null;
  }

  /** The old device's answer: approving shows the new device what the old one could see. */
  decide(deviceHash: string | null, approve: boolean, now: number): HandoverDecision {
    const move = this.askable(deviceHash);
    if (!move) return { outcome: "none" };
    this.sql.exec(
      "update moves set decision = ?, decided_at = ? where number = ?",
      approve ? "approved" : "declined",
      now,
      move.number,
    );
    if (approve) {
      this.sql.exec(
        "update owner set visible_from_seq = ?, hidden_reply_id = ? where id = 1",
        move.from_visible_from_seq,
        move.from_hidden_reply_id,
      );
    }
    return { outcome: approve ? "approved" : "declined" };
  }

  /** What the owner's device may see; everything while the chat never moved. */
  visibility(): Visibility {
    const owner = this.sql
      .exec<{ visible_from_seq: number; hidden_reply_id: string | null }>(
        "select visible_from_seq, hidden_reply_id from owner where id = 1",
      )
      .toArray()[0];
    if (!owner || (owner.visible_from_seq === 0 && owner.hidden_reply_id === null)) {
      return { fromSeq: 0, hiddenReplyId: null, earlierHidden: null };
    }
    const move = this.latestMove();
    const before = this.sql
      .exec<{ n: number }>("select count(*) as n from messages where seq < ?", owner.visible_from_seq)
      .one().n;
    const hidesSomething = before > 0 || owner.hidden_reply_id !== null;
    return {
      fromSeq: owner.visible_from_seq,
      hiddenReplyId: owner.hidden_reply_id,
      earlierHidden: move && hidesSomething ? { movedAt: move.moved_at, declined: move.decision !== null } : null,
    };
  }
}
