import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NOT_ME_TTL_MS, notMeUrl } from "../../worker/checkin/not-me-link";
import {
  CLOSED_ANSWERS,
  checkInInfoSchema,
  MOVED_CLOSE_CODE,
  NOT_ME_CLOSE_CODE,
  notMeInfoSchema,
  type SnapshotFrame,
} from "../../worker/shared/checkin-protocol";
import { latestEmail } from "./auth-helpers";
import { type ChatClient, createCheckIn, sessionStub, type TestCheckIn } from "./checkin-helpers";
import {
  Browser,
  elsewhere,
  freshClaim,
  IPHONE,
  moveTo,
  notMeParts,
  storedAddress,
  WINDOWS,
} from "./checkin-move-helpers";
import { request, requestWithEnv } from "./helpers";

/**
 * Issue 22 item 3: a moved chat does not hand over the past. A fresh link moves the chat to a
 * new device, which continues the conversation without receiving the earlier messages — on
 * connect, on reconnect — unless the device it came from approves; every move emails the
 * stored address "This wasn't me", whose POST (never its GET) closes the chat on every device
 * and alerts the operator. (A reply under way at the move: checkin-move.openai.test.ts.)
 */

const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
async function chatOf(browser: Browser, checkIn: TestCheckIn) {
  const client = await browser.chat(checkIn);
  clients.push(client);
  return client;
}

const EARLIER = "My manager keeps moving my territory and I am thinking of leaving";

/** A chat started on an old phone with something private said, then moved to a laptop. */
async function movedChat() {
  const checkIn = await createCheckIn({ firstName: "Sam" });
  const phone = new Browser(IPHONE);
  expect((await phone.start(checkIn)).status).toBe(200);
  const old = await chatOf(phone, checkIn);
  let oldCloseCode = 0;
  old.ws.addEventListener("close", (event) => {
    oldCloseCode = event.code;
  });
  await old.say(EARLIER);
  const laptop = new Browser(WINDOWS);
  await moveTo(checkIn, laptop);
  await vi.waitFor(() => expect(old.closed).toBe(true));
  expect(oldCloseCode).toBe(MOVED_CLOSE_CODE);
  return { checkIn, phone, laptop };
}

const contents = (snapshot: SnapshotFrame | undefined) => (snapshot?.messages ?? []).map((m) => m.content);

async function objectMessages(checkIn: TestCheckIn): Promise<string[]> {
  return runInDurableObject(sessionStub(checkIn.id), (_instance, state) =>
    state.storage.sql
      .exec<{ content: string }>("select content from messages order by seq")
      .toArray()
      .map((m) => m.content),
  );
}

describe("the new device continues without the earlier messages", () => {
  it("is sent none of them on connect or reconnect, is told why, and the interviewer carries on with the whole conversation", async () => {
    const { checkIn, phone, laptop } = await movedChat();
    const before = await objectMessages(checkIn);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const chat = await chatOf(laptop, checkIn);
    const snapshot = chat.latestSnapshot();
    expect(snapshot?.messages).toEqual([]);
    expect(snapshot?.earlierHidden).toMatchObject({ declined: false });
    expect(chat.raw.join("\n")).not.toContain("territory");

    // It carries on: the answer is stored after the earlier ones and gets a reply.
    const { done } = await chat.say("Carrying on from the laptop: pipeline is fine.");
    expect(done?.content.length).toBeGreaterThan(0);
    const after = await objectMessages(checkIn);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.length).toBe(before.length + 2);

    // Reconnecting (a reload, a second tab) gets what was said since the move, and still nothing before.
    chat.close();
    const again = await chatOf(laptop, checkIn);
    expect(contents(again.latestSnapshot())).toEqual(after.slice(before.length));
    expect(again.latestSnapshot()?.earlierHidden).toBeDefined();
    expect(again.raw.join("\n")).not.toContain("territory");

    // The laptop's GET says it owns the chat; the old phone's says it moved and asks it.
    const mine = checkInInfoSchema.parse(await (await laptop.open(checkIn)).json());
    expect(mine.device?.movedAt).not.toBeNull();
    const asked = await elsewhere(await phone.open(checkIn));
    expect(asked.handover?.movedAt).toBe(mine.device?.movedAt);
    // Nobody else is asked, the new owner included.
    expect((await elsewhere(await new Browser(IPHONE).open(checkIn))).handover).toBeUndefined();
  });

  it("a chat that never moved shows everything, with no notice", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    await phone.start(checkIn);
    const chat = await chatOf(phone, checkIn);
    await chat.say(EARLIER);
    chat.close();
    const again = await chatOf(phone, checkIn);
    expect(contents(again.latestSnapshot())).toContain(EARLIER);
    expect(again.latestSnapshot()?.earlierHidden).toBeUndefined();
  });
});

describe("the old device decides", () => {
  it("approving shows the new device the conversation so far, at once and on reconnect; only the old device may, once", async () => {
    const { checkIn, phone, laptop } = await movedChat();
    const chat = await chatOf(laptop, checkIn);
    // Neither the new owner nor a stranger can approve for the old device; nothing changes.
    expect((await laptop.handover(checkIn, true)).status).toBe(409);
    expect((await new Browser(IPHONE).handover(checkIn, true)).status).toBe(409);
    expect(chat.latestSnapshot()?.messages).toEqual([]);

    const mark = chat.frames.length;
    const approved = await phone.handover(checkIn, true);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ approved: true });
    const shown = await chat.waitFor<"snapshot">((f) => f.type === "snapshot", { after: mark });
    expect(shown.messages.map((m) => m.content)).toContain(EARLIER);
    expect(shown.earlierHidden).toBeUndefined();

    chat.close();
    const again = await chatOf(laptop, checkIn);
    expect(contents(again.latestSnapshot())).toContain(EARLIER);
    // Answered once: asked no more.
    expect((await phone.handover(checkIn, false)).status).toBe(409);
    expect((await elsewhere(await phone.open(checkIn))).handover).toBeUndefined();
  });

  it("declining (or not answering) keeps it hidden, and the new device is told", async () => {
    const { checkIn, phone, laptop } = await movedChat();
    const chat = await chatOf(laptop, checkIn);
    const mark = chat.frames.length;
    const declined = await phone.handover(checkIn, false);
    expect(await declined.json()).toEqual({ approved: false });
    const told = await chat.waitFor<"snapshot">((f) => f.type === "snapshot", { after: mark });
    expect(told.messages).toEqual([]);
    expect(told.earlierHidden).toMatchObject({ declined: true });
    expect((await phone.handover(checkIn, true)).status).toBe(409);
    expect(chat.raw.join("\n")).not.toContain("territory");
  });

  it("after a second move only the device the chat last left may answer, and approving shows what it could see", async () => {
    const { checkIn, phone, laptop } = await movedChat();
    const chat = await chatOf(laptop, checkIn);
    await chat.say("Said on the laptop: quota feels reachable.");
    const tablet = new Browser("Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15");
    await moveTo(checkIn, tablet);
    // The phone's question is gone with the second move.
    expect((await phone.handover(checkIn, true)).status).toBe(409);
    expect((await laptop.handover(checkIn, true)).status).toBe(200);
    const onTablet = await chatOf(tablet, checkIn);
    const shown = contents(onTablet.latestSnapshot());
    expect(shown).toContain("Said on the laptop: quota feels reachable.");
    // The laptop never saw the phone's messages, so it cannot show them.
    expect(shown).not.toContain(EARLIER);
    expect(onTablet.latestSnapshot()?.earlierHidden).toBeDefined();
  });
});

describe("every move emails the member 'This wasn't me'", () => {
  it("each move queues one email to the stored address, with a signed link that names the move", async () => {
    const { checkIn } = await movedChat();
    const address = await storedAddress(checkIn);
    const first = await latestEmail(address, "check_in_moved");
    expect(first?.subject).toBe("Your Acme Sales check-in moved to a new device");
    const link = notMeParts(first?.text);
    expect(link.url.pathname).toBe(`/check-in/${checkIn.id}`);
    expect(link.move).toBe("1");
    expect(link.notme).toMatch(/^[\w-]{43}$/);
    // No link token in it: the signature alone is the credential.
    expect(first?.text).not.toContain(checkIn.token);

    await moveTo(checkIn, new Browser(IPHONE));
    const second = await latestEmail(address, "check_in_moved");
    expect(notMeParts(second?.text).move).toBe("2");
    const count = await env.DB.prepare(
      "select count(*) as n from email_outbox where kind = 'check_in_moved' and to_address = ?",
    )
      .bind(address)
      .first<number>("n");
    expect(count).toBe(2);
  });

  it("outside development the stored copy and the logs keep no signature; the delivered email has it", async () => {
    const checkIn = await createCheckIn();
    const address = await storedAddress(checkIn);
    const PRODUCTION = {
      APP_ENV: "production",
      EMAIL_API_KEY: "re_move",
      EMAIL_API_URL: env.EMAIL_STANDIN_URL,
    } as const;
    const phone = new Browser(IPHONE);
    await phone.start(checkIn);
    const laptop = new Browser(WINDOWS);
    const claim = await freshClaim(checkIn, laptop);
    const lines: string[] = [];
    for (const method of ["log", "info", "warn", "error"] as const) {
      const original = console[method].bind(console);
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
        original(...args);
      });
    }
    const moved = await requestWithEnv(
      `/api/check-in/${checkIn.id}/claim?token=${encodeURIComponent(checkIn.token)}`,
      PRODUCTION,
      {
        method: "POST",
        headers: { ...laptop.headers(), "Content-Type": "application/json" },
        body: JSON.stringify({ attempt: laptop.attempt, claim }),
      },
    );
    vi.restoreAllMocks();
    expect(moved.status).toBe(200);
    const stored = await latestEmail(address, "check_in_moved");
    expect(stored?.text).toContain("notme=[removed]");
    expect(stored?.html).toContain("notme=[removed]");
    const delivered = (await (await fetch(`${env.EMAIL_STANDIN_URL}/__requests`)).json()) as { body: string }[];
    const sent = delivered.map((r) => r.body).find((body) => body.includes(address) && body.includes("notme="));
    const signature = sent?.match(/notme=([\w-]{43})/)?.[1];
    expect(signature).toHaveLength(43);
    expect(stored?.text).not.toContain(signature);
    expect(lines.join("\n")).not.toContain(signature);
  });
});

describe("'This wasn't me'", () => {
  it("its GET changes nothing; its POST closes the chat on every device and alerts the operator, once", async () => {
    const { checkIn, phone, laptop } = await movedChat();
    const chat = await chatOf(laptop, checkIn);
    const secondTab = await chatOf(laptop, checkIn);
    const codes: number[] = [];
    for (const tab of [chat, secondTab]) {
      tab.ws.addEventListener("close", (event) => {
        codes.push(event.code);
      });
    }
    const link = notMeParts((await latestEmail(await storedAddress(checkIn), "check_in_moved"))?.text);
    const query = `move=${link.move}&at=${link.at}&notme=${link.notme}`;
    const alerts = () =>
      env.DB.prepare("select count(*) as n from audit_logs where action = 'check_in.move_disputed' and target_id = ?")
        .bind(checkIn.id)
        .first<number>("n");

    // A scanner (or the person, before deciding) opens it: read only.
    for (let i = 0; i < 2; i++) {
      const viewed = await request(`/api/check-in/${checkIn.id}/not-me?${query}`);
      expect(viewed.status).toBe(200);
      expect(notMeInfoSchema.parse(await viewed.json())).toMatchObject({
        state: "open",
        organizationName: "Acme Sales",
      });
    }
    expect(await alerts()).toBe(0);
    expect(chat.closed).toBe(false);
    expect((await laptop.open(checkIn)).status).toBe(200);

    const confirmed = await request(`/api/check-in/${checkIn.id}/not-me`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ move: link.move, at: link.at, notme: link.notme }),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ closed: true, state: "closed" });
    // The new device: told why, then closed (every tab).
    const final = await chat.waitFor<"snapshot">((f) => f.type === "snapshot" && f.closedReason === "not_me");
    expect(final.status).toBe("expired");
    await vi.waitFor(() => expect(codes).toEqual([NOT_ME_CLOSE_CODE, NOT_ME_CLOSE_CODE]));
    // Both devices' links now say why, and no socket opens.
    for (const browser of [laptop, phone]) {
      const answer = await browser.open(checkIn);
      expect(answer.status).toBe(410);
      expect(await answer.json()).toMatchObject({
        error: CLOSED_ANSWERS.not_me,
      });
    }
    expect((await laptop.upgrade(checkIn)).status).toBe(410);
    expect((await phone.handover(checkIn, true)).status).toBe(410);
    // D1: expired; the operator's alert, once, naming the check-in and the move.
    const row = await env.DB.prepare("select status from check_ins where id = ?")
      .bind(checkIn.id)
      .first<string>("status");
    expect(row).toBe("expired");
    expect(await alerts()).toBe(1);
    const audit = await env.DB.prepare(
      "select organization_id, details from audit_logs where action = 'check_in.move_disputed' and target_id = ?",
    )
      .bind(checkIn.id)
      .first<{ organization_id: string; details: string }>();
    expect(audit?.organization_id).toBe(checkIn.organizationId);
    expect(JSON.parse(audit?.details ?? "{}")).toMatchObject({ move: 1, wasOpen: true });
    expect(audit?.details).not.toContain(link.notme);
    // The conversation is gone from the object.
    await vi.waitFor(async () => expect(await objectMessages(checkIn)).toEqual([]));

    // Again: nothing more happens.
    const again = await request(`/api/check-in/${checkIn.id}/not-me`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ move: link.move, at: link.at, notme: link.notme }),
    });
    expect(await again.json()).toEqual({ closed: false, state: "closed" });
    expect(await alerts()).toBe(1);
    const viewed = await request(`/api/check-in/${checkIn.id}/not-me?${query}`);
    expect(notMeInfoSchema.parse(await viewed.json()).state).toBe("closed");
  });

  it("a forged, altered or expired link gets a clear 4xx and changes nothing", async () => {
    const { checkIn, laptop } = await movedChat();
    const chat = await chatOf(laptop, checkIn);
    const link = notMeParts((await latestEmail(await storedAddress(checkIn), "check_in_moved"))?.text);
    const other = await createCheckIn();
    const oldAt = Date.now() - NOT_ME_TTL_MS - 60_000;
    // Genuinely signed, but more than a week old.
    const expired = notMeParts(
      `This wasn't me: ${await notMeUrl("http://localhost", { current: env.BETTER_AUTH_SECRET ?? "", previous: null }, checkIn.id, 1, oldAt)}`,
    );
    const cases: [string, string, Record<string, string>, number][] = [
      ["a made-up signature", checkIn.id, { move: "1", at: link.at, notme: "A".repeat(43) }, 403],
      ["another move's number", checkIn.id, { move: "2", at: link.at, notme: link.notme }, 403],
      ["another time", checkIn.id, { move: "1", at: String(Number(link.at) + 1), notme: link.notme }, 403],
      ["another check-in", other.id, { move: "1", at: link.at, notme: link.notme }, 403],
      ["a week old", checkIn.id, { move: "1", at: expired.at, notme: expired.notme }, 410],
      ["malformed", checkIn.id, { move: "x", at: link.at, notme: link.notme }, 400],
      ["no signature", checkIn.id, { move: "1", at: link.at }, 400],
    ];
    for (const [what, id, body, status] of cases) {
      const posted = await request(`/api/check-in/${id}/not-me`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(posted.status, what).toBe(status);
      const viewed = await request(`/api/check-in/${id}/not-me?${new URLSearchParams(body)}`);
      expect(viewed.status, what).toBe(status);
    }
    const changed = await env.DB.prepare(
      "select (select count(*) from audit_logs where action = 'check_in.move_disputed') as alerts, (select status from check_ins where id = ?) as status",
    )
      .bind(checkIn.id)
      .first<{ alerts: number; status: string }>();
    expect(changed?.status).toBe("pending");
    expect(
      await env.DB.prepare("select count(*) as n from audit_logs where target_id in (?, ?)")
        .bind(checkIn.id, other.id)
        .first<number>("n"),
    ).toBe(0);
    expect(chat.closed).toBe(false);
    await chat.say("Still here.");
  });
});
