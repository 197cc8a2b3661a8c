import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RecoveryCodes, recoveryCodesText, SetupKey } from "../../../src/routes/account/TwoFactorParts";

/** Two-factor setup: a key that wraps only between its groups, and codes one can copy or save. */
describe("the setup key", () => {
  it("keeps each group of four whole and wraps only between groups", () => {
    const html = renderToStaticMarkup(<SetupKey secret="JBSWY3DPEHPK3PXP" />);
    expect(html).not.toContain("break-all");
    const groups = [...html.matchAll(/<span class="whitespace-nowrap">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(groups).toEqual(["JBSW", "Y3DP", "EHPK", "3PXP"]);
  });
});

describe("the recovery codes", () => {
  it("offer 'Copy codes' and 'Download'", () => {
    const html = renderToStaticMarkup(<RecoveryCodes codes={["aaaa-1111", "bbbb-2222"]} />);
    expect(html).toContain(">Copy codes<");
    expect(html).toContain(">Download<");
    expect(html).toContain("aaaa-1111");
  });

  it("download as text, one code a line", () => {
    expect(recoveryCodesText(["aaaa-1111", "bbbb-2222"]).split("\n")).toContain("bbbb-2222");
  });
});
