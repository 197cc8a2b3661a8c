import { describe, expect, it } from "vitest";
import {
  canonicalRecoveryCode,
  canonicalStoredCodes,
  newRecoveryCodes,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_INPUT_MAX,
} from "../../worker/auth/recovery-code-format";

describe("new recovery codes", () => {
  it("are ten different codes of two groups of five, from the alphabet without look-alikes", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it("use every letter of the alphabet, one per value of a byte's low five bits", () => {
    let next = 0;
    const counting = (count: number) => Uint8Array.from({ length: count }, () => next++ % 256);
    const codes = newRecoveryCodes(counting);
    expect(codes[0]).toBe("01234-56789");
    expect(codes[1]).toBe("ABCDE-FGHJK");
    expect(new Set(codes.join("").replaceAll("-", ""))).toEqual(new Set(RECOVERY_CODE_ALPHABET));
  });

  it("are shown as they are read back", () => {
    for (const code of newRecoveryCodes()) expect(canonicalRecoveryCode(code)).toBe(code.replace("-", ""));
  });
});

describe("a typed recovery code", () => {
  it("ignores case, spaces and dashes", () => {
    for (const typed of [
      "7K2QD-M9XWA",
      "7k2qd-m9xwa",
      "  7k2qd m9xwa\t",
      "7K2QDM9XWA",
      "7k2 qd—m9x wa",
      "7K2QD_M9XWA",
    ]) {
      expect(canonicalRecoveryCode(typed), typed).toBe("7K2QDM9XWA");
    }
  });

  it("reads O as 0 and I or L as 1, in either case", () => {
    expect(canonicalRecoveryCode("7kOqd-mIxwa")).toBe("7K0QDM1XWA");
    expect(canonicalRecoveryCode("hovln-3rt8e")).toBe("H0V1N3RT8E");
    expect(canonicalRecoveryCode("ABCDE-FGHiJ")).toBe("ABCDEFGH1J");
  });

  it("reads full-width letters and digits as plain ones", () => {
    expect(canonicalRecoveryCode("７ｋ２ｑｄ－ｍ９ｘｗａ")).toBe("7K2QDM9XWA");
  });

  it("keeps other characters, so it still matches nothing", () => {
    expect(canonicalRecoveryCode("7K2QD+M9XWA")).toBe("7K2QD+M9XWA");
    expect(canonicalRecoveryCode("")).toBe("");
  });

  it("is not read at all past the length limit, checked before any pattern runs", () => {
    expect(canonicalRecoveryCode("7".repeat(RECOVERY_CODE_INPUT_MAX))).toBe("7".repeat(RECOVERY_CODE_INPUT_MAX));
    expect(canonicalRecoveryCode("7".repeat(RECOVERY_CODE_INPUT_MAX + 1))).toBeNull();
    expect(canonicalRecoveryCode(" -".repeat(500_000))).toBeNull();
    // A character NFKC spells out at length (U+FDFA is 18 letters) cannot grow past it either.
    expect(canonicalRecoveryCode("\uFDFA".repeat(10))).toBeNull();
  });
});

describe("the stored list", () => {
  it("puts old codes (mixed case, better-auth's own generator) and new ones in the typed code's form", () => {
    const stored = JSON.stringify(["aB3dE-fG0hI", "Zx9Lk-PqOw1", "7K2QD-M9XWA"]);
    expect(JSON.parse(canonicalStoredCodes(stored))).toEqual(["AB3DEFG0H1", "ZX91KPQ0W1", "7K2QDM9XWA"]);
    expect(canonicalRecoveryCode("aB3dE-fG0hI")).toBe("AB3DEFG0H1");
  });

  it("leaves anything that is not a list of codes as it is", () => {
    for (const stored of ["not json", "{}", "[1,2]", "null"]) expect(canonicalStoredCodes(stored)).toBe(stored);
    expect(canonicalStoredCodes("[]")).toBe("[]");
  });
});
