import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { hashDeviceSecret } from "../../worker/checkin/device";
import { CLAIM_INTERVAL_MS, CLAIM_RETRY_MS, MAX_CLAIMS_PER_DEVICE } from "../../worker/checkin/ownership";
import {
  checkInInfoSchema,
  MOVED_CLOSE_CODE,
  OPEN_ELSEWHERE_MESSAGE,
  openElsewhereSchema,
} from "../../worker/shared/checkin-protocol";
import { latestEmail } from "./auth-helpers";
import {
  ChatClient,
  claimChat,
  createCheckIn,
  newAttempt,
  sessionStub,
  sleep,
  type TestCheckIn,
  upgrade,
  wsPath,
} from "./checkin-helpers";

/**
 * The chat belongs to the first browser that starts it (README → Chat ownership): opening the
 * link claims nothing, the claim's cookie, a claim repeated by the same browser, the refusal of
 * every other browser (which never receives a message), the salesperson's view of when and on
 * what it was started, and the fresh link that moves it, whose limits count per asking browser.
 */

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

const infoPath = (c: { id: string; token: string }) => `/api/check-in/${c.id}?token=${encodeURIComponent(c.token)}`;

/** A browser: its own cookie jar (just the device cookie), User-Agent and claim attempt. */
class Browser {
  cookie: string | null = null;
  /** The page keeps one attempt per check-in for the tab's life (CheckInPage's claimAttempt). */
  readonly attempt = newAttempt();
  constructor(readonly userAgent: string) {}

  headers(): Record<string, string> {
    return { "User-Agent": this.userAgent, ...(this.cookie ? { Cookie: this.cookie } : {}) };
  }

  /** Opens the link: the page's GET, read only. */
  async open(checkIn: TestCheckIn, base = "http://localhost") {
    const response = await exports.default.fetch(
      new Request(`${base}${infoPath(checkIn)}`, { headers: this.headers() }),
    );
    return { response, setCookie: response.headers.get("Set-Cookie") };
  }

  /** Clicks "Start my check-in" (or, with a fresh link's claim, "Continue my check-in here"). */
  async start(checkIn: TestCheckIn, options: { claim?: string; base?: string; attempt?: string | null } = {}) {
    const attempt = options.attempt === undefined ? this.attempt : options.attempt;
    const body = { ...(attempt ? { attempt } : {}), ...(options.claim ? { claim: options.claim } : {}) };
    const claimed = await claimChat(checkIn, {
      headers: this.headers(),
      body,
      ...(options.base ? { base: options.base } : {}),
    });
    if (claimed.cookie) this.cookie = claimed.cookie;
    return claimed;
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

/** The object's own record of the owner (hashes only), or null while nobody owns the chat. */
const ownerRow = (checkIn: TestCheckIn) =>
  runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
    const sql = state.storage.sql;
    const tables = sql.exec<{ name: string }>("select name from sqlite_master where type = 'table'").toArray();
    if (!tables.some((t) => t.name === "owner")) return null;
    return (sql.exec("select * from owner").toArray()[0] as Record<string, unknown> | undefined) ?? null;
  });

describe("opening the link claims nothing; the first browser that starts the chat owns it", () => {
  it("a scanner or preview that opens the link, as often as it likes, claims nothing; the person's browser then takes the chat", async () => {
    const checkIn = await createCheckIn({ firstName: "Robin" });
    // A mail scanner: fetches the link with and without cookies, from several addresses.
    const scanner = new Browser("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0 Safari/537.36");
    for (let i = 0; i < 3; i++) {
      const { response, setCookie } = await scanner.open(checkIn);
      expect(response.status).toBe(200);
      expect(setCookie).toBeNull();
      const info = checkInInfoSchema.parse(await response.json());
      expect(info.device).toBeUndefined();
    }
    expect(await ownerRow(checkIn)).toBeNull();

    // The salesperson, later: "Start my check-in" makes the chat theirs.
    const phone = new Browser(IPHONE);
    expect((await phone.open(checkIn)).response.status).toBe(200);
    const { response } = await phone.start(checkIn);
    expect(response.status).toBe(200);
    expect(checkInInfoSchema.parse(await response.json()).device?.kind).toBe("iphone");
    const owner = await phone.chat(checkIn);
    await owner.say("Only my browser should ever see this.");
    owner.close();
    // The scanner coming back is now just another browser.
    await elsewhere((await scanner.open(checkIn)).response);
    expect((await scanner.upgrade(checkIn)).status).toBe(403);
  });

  it("the claim gets an httpOnly, SameSite=Strict cookie scoped to this check-in's API routes, and says when and on what", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    const before = Date.now();
    const { response, setCookie } = await phone.start(checkIn);
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
    const stored = JSON.stringify(await ownerRow(checkIn));
    expect(stored).not.toContain(secret);
    expect(stored).toContain(await hashDeviceSecret(secret));
    expect(stored).toContain("iphone");

    // Reloading in the same browser: the GET says it owns the chat, with the same start time.
    const again = await phone.open(checkIn);
    expect(again.response.status).toBe(200);
    expect(checkInInfoSchema.parse(await again.response.json()).device?.openedAt).toBe(info.device?.openedAt);
  });

  it("sets the cookie Secure over https", async () => {
    const checkIn = await createCheckIn();
    const { response, setCookie } = await new Browser(IPHONE).start(checkIn, { base: "https://localhost" });
    expect(response.status).toBe(200);
    expect((setCookie ?? "").split("; ")).toContain("Secure");
  });

  it("a claim repeated by the same browser — at once, twice in flight, or after its answer was lost — is answered as the owner's", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    // Two claims in flight from one page (a double tap, React's development mode): neither has a cookie yet.
    const [first, second] = await Promise.all([
      claimChat(checkIn, { headers: phone.headers(), body: { attempt: phone.attempt } }),
      claimChat(checkIn, { headers: phone.headers(), body: { attempt: phone.attempt } }),
    ]);
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    expect(first.cookie).not.toBeNull();
    expect(second.cookie).toBe(first.cookie);
    // The answer was lost (no cookie arrived): the page's retry still finds the chat its own.
    const retried = await claimChat(checkIn, { headers: phone.headers(), body: { attempt: phone.attempt } });
    expect(retried.response.status).toBe(200);
    expect(retried.cookie).toBe(first.cookie);
    // With the cookie, claiming again changes nothing.
    phone.cookie = first.cookie;
    const withCookie = await phone.start(checkIn, { attempt: null });
    expect(withCookie.response.status).toBe(200);
    expect(withCookie.cookie).toBe(first.cookie);
    // Another page (its own attempt, no cookie) is another browser.
    await elsewhere((await claimChat(checkIn, { body: { attempt: newAttempt() } })).response);
    await elsewhere((await claimChat(checkIn)).response);
    const chat = await phone.chat(checkIn);
    chat.close();
  });

  it("an attempt alone stops counting a few minutes after the claim: from then on only the cookie does", async () => {
    const checkIn = await createCheckIn();
    const phone = new Browser(IPHONE);
    expect((await phone.start(checkIn)).response.status).toBe(200);
    await runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
      state.storage.sql.exec("update owner set opened_at = opened_at - ?", CLAIM_RETRY_MS + 1000);
    });
    await elsewhere((await claimChat(checkIn, { body: { attempt: phone.attempt } })).response);
    expect((await phone.start(checkIn)).response.status).toBe(200);
  });

  it("refuses a claim from another site, and a malformed body, before anything is claimed", async () => {
    const checkIn = await createCheckIn();
    const foreign = await claimChat(checkIn, { headers: { Origin: "https://evil.example" } });
    expect(foreign.response.status).toBe(403);
    for (const body of [{ attempt: "short" }, { claim: "x".repeat(44) }] as Record<string, string>[]) {
      expect((await claimChat(checkIn, { body })).response.status).toBe(400);
    }
    const junk = await exports.default.fetch(
      new Request(`http://localhost/api/check-in/${checkIn.id}/claim?token=${encodeURIComponent(checkIn.token)}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      }),
    );
    expect(junk.status).toBe(400);
    expect(await ownerRow(checkIn)).toBeNull();
    // A wrong token is a wrong link, on the claim as on every check-in route.
    expect((await claimChat({ id: checkIn.id, token: "not-the-token" })).response.status).toBe(404);
    expect(await ownerRow(checkIn)).toBeNull();
  });

  it("refuses every other browser with a clear answer, and that browser never receives a message", async () => {
    const checkIn = await createCheckIn({ firstName: "Robin" });
    const phone = new Browser(IPHONE);
    await phone.start(checkIn);
    const owner = await phone.chat(checkIn);
    const first = "Honestly the pipeline is thin and I'm worried about my number.";
    await owner.say(first);

    // The manager's laptop, with the same link: refused on open and on start, told when and on what.
    const laptop = new Browser(WINDOWS);
    const { response, setCookie } = await laptop.open(checkIn);
    expect(setCookie).toBeNull();
    const details = await elsewhere(response);
    expect(details.owner.kind).toBe("iphone");
    expect(details.freshLink).toBe(true);
    const started = await laptop.start(checkIn);
    expect(started.setCookie).toBeNull();
    await elsewhere(started.response);

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
    await phone.start(checkIn);
    await vi.waitFor(() => expect(early.closed).toBe(true));
    const owner = await phone.chat(checkIn);
    await owner.say("Something only the owner should see: quota anxiety.");
    await sleep(50);
    expect(early.raw.join("\n")).not.toContain("quota anxiety");
    expect((await upgrade(wsPath(checkIn))).status).toBe(403);
    owner.close();
  });
});

const freshPath = (checkIn: TestCheckIn) =>
  `/api/check-in/${checkIn.id}/fresh-link?token=${encodeURIComponent(checkIn.token)}`;

async function askFreshLink(checkIn: TestCheckIn, browser: Browser | null, ip = "192.0.2.10") {
  const response = await exports.default.fetch(
    new Request(`http://localhost${freshPath(checkIn)}`, {
      method: "POST",
      headers: { "cf-connecting-ip": ip, ...(browser?.headers() ?? {}) },
    }),
  );
  // The asking browser is counted by its cookie (set here if it had none).
  const set = response.headers.get("Set-Cookie");
  if (browser && set && !browser.cookie) browser.cookie = set.split(";")[0] ?? null;
  return response;
}

const claimsIn = (text: string | undefined) =>
  [...(text ?? "").matchAll(/[?&]claim=([\w-]{43})/g)].map((m) => m[1] ?? "");

describe("a salesperson who loses that browser can continue", () => {
  it("a fresh link to the check-in's own address moves the chat, once, by a click; the old browser is shut out", async () => {
    const checkIn = await createCheckIn({ firstName: "Sam" });
    const memberEmail = await env.DB.prepare("select delivery_address from check_ins where id = ?")
      .bind(checkIn.id)
      .first<string>("delivery_address");
    const oldPhone = new Browser(IPHONE);
    await oldPhone.start(checkIn);
    const old = await oldPhone.chat(checkIn);
    let closeCode = 0;
    old.ws.addEventListener("close", (event) => {
      closeCode = event.code;
    });
    await old.say("Started on my old phone: the CRM is slow.");

    // A new laptop: refused, then asks for a fresh link. It goes to the check-in's address only.
    const laptop = new Browser(WINDOWS);
    await elsewhere((await laptop.open(checkIn)).response);
    const asked = await askFreshLink(checkIn, laptop);
    expect(asked.status).toBe(200);
    const askedText = await asked.text();
    const email = await latestEmail(memberEmail ?? "", "check_in_fresh_link");
    expect(email?.status).toBe("sent");
    const claim = claimsIn(email?.text)[0] ?? "";
    expect(claim).toHaveLength(43);
    expect(askedText).not.toContain(claim);
    // One a minute for this browser.
    expect((await askFreshLink(checkIn, laptop)).status).toBe(429);

    // Opening the fresh link claims nothing (a scanner may open it): the GET is still refused…
    await elsewhere((await laptop.open(checkIn)).response);
    expect(old.closed).toBe(false);
    // …the click moves the chat: a new cookie, the old phone is closed.
    const moved = await laptop.start(checkIn, { claim });
    expect(moved.response.status).toBe(200);
    const info = checkInInfoSchema.parse(await moved.response.json());
    expect(info.device).toMatchObject({ kind: "windows" });
    expect(info.device?.movedAt).not.toBeNull();
    await vi.waitFor(() => expect(old.closed).toBe(true));
    // The old tab is told why (the page then shows the other-device screen instead of reconnecting).
    expect(closeCode).toBe(MOVED_CLOSE_CODE);
    // It continues the chat without the earlier messages (checkin-move.test.ts: unless the old phone approves).
    const now = await laptop.chat(checkIn);
    expect(now.latestSnapshot()?.messages.some((m) => m.content.includes("CRM is slow"))).toBe(false);
    expect(now.latestSnapshot()?.earlierHidden).toBeDefined();
    await now.say("Carrying on from the laptop.");

    // The old phone: refused on reload and on the socket.
    await elsewhere((await oldPhone.open(checkIn)).response);
    expect((await oldPhone.upgrade(checkIn)).status).toBe(403);
    // The claim works once: a third browser with it is refused, and told so.
    const third = new Browser(IPHONE);
    const reused = await elsewhere((await third.start(checkIn, { claim })).response);
    expect(reused.claimRefused).toBe(true);
    now.close();
  });

  it("someone else holding the link cannot use up the member's fresh links: each asking browser has its own, and none voids another's", async () => {
    const checkIn = await createCheckIn();
    const address = await env.DB.prepare("select delivery_address from check_ins where id = ?")
      .bind(checkIn.id)
      .first<string>("delivery_address");
    const intruder = new Browser(WINDOWS);
    await intruder.start(checkIn); // took the chat with a forwarded link
    const member = new Browser(IPHONE);
    await elsewhere((await member.open(checkIn)).response);

    // The member asks first; then the intruder asks as often as its limits allow, from many addresses.
    expect((await askFreshLink(checkIn, member, "198.51.100.1")).status).toBe(200);
    const memberClaim = claimsIn((await latestEmail(address ?? "", "check_in_fresh_link"))?.text)[0] ?? "";
    const skipMinute = () =>
      runInDurableObject(sessionStub(checkIn.id), (_instance, state) => {
        state.storage.sql.exec("update fresh_links set issued_at = issued_at - ?", CLAIM_INTERVAL_MS + 1000);
      });
    for (let i = 0; i < MAX_CLAIMS_PER_DEVICE; i++) {
      expect((await askFreshLink(checkIn, intruder, `203.0.113.${i + 1}`)).status).toBe(200);
      await skipMinute();
    }
    const refused = await askFreshLink(checkIn, intruder, "203.0.113.99");
    expect(refused.status).toBe(429);

    // The member's own browser can still ask, and the link it asked for first still works.
    expect((await askFreshLink(checkIn, member, "198.51.100.1")).status).toBe(200);
    const moved = await member.start(checkIn, { claim: memberClaim });
    expect(moved.response.status).toBe(200);
    expect(checkInInfoSchema.parse(await moved.response.json()).device?.kind).toBe("iphone");
  });

  it("one address asks for a few fresh links an hour, whatever the browsers behind it", async () => {
    const checkIn = await createCheckIn();
    await new Browser(IPHONE).start(checkIn);
    const statuses: number[] = [];
    // Cookie-less clients: a new "browser" every time, all from one /64.
    for (let i = 0; i < 6; i++) statuses.push((await askFreshLink(checkIn, null, `2001:db8:5:5::${i + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await askFreshLink(checkIn, null, "2001:db8:5:6::1")).status).toBe(200);
  });
});
