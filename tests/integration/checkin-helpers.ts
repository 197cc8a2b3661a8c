import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, expect } from "vitest";
import { CHAT_REFILL_PER_SECOND } from "../../worker/checkin/limits";
import { hashCheckInToken, newCheckInToken } from "../../worker/checkin/token";
import { alertMessageOf } from "../../worker/scoring/alert-facts";
import { parseServerFrame, type ServerFrame } from "../../worker/shared/checkin-protocol";
import { checkInLinkToken } from "../../worker/team/link-token";
import { ownTableNames } from "./object-storage";

/**
 * Check-in test helpers: rows inserted straight into D1 (the team feature creates them in
 * the app), sockets opened through the Worker's public route exactly like a browser's. A little
 * over 300 lines: every check-in test's rows, sockets, alarms and clock move share this one file.
 */
export type TestCheckIn = { id: string; token: string; organizationId: string; teamMemberId: string };

export async function createCheckIn(
  options: {
    durationMinutes?: number;
    expiresInMs?: number;
    status?: "pending" | "completed" | "expired";
    firstName?: string;
  } = {},
): Promise<TestCheckIn> {
  const suffix = crypto.randomUUID();
  const organizationId = `org-${suffix}`;
  const teamMemberId = `tm-${suffix}`;
  const id = crypto.randomUUID();
  const token = newCheckInToken();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("insert into organizations (id, name) values (?, ?)").bind(organizationId, "Acme Sales"),
    env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, ?, 'Tester', ?)",
    ).bind(teamMemberId, organizationId, options.firstName ?? "Casey", `${suffix}@example.com`),
    env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, delivery_route, delivery_address) values (?, ?, ?, ?, ?, ?, ?, 'email', ?)",
    ).bind(
      id,
      organizationId,
      teamMemberId,
      await hashCheckInToken(token),
      options.status ?? "pending",
      options.durationMinutes ?? 10,
      now + (options.expiresInMs ?? 3 * 24 * 60 * 60 * 1000),
      `${suffix}@example.com`,
    ),
  ]);
  return { id, token, organizationId, teamMemberId };
}

/**
 * A completed check-in as the object's completion batch leaves it: the transcript, the
 * scores (stress 80), a blocker and an open burnout alert. For the tenancy tests.
 */
export async function insertCompletedCheckIn(input: {
  organizationId: string;
  teamMemberId: string;
  memberName: string;
  transcript: string;
}): Promise<{ checkInId: string; alertId: string }> {
  const checkInId = crypto.randomUUID();
  // Stored as the completion stores one (drizzle/0021): its facts, addressed by check-in and category.
  const alertId = `${checkInId}.burnout`;
  const { organizationId, teamMemberId } = input;
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, completed_at, created_at) values (?, ?, ?, 'h', 'completed', ?, ?, ?)",
    ).bind(checkInId, organizationId, teamMemberId, now + 1000, now - 1000, now - 2000),
    env.DB.prepare(
      "insert into check_in_messages (id, check_in_id, organization_id, seq, content, sender, timestamp) values (?, ?, ?, 0, ?, 'user', ?)",
    ).bind(crypto.randomUUID(), checkInId, organizationId, input.transcript, now - 1500),
    env.DB.prepare(
      "insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress, sales_strength, blockers, conversation_quality_score, recorded_at) values (?, ?, ?, 30, 35, 80, 60, 40, 70, ?)",
    ).bind(organizationId, checkInId, teamMemberId, now - 1000),
    env.DB.prepare(
      "insert into user_challenges (organization_id, check_in_id, team_member_id, theme, own_description, created_at) values (?, ?, ?, 'Pricing approvals', 'Slow pricing approvals', ?)",
    ).bind(organizationId, checkInId, teamMemberId, now - 1000),
    env.DB.prepare(
      "insert into risk_alerts (organization_id, team_member_id, check_in_id, category, facts, created_at) values (?, ?, ?, 'burnout', '80', ?)",
    ).bind(organizationId, teamMemberId, checkInId, now - 1000),
  ]);
  return { checkInId, alertId };
}

/**
 * The token of a check-in the API created. No API answer carries it (it goes to the member's
 * email only); like the email, the test derives it from the server's secret.
 */
export async function linkOf(checkInId: string): Promise<{ id: string; token: string }> {
  return { id: checkInId, token: await checkInLinkToken(env.BETTER_AUTH_SECRET ?? "", checkInId) };
}

/**
 * "Start my check-in": the page's claim (POST), as a browser sends it. Returns the answer and
 * the device cookie it set (`name=value`), if any.
 */
export async function claimChat(
  checkIn: { id: string; token: string },
  options: { headers?: Record<string, string>; body?: Record<string, string>; base?: string } = {},
) {
  const response = await exports.default.fetch(
    new Request(
      `${options.base ?? "http://localhost"}/api/check-in/${checkIn.id}/claim?token=${encodeURIComponent(checkIn.token)}`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", ...options.headers },
        body: JSON.stringify(options.body ?? {}),
      },
    ),
  );
  const setCookie = response.headers.get("Set-Cookie");
  return { response, setCookie, cookie: setCookie ? (setCookie.split(";")[0] ?? null) : null };
}

/** A fresh claim attempt, as the page makes one (32 random bytes, base64url). */
export const newAttempt = newCheckInToken;

export function wsPath(checkIn: { id: string; token: string }) {
  return `/api/check-in/${checkIn.id}/ws?token=${encodeURIComponent(checkIn.token)}`;
}

export function upgrade(path: string, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`http://localhost${path}`, { headers: { Upgrade: "websocket", ...headers } }),
  );
}

/** A WebSocket client that records every frame and can wait for one. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  readonly raw: string[] = [];
  closed = false;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (event) => {
      const data = typeof event.data === "string" ? event.data : "";
      this.raw.push(data);
      const frame = parseServerFrame(data);
      if (frame) this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.addEventListener("close", () => {
      this.closed = true;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(checkIn: { id: string; token: string }, headers: Record<string, string> = {}) {
    const response = await upgrade(wsPath(checkIn), headers);
    expect(response.status).toBe(101);
    const ws = response.webSocket;
    if (!ws) throw new Error("no webSocket on the 101 response");
    ws.accept();
    const client = new ChatClient(ws);
    await client.waitFor((f) => f.type === "snapshot");
    return client;
  }

  async waitFor<T extends ServerFrame["type"]>(
    predicate: (frame: ServerFrame) => boolean,
    options: { timeoutMs?: number; after?: number } = {},
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.frames.slice(options.after ?? 0).find(predicate);
      if (found) return found as Extract<ServerFrame, { type: T }>;
      if (this.closed) throw new Error(`socket closed while waiting; frames: ${this.raw.slice(-5).join(" | ")}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for a frame; last frames: ${this.raw.slice(-5).join(" | ")}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Text and binary frames as they are; anything else as JSON (an ArrayBuffer would become "{}"). */
  send(frame: unknown) {
    this.ws.send(typeof frame === "string" || frame instanceof ArrayBuffer ? frame : JSON.stringify(frame));
  }

  /** Sends a message and waits for its ack and, unless told otherwise, the reply's assistant.done. */
  async say(content: string, options: { clientId?: string; reply?: boolean } = {}) {
    const clientId = options.clientId ?? crypto.randomUUID();
    const mark = this.frames.length;
    this.send({ type: "message", clientId, content });
    const ack = await this.waitFor<"ack">((f) => f.type === "ack" && f.clientId === clientId, { after: mark });
    if (options.reply === false) return { ack, done: null };
    const done = await this.waitFor<"assistant.done">((f) => f.type === "assistant.done", { after: mark });
    return { ack, done };
  }

  /**
   * The closing summary (issue 24 §7): waits for it, confirms it as shown, and waits for the
   * completion. The way every test that finishes a chat by hand ends it.
   */
  async confirmSummary() {
    await this.waitFor((f) => f.type === "summary");
    this.send({ type: "summary.confirm" });
    await this.waitFor((f) => f.type === "completed");
  }

  latestSnapshot() {
    const snapshots = this.frames.filter((f): f is Extract<ServerFrame, { type: "snapshot" }> => f.type === "snapshot");
    return snapshots[snapshots.length - 1];
  }

  close() {
    if (!this.closed) {
      try {
        this.ws.close(1000, "test done");
      } catch {
        // already closed
      }
    }
    this.closed = true;
  }
}

/**
 * A test file's way to open chats: each one opened through it is closed after its test.
 * `const open = chatOpener();` at the file's top level.
 */
export function chatOpener() {
  const clients: ChatClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  return async (checkIn: { id: string; token: string }, headers?: Record<string, string>) => {
    const client = await ChatClient.open(checkIn, headers);
    clients.push(client);
    return client;
  };
}

export function sessionStub(checkInId: string) {
  return env.CHECKIN_SESSION.getByName(checkInId);
}

/**
 * Moves the object's clock forward by `ms`: every stored time shifts back by `ms`, as if
 * that much time had passed. Then runs the pending alarm at once. No test hook in the app:
 * the object's own storage is rewritten from outside.
 */
export async function travel(checkInId: string, ms: number): Promise<boolean> {
  const stub = sessionStub(checkInId);
  await runInDurableObject(stub, (_instance, state) => {
    const sql = state.storage.sql;
    const hasSession = sql.exec("select name from sqlite_master where name = 'session'").toArray().length > 0;
    if (!hasSession) return;
    sql.exec(
      `update session set started_at = started_at - ?1, paused_at = paused_at - ?1, closing_at = closing_at - ?1,
         expires_at = expires_at - ?1, summary_at = summary_at - ?1,
         summary_due_at = summary_due_at - ?1`,
      ms,
    );
    sql.exec("update messages set created_at = created_at - ?", ms);
    sql.exec("update schedule set run_at = run_at - ?", ms);
  });
  // Runs the scheduled alarm now (whatever its time); the handler re-arms from the shifted schedule.
  // False when no alarm was pending, e.g. because the real one already fired.
  return runDurableObjectAlarm(stub);
}

export async function objectTables(checkInId: string) {
  return runInDurableObject(sessionStub(checkInId), (_instance, state) => {
    const sql = state.storage.sql;
    const names = ownTableNames(sql);
    const count = (table: string) =>
      names.includes(table) ? sql.exec<{ n: number }>(`select count(*) as n from ${table}`).one().n : 0;
    const session = names.includes("session")
      ? (sql.exec("select * from session").toArray()[0] as Record<string, unknown> | undefined)
      : undefined;
    const pending = names.includes("pending_writes") ? sql.exec("select * from pending_writes").toArray() : [];
    const schedule = names.includes("schedule")
      ? sql.exec<{ kind: string; run_at: number }>("select kind, run_at from schedule order by run_at").toArray()
      : [];
    return { names, messages: count("messages"), session, pending, schedule };
  });
}

/** The transcript the object keeps (a completed chat's only copy), in order. */
export async function objectMessages(checkInId: string) {
  return runInDurableObject(sessionStub(checkInId), (_instance, state) => {
    const sql = state.storage.sql;
    if (!ownTableNames(sql).includes("messages")) return [];
    return sql
      .exec<{ seq: number; sender: string; content: string }>("select seq, sender, content from messages order by seq")
      .toArray();
  });
}

/**
 * Moves a completed chat `ms` into the future for its transcript's retention: the completion
 * time and the schedule move back, then the alarm runs. False when no alarm was pending.
 */
export async function ageCompletedChat(checkInId: string, ms: number): Promise<boolean> {
  const stub = sessionStub(checkInId);
  await runInDurableObject(stub, (_instance, state) => {
    state.storage.sql.exec("update session set completed_at = completed_at - ?", ms);
    state.storage.sql.exec("update schedule set run_at = run_at - ?", ms);
  });
  return runDurableObjectAlarm(stub);
}

/**
 * Completion sets the "erase" check for at once, so the runtime's own alarm may run it while a
 * test moves the clock (it awaits D1 for Global Settings). Runs the check and waits until the
 * object has settled on a future erase time, so later clock moves are not undone.
 */
export async function settleEraseCheck(checkInId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    await runDurableObjectAlarm(sessionStub(checkInId));
    const { schedule } = await objectTables(checkInId);
    if (schedule.some((row) => row.kind === "erase" && row.run_at > Date.now())) return;
    await sleep(25);
  }
  throw new Error(`check-in ${checkInId} never scheduled its erase`);
}

export async function d1Count(table: string, where: string, ...binds: unknown[]) {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where ${where}`)
    .bind(...binds)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Frames the chat's token bucket (worker/checkin/limits.ts) has refilled since `started`, rounded up. */
export function refilledSince(started: number): number {
  return Math.ceil(((Date.now() - started) / 1000) * CHAT_REFILL_PER_SECOND);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stored alert as every reader renders it (scoring/alert-facts.ts), and what its row stores:
 * an alert a completion writes since drizzle/0021 stores its facts, no message and no id.
 */
export async function renderedAlert(checkInId: string, category: string) {
  const row = await env.DB.prepare(
    `select a.id, a.message, a.facts, a.category, a.alert_type, a.priority, tm.first_name, tm.last_name
     from risk_alerts a left join team_members tm on tm.id = a.team_member_id where a.check_in_id = ? and a.category = ?`,
  )
    .bind(checkInId, category)
    .first<{
      id: string | null;
      message: string | null;
      facts: string | null;
      category: string;
      alert_type: string;
      priority: string;
      first_name: string | null;
      last_name: string | null;
    }>();
  if (!row) return null;
  const text = { category: row.category, message: row.message, facts: row.facts };
  return {
    stored: { id: row.id, message: row.message, facts: row.facts },
    alertType: row.alert_type,
    priority: row.priority,
    message: alertMessageOf({ ...text, firstName: row.first_name, lastName: row.last_name }),
  };
}
