import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "../../worker/admin/csv";

describe("CSV exports", () => {
  it("quotes what needs quoting and doubles quotes (RFC 4180)", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", then leave')).toBe('"say ""hi"", then leave"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
    expect(csvField(-3)).toBe("-3");
  });

  it("defuses spreadsheet formulas in user-written text", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
  });

  it("writes a header and CRLF-terminated rows", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", 2],
          [null, "x,y"],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n,"x,y"\r\n');
  });
});
