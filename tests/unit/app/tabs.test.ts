import { describe, expect, it } from "vitest";
import { tabKeyTarget } from "@/components/ui/tabs";

/** Issue 16 §2: the ARIA tabs pattern's keys, shared by every tab row of the app. */
describe("tabKeyTarget", () => {
  it("moves with the arrows (wrapping), jumps with Home and End, ignores other keys", () => {
    expect(tabKeyTarget("ArrowRight", 0, 3)).toBe(1);
    expect(tabKeyTarget("ArrowRight", 2, 3)).toBe(0);
    expect(tabKeyTarget("ArrowLeft", 0, 3)).toBe(2);
    expect(tabKeyTarget("ArrowLeft", 2, 3)).toBe(1);
    expect(tabKeyTarget("Home", 2, 3)).toBe(0);
    expect(tabKeyTarget("End", 0, 3)).toBe(2);
    expect(tabKeyTarget("Enter", 1, 3)).toBeNull();
    expect(tabKeyTarget("Tab", 1, 3)).toBeNull();
  });
});
