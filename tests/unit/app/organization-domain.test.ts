import { describe, expect, it } from "vitest";
import { isDomain } from "../../../worker/shared/console/organizations";

/** Add/Edit Organization's domain rule, the same in the form and the server's schema. */
describe("an organization's domain", () => {
  it("is a bare host name of two or more labels", () => {
    for (const domain of ["company.com", "eu.acme.co.uk", "my-firm.io", "acme.test", "xn--bcher-kva.example"]) {
      expect(isDomain(domain), domain).toBe(true);
    }
  });

  it("is never words, a scheme, a path or a lone name", () => {
    for (const domain of [
      "not a domain!!",
      "localhost",
      "-bad.com",
      "bad-.com",
      "a..com",
      "http://acme.com",
      "acme.com/x",
      "acme.c0m",
    ]) {
      expect(isDomain(domain), domain).toBe(false);
    }
  });

  it("is at most 253 characters, however well formed its labels", () => {
    const labels = (n: number) => Array.from({ length: n }, () => "a".repeat(61)).join(".");
    expect(isDomain(`${labels(4)}.co`)).toBe(true); // 250 characters
    expect(isDomain(`${labels(4)}.xn--a`)).toBe(true); // 253
    expect(isDomain(`${labels(4)}.xn--ab`)).toBe(false); // 254
  });
});
