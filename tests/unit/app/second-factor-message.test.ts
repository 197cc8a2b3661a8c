import { describe, expect, it } from "vitest";
import { secondFactorErrorMessage } from "@/auth/messages";

/** The two-factor sign-in's refusals, in our words rather than better-auth's. */
describe("a refused second factor", () => {
  it("says a recovery code may have been used already", () => {
    const message = secondFactorErrorMessage({
      status: 401,
      code: "INVALID_BACKUP_CODE",
      message: "Invalid backup code",
    });
    expect(message).toBe("That recovery code is invalid or was already used. Each code works once.");
  });

  it("says how to get a fresh app code", () => {
    expect(secondFactorErrorMessage({ status: 401, code: "INVALID_CODE", message: "Invalid code" })).toBe(
      "That code is not right. Check the time on your phone and try the newest code.",
    );
  });

  it("passes anything else through", () => {
    expect(secondFactorErrorMessage({ status: 429, code: "TOO_MANY", message: "Too many attempts" })).toBe(
      "Too many attempts",
    );
  });
});
