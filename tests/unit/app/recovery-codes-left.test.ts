import { describe, expect, it } from "vitest";
import { recoveryCodesLeftText } from "../../../src/routes/account/NewRecoveryCodes";

/** Settings' count of recovery codes left: singular and plural, a warning when few or none are left. */
describe("recovery codes left", () => {
  it("counts plainly while there are enough", () => {
    expect(recoveryCodesLeftText(10)).toEqual({ text: "10 recovery codes left.", warn: false });
    expect(recoveryCodesLeftText(3).warn).toBe(false);
  });

  it("warns at two or fewer, in the singular for one", () => {
    expect(recoveryCodesLeftText(2)).toMatchObject({ warn: true });
    expect(recoveryCodesLeftText(1).text).toMatch(/^1 recovery code left\. Make new ones/);
  });

  it("says to make new ones when none are left", () => {
    expect(recoveryCodesLeftText(0)).toMatchObject({ warn: true });
    expect(recoveryCodesLeftText(0).text).toMatch(/^0 recovery codes left\. Make new ones/);
  });
});
