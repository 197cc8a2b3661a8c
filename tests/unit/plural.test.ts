import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plural } from "../../worker/shared/plural";

/** One plural helper for every text that counts (worker/shared/plural.ts). */
describe("plural", () => {
  it("is the noun for one, the plural for any other count", () => {
    expect(plural(1, "answer")).toBe("answer");
    expect(plural(0, "answer")).toBe("answers");
    expect(plural(2, "answer")).toBe("answers");
    expect(plural(1, "person", "people")).toBe("person");
    expect(plural(3, "person", "people")).toBe("people");
  });

  it("is defined once: no module keeps a plural of its own", () => {
    const root = join(import.meta.dirname, "../..");
    const sources = (dir: string): string[] =>
      readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? sources(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const own = [...sources("worker"), ...sources("src")].filter(
      (file) =>
        file !== join("worker", "shared", "plural.ts") &&
        /\b(?:function|const|let) plural\b/.test(readFileSync(join(root, file), "utf8")),
    );
    expect(own).toEqual([]);
  });
});
