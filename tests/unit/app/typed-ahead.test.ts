import { MAX_MESSAGE_CHARS } from "@shared/checkin-protocol";
import { describe, expect, it } from "vitest";
import { NOTHING_TYPED, type TypedAhead, typeAhead } from "../../../src/routes/check-in/typed-ahead";

/** Keys typed while the chat is being started, read as the answer box would read them. */
const plain = { shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, isComposing: false };
const press = (typed: TypedAhead, ...keys: (string | Partial<typeof plain & { key: string }>)[]) =>
  keys.reduce<TypedAhead>((state, key) => {
    const event = typeof key === "string" ? { ...plain, key } : { ...plain, key: "", ...key };
    return typeAhead(state, event) ?? state;
  }, typed);
const type = (text: string) => [...text];

describe("keys typed before the answer box is there", () => {
  it("keeps printable keys and Backspace as words, unsent", () => {
    expect(press(NOTHING_TYPED, ...type("Helo"), "Backspace", "o")).toEqual({ sent: [], draft: "Helo" });
  });

  it("sends the words with Enter, trimmed, and keeps what follows in the box, unsent", () => {
    expect(press(NOTHING_TYPED, ...type(" Busy week. "), "Enter", ...type("And"))).toEqual({
      sent: ["Busy week."],
      draft: "And",
    });
  });

  it("sends each answer once, in order", () => {
    expect(press(NOTHING_TYPED, ...type("One"), "Enter", "Enter", ...type("Two"), "Enter")).toEqual({
      sent: ["One", "Two"],
      draft: "",
    });
  });

  it("sends nothing for Enter without words", () => {
    expect(press(NOTHING_TYPED, "Enter", " ", "Enter")).toEqual({ sent: [], draft: " " });
  });

  it("reads Shift+Enter as a new line, as the box does", () => {
    expect(press(NOTHING_TYPED, "A", { key: "Enter", shiftKey: true }, "B")).toEqual({ sent: [], draft: "A\nB" });
  });

  it("lets shortcuts, composition and other keys pass through", () => {
    const typed = { sent: [], draft: "x" };
    expect(typeAhead(typed, { ...plain, key: "Enter", ctrlKey: true })).toBeNull();
    expect(typeAhead(typed, { ...plain, key: "a", metaKey: true })).toBeNull();
    expect(typeAhead(typed, { ...plain, key: "Enter", isComposing: true })).toBeNull();
    expect(typeAhead(typed, { ...plain, key: "Tab" })).toBeNull();
  });

  it("keeps no more words than a message may hold", () => {
    const long = press({ sent: [], draft: "a".repeat(MAX_MESSAGE_CHARS) }, "b");
    expect(long.draft).toBe("a".repeat(MAX_MESSAGE_CHARS));
  });
});
