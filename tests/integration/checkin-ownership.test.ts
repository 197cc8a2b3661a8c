import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import {
  checkInInfoSchema,
  MOVED_CLOSE_CODE,
  OPEN_ELSEWHERE_MESSAGE,
  openElsewhereSchema,
} from "../../worker/shared/checkin-protocol";
import { latestEmail } from "./auth-helpers";
import { ChatClient, createCheckIn, sessionStub, sleep, type TestCheckIn, upgrade, wsPath } from "./checkin-helpers";

/**
 * The chat belongs to the first browser that opens the link (README → Chat ownership):
 * the cookie, the refusal of every other browser (which never receives a message), the
 * salesperson's view of when and on what it was opened, and the fresh link that moves it.
 */

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

const infoPath = (c: { id: string; token: string }, extra = "") =>
  `/api/check-in/${c.id}?token=${encodeURIComponent(c.token)}${extra}`;

/** A browser: its own cookie jar (just the device cookie) and User-Agent. */
class Browser {
  cookie: string | null = null;
  constructor(readonly userAgent: string) {}

  headers(): Record<string, string> {
    return { "User-Agent": this.userAgent, ...(this.cookie ? { Cookie: this.cookie } : {}) };
  }

  async open(checkIn: TestCheckIn, extra = "", base = "http://localhost") {
    const response = await exports.default.fetch(
      new Request(`${base}${infoPath(checkIn, extra)}`, { headers: this.headers() }),
    );
    const set = response.headers.get("Set-Cookie");
    if (set) this.cookie = set.split(";")[0] ?? null;
    return { response, setCookie: set };
  }

  upgrade(checkIn: TestCheckIn) {
    return upgrade(wsPath(checkIn), this.headers());
  }

  chat(checkIn: TestCheckIn) {
    return ChatClient.open(checkIn, this.headers());
  }
}

async function elsewhere(response: Response) {
  expect(response.status).toBe(409);
  const body = (await response.json()) as { error: { code: string; message: string; details: unknown } };
  expect(body.error.code).toBe("open_elsewhere");
  expect(body.error.message).toBe(OPEN_ELSEWHERE_MESSAGE);
  return openElsewhereSchema.parse(body.error.details);
}

describe("the first browser that opens the link owns the chat", () => {
  it("gets an httpOnly, SameSite=Strict cookie scoped to this check-in's API routes, and sees when and on what it opened", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    const before = Date.now();
    const { response, setCookie } = await phone.open(checkIn);
    expect(response.status).toBe(200);
    expect(setCookie).toMatch(/^checkin_device=[\w-]{43}; /);
    const attributes = (setCookie ?? "").split("; ").slice(1);
    expect(attributes).toContain(`Path=/api/check-in/${checkIn.id}`);
    expect(attributes).toContain("HttpOnly");
    expect(attributes).toContain("SameSite=Strict");
    expect(attributes).not.toContain("Secure"); // plain http here; see the https case below
    const info = checkInInfoSchema.parse(await response.json());
    expect(info.device?.kind).toBe("iphone");
    expect(info.device?.openedAt).toBeGreaterThanOrEqual(before);
    expect(info.device?.movedAt).toBeNull();

    // The object keeps the secret's hash only.
    const secret = phone.cookie?.split("=")[1] ?? "";
    const stored = await runInDurableObject(sessionStub(checkIn.id), (_instance, state) =>
      JSON.stringify(state.storage.sql.exec("select * from owner").toArray()),
    );
    expect(stored).not.toContain(secret);
    expect(stored).toContain("iphone");

    // Reloading in the same browser keeps it the owner, with the same first-opened time.
    const again = await phone.open(checkIn);
    expect(again.response.status).toBe(200);
    expect(checkInInfoSchema.parse(await again.response.json()).device?.openedAt).toBe(info.device?.openedAt);
  });

  it("sets the cookie Secure over https", async () => {
    const checkIn = await createCheckIn();
    const { response, setCookie } = await new Browser(IPHONE).open(checkIn, "", "https://localhost");
    expect(response.status).toBe(200);
    expect((setCookie ?? "").split("; ")).toContain("Secure");
  });

  it("refuses every other browser with a clear answer, and that browser never receives a message", async () => {
    const checkIn = await createCheckIn({ firstName: "Robin" });
    const phone = new Browser(IPHONE);
    await phone.open(checkIn);
    const owner = await phone.chat(checkIn);
    const first = "Honestly the pipeline is thin and I'm worried about my number.";
    await owner.say(first);

    // The manager's laptop, with the same link: refused, told when and on what it was opened.
    const laptop = new Browser(WINDOWS);
    const { response, setCookie } = await laptop.open(checkIn);
    expect(setCookie).toBeNull();
    const details = await elsewhere(response);
    expect(details.owner.kind).toBe("iphone");
    expect(details.freshLink).toBe(true);

    // No socket without the owner's cookie, nor with a forged one; nothing of the chat in the answer.
    for (const cookie of [null, `checkin_device=${"A".repeat(43)}`]) {
      laptop.cookie = cookie;
      const refused = await laptop.upgrade(checkIn);
      expect(refused.status).toBe(403);
      expect(refused.webSocket).toBeNull();
      const text = await refused.text();
      expect(text).not.toContain("worried");
      expect(text).not.toContain("Robin");
    }

    // The owner goes on, undisturbed, and its own reload still sees everything.
    await owner.say("Pricing approvals take a week.");
    owner.close();
    const reloaded = await phone.chat(checkIn);
    expect(reloaded.latestSnapshot()?.messages.some((m) => m.content.includes("worried"))).toBe(true);
    reloaded.close();
  });

  it("a socket opened before anyone owned the chat is closed when a browser takes it, and gets nothing after", async () => {
    const checkIn = await createCheckIn();
    const early = await ChatClient.open(checkIn); // no cookie, chat unowned: allowed (non-browser clients)
    const phone = new Browser(IPHONE);
    await phone.open(checkIn);
    await vi.waitFor(() => expect(early.closed).toBe(true));
    const owner = await phone.chat(checkIn);
    await owner.say("Something only the owner should see: quota anxiety.");
    await sleep(50);
    expect(early.raw.join("\n")).not.toContain("quota anxiety");
    expect((await upgrade(wsPath(checkIn))).status).toBe(403);
    owner.close();
  });
});

describe("a salesperson who loses that browser can continue", () => {
  it("a fresh link to the member's own email moves the chat, once; the old browser is shut out", async () => {
    const checkIn = await createCheckIn({ firstName: "Sam" });
    const memberEmail = await env.DB.prepare("select email from team_members where id = ?")
      .bind(checkIn.teamMemberId)
      .first<string>("email");
    const oldPhone = new Browser(IPHONE);
    await oldPhone.open(checkIn);
    const old = await oldPhone.chat(checkIn);
    let closeCode = 0;
    old.ws.addEventListener("close", (event) => {
      closeCode = event.code;
    });
    await old.say("Started on my old phone: the CRM is slow.");

    // A new laptop: refused, then asks for a fresh link. It goes to the member's email only.
    const laptop = new Browser(WINDOWS);
    await elsewhere((await laptop.open(checkIn)).response);
    const freshPath = `/api/check-in/${checkIn.id}/fresh-link?token=${encodeURIComponent(checkIn.token)}`;
    const asked = await exports.default.fetch(new Request(`http://localhost${freshPath}`, { method: "POST" }));
    expect(asked.status).toBe(200);
    const askedText = await asked.text();
    const email = await latestEmail(memberEmail ?? "", "check_in_fresh_link");
    expect(email?.status).toBe("sent");
    const claim = email?.text.match(/[?&]claim=([\w-]{43})/)?.[1] ?? "";
    expect(claim).toHaveLength(43);
    expect(askedText).not.toContain(claim);
    // One a minute.
    const again = await exports.default.fetch(new Request(`http://localhost${freshPath}`, { method: "POST" }));
    expect(again.status).toBe(429);

    // Opening it moves the chat: a new cookie, the transcript is there, the old phone is closed.
    const moved = await laptop.open(checkIn, `&claim=${claim}`);
    expect(moved.response.status).toBe(200);
    const info = checkInInfoSchema.parse(await moved.response.json());
    expect(info.device).toMatchObject({ kind: "windows" });
    expect(info.device?.movedAt).not.toBeNull();
    await vi.waitFor(() => expect(old.closed).toBe(true));
    // The old tab is told why (the page then shows the other-device screen instead of reconnecting).
    expect(closeCode).toBe(MOVED_CLOSE_CODE);
    const now = await laptop.chat(checkIn);
    expect(now.latestSnapshot()?.messages.some((m) => m.content.includes("CRM is slow"))).toBe(true);
    await now.say("Carrying on from the laptop.");

    // The old phone: refused on reload and on the socket.
    await elsewhere((await oldPhone.open(checkIn)).response);
    expect((await oldPhone.upgrade(checkIn)).status).toBe(403);
    // The claim works once: a third browser with it is refused.
    const third = new Browser(IPHONE);
    await elsewhere((await third.open(checkIn, `&claim=${claim}`)).response);
    now.close();
  });
});
