import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, deviceKindOf, deviceSecretOf, wellFormedSecret } from "../../worker/checkin/device";

/** The device that owns a chat: the User-Agent's coarse kind, the cookie's secret. */
describe("deviceKindOf", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148", "iphone"],
    ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)", "ipad"],
    ["Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36", "android-phone"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36", "android-tablet"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", "mac"],
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0", "windows"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) Chrome/131.0", "chromebook"],
    ["Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0", "linux"],
    ["curl/8.5.0", "other"],
    [null, "other"],
  ] as const)("%s → %s", (ua, kind) => {
    expect(deviceKindOf(ua)).toBe(kind);
  });

  it("reads only the first 512 characters of a huge header", () => {
    expect(deviceKindOf(`${"x".repeat(100_000)} iPhone`)).toBe("other");
  });
});

describe("the device cookie", () => {
  const secret = `${"A".repeat(42)}b`;
  const request = (cookie: string) => new Request("http://localhost/api/check-in/x", { headers: { Cookie: cookie } });

  it("accepts only a 43-character base64url secret", () => {
    expect(wellFormedSecret(secret)).toBe(secret);
    for (const bad of [null, "", "short", `${secret}x`, `${"A".repeat(42)}=`]) expect(wellFormedSecret(bad)).toBeNull();
  });

  it("finds its own cookie among others, and ignores a malformed one", () => {
    expect(deviceSecretOf(request(`other=1; ${DEVICE_COOKIE}=${secret}; more=2`))).toBe(secret);
    expect(deviceSecretOf(request(`${DEVICE_COOKIE}=not-a-secret`))).toBeNull();
    expect(deviceSecretOf(request(`x${DEVICE_COOKIE}=${secret}`))).toBeNull();
    expect(deviceSecretOf(new Request("http://localhost/"))).toBeNull();
  });
});
