import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getAuth } from "../../worker/auth/auth";
import { createAdmin, emailedLink, randomIp } from "./auth-helpers";
import { request } from "./helpers";

/**
 * No session token in any JSON body (issue 12 item 9). Every endpoint better-auth serves
 * under /api/auth is called with a signed-in cookie (read from better-auth's own endpoint
 * table, so an endpoint added by an upgrade is called too), plus the routes we put in
 * front of it; every session token D1 has ever held during the run is then looked for in
 * every answer. The calls that end sessions run last.
 */
type Call = { method: "GET" | "POST"; path: string; body?: unknown };

const LAST = [
  "/change-password",
  "/revoke-session",
  "/revoke-other-sessions",
  "/revoke-sessions",
  "/sign-out",
  "/delete-user",
];

describe("session tokens stay in the httpOnly cookie", () => {
  it("appear in no answer of any auth route, list-sessions included", { timeout: 60_000 }, async () => {
    const admin = await createAdmin();
    const jar = new Map<string, string>();
    const remember = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const pair = line.split(";")[0] ?? "";
        const name = pair.slice(0, pair.indexOf("="));
        const value = pair.slice(pair.indexOf("=") + 1);
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
    };
    for (const pair of admin.cookie.split("; "))
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));

    const tokens = new Set<string>();
    const collectTokens = async () => {
      const rows = await env.DB.prepare("select token from session").all<{ token: string }>();
      for (const row of rows.results) tokens.add(row.token);
      for (const value of jar.values()) tokens.add(decodeURIComponent(value).split(".")[0] ?? value);
    };
    const answers: { what: string; status: number; text: string }[] = [];
    const ip = randomIp();
    const call = async ({ method, path, body }: Call) => {
      const headers = new Headers({ "cf-connecting-ip": ip, origin: "http://localhost:5173" });
      headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
      if (method === "POST") headers.set("content-type", "application/json");
      const response = await request(`/api/auth${path}`, {
        method,
        headers,
        ...(method === "POST" ? { body: JSON.stringify(body ?? {}) } : {}),
      });
      remember(response);
      answers.push({ what: `${method} ${path}`, status: response.status, text: await response.text() });
      await collectTokens();
      return response;
    };

    // A second and a third session for the same user, one of them by magic link.
    await call({ method: "POST", path: "/sign-in/email", body: { email: admin.email, password: admin.password } });
    await call({ method: "POST", path: "/sign-in/magic-link", body: { email: admin.email } });
    const { token: magicToken } = await emailedLink(admin.email, "magic_link");
    await call({ method: "GET", path: `/magic-link/verify?token=${encodeURIComponent(magicToken)}` });

    const specific: Record<string, Call> = {
      "/sign-in/email": {
        method: "POST",
        path: "/sign-in/email",
        body: { email: admin.email, password: admin.password },
      },
      "/verify-password": { method: "POST", path: "/verify-password", body: { password: admin.password } },
      "/change-password": {
        method: "POST",
        path: "/change-password",
        body: { currentPassword: admin.password, newPassword: admin.password, revokeOtherSessions: true },
      },
      "/update-user": { method: "POST", path: "/update-user", body: { firstName: "Tokenless" } },
      "/revoke-session": { method: "POST", path: "/revoke-session", body: { token: "not-a-token" } },
    };
    const endpoints: Call[] = [];
    for (const endpoint of Object.values(getAuth(env).api)) {
      const { path, options } = endpoint as unknown as { path?: string; options?: { method?: unknown } };
      if (!path) continue; // server-only endpoints have no HTTP path
      const methods = Array.isArray(options?.method) ? options.method : [options?.method];
      const method = methods.includes("GET") ? "GET" : "POST";
      const concrete = path.replace(/:\w+/g, "probe");
      endpoints.push(specific[path] ?? { method, path: concrete });
    }
    endpoints.sort((a, b) => LAST.indexOf(a.path) - LAST.indexOf(b.path));
    expect(endpoints.length).toBeGreaterThan(25);

    let listed: unknown;
    for (const endpoint of endpoints) {
      const response = await call(endpoint);
      if (endpoint.path === "/list-sessions") listed = JSON.parse(answers.at(-1)?.text ?? "null");
      if (endpoint.path === "/get-session") expect(response.status).toBe(200);
    }
    // Positive control: list-sessions did answer, with every session but no token.
    expect(Array.isArray(listed) && listed.length).toBeGreaterThanOrEqual(3);
    expect(listed).toEqual(expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]));

    const tokenList = [...tokens].filter((token) => token.length >= 16);
    expect(tokenList.length).toBeGreaterThanOrEqual(3);
    const json = answers.filter((answer) => answer.text.startsWith("{") || answer.text.startsWith("["));
    expect(json.length).toBeGreaterThan(20);
    const leaks = json.flatMap(({ what, text }) =>
      tokenList.filter((token) => text.includes(token)).map(() => `a session token in ${what}`),
    );
    expect(leaks).toEqual([]);
  });
});
