import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { openElsewhereSchema } from "../../worker/shared/checkin-protocol";
import { latestEmail, randomIp } from "./auth-helpers";
import { ChatClient, claimChat, newAttempt, type TestCheckIn, upgrade, wsPath } from "./checkin-helpers";

/**
 * A browser for the move tests (issue 22 item 3): its own device cookie, User-Agent and claim
 * attempt, and the check-in routes it calls as the page does.
 */
export const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
export const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36";

const linkPath = (c: TestCheckIn, action = "") => `/api/check-in/${c.id}${action}?token=${encodeURIComponent(c.token)}`;

export class Browser {
  cookie: string | null = null;
  readonly attempt = newAttempt();
  constructor(readonly userAgent: string) {}

  headers(): Record<string, string> {
    return { "User-Agent": this.userAgent, ...(this.cookie ? { Cookie: this.cookie } : {}) };
  }

  open(checkIn: TestCheckIn) {
    return exports.default.fetch(new Request(`http://localhost${linkPath(checkIn)}`, { headers: this.headers() }));
  }

  async start(checkIn: TestCheckIn, claim?: string) {
    const claimed = await claimChat(checkIn, {
      headers: this.headers(),
      body: { attempt: this.attempt, ...(claim ? { claim } : {}) },
    });
    if (claimed.cookie) this.cookie = claimed.cookie;
    return claimed.response;
  }

  async askFreshLink(checkIn: TestCheckIn) {
    const response = await exports.default.fetch(
      new Request(`http://localhost${linkPath(checkIn, "/fresh-link")}`, {
        method: "POST",
        headers: { ...this.headers(), "cf-connecting-ip": randomIp() },
      }),
    );
    const set = response.headers.get("Set-Cookie");
    if (set && !this.cookie) this.cookie = set.split(";")[0] ?? null;
    return response;
  }

  handover(checkIn: TestCheckIn, approve: boolean) {
    return exports.default.fetch(
      new Request(`http://localhost${linkPath(checkIn, "/handover")}`, {
        method: "POST",
        headers: { ...this.headers(), "Content-Type": "application/json" },
        body: JSON.stringify({ approve }),
      }),
    );
  }

  upgrade(checkIn: TestCheckIn) {
    return upgrade(wsPath(checkIn), this.headers());
  }

  chat(checkIn: TestCheckIn) {
    return ChatClient.open(checkIn, this.headers());
  }
}

export async function storedAddress(checkIn: TestCheckIn): Promise<string> {
  const address = await env.DB.prepare("select delivery_address from check_ins where id = ?")
    .bind(checkIn.id)
    .first<string>("delivery_address");
  if (!address) throw new Error("the check-in has no stored address");
  return address;
}

/** The fresh link's claim from the member's email, asked for by `browser`. */
export async function freshClaim(checkIn: TestCheckIn, browser: Browser): Promise<string> {
  expect((await browser.askFreshLink(checkIn)).status).toBe(200);
  const email = await latestEmail(await storedAddress(checkIn), "check_in_fresh_link");
  const claim = email?.text.match(/[?&]claim=([\w-]{43})/)?.[1];
  if (!claim) throw new Error("no claim in the fresh-link email");
  return claim;
}

/** Moves the chat to `to` by a fresh link ("Continue my check-in here"). */
export async function moveTo(checkIn: TestCheckIn, to: Browser) {
  const claim = await freshClaim(checkIn, to);
  const response = await to.start(checkIn, claim);
  expect(response.status).toBe(200);
}

/** The 409 other-device answer's details. */
export async function elsewhere(response: Response) {
  expect(response.status).toBe(409);
  const body = (await response.json()) as { error: { code: string; details: unknown } };
  expect(body.error.code).toBe("open_elsewhere");
  return openElsewhereSchema.parse(body.error.details);
}

/** The "This wasn't me" link's parts, from a moved email's text. */
export function notMeParts(text: string | undefined): { url: URL; move: string; at: string; notme: string } {
  const match = text?.match(/This wasn't me: (\S+)/)?.[1];
  if (!match) throw new Error("no 'This wasn't me' link in the email");
  const url = new URL(match);
  return {
    url,
    move: url.searchParams.get("move") ?? "",
    at: url.searchParams.get("at") ?? "",
    notme: url.searchParams.get("notme") ?? "",
  };
}
