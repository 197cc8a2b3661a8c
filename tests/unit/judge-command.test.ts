import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MAX_USER_CHARS, MAX_USER_MESSAGES } from "../../worker/checkin/limits";
import { MAX_MESSAGE_CHARS } from "../../worker/shared/checkin-protocol";

/**
 * `npm run judge` takes what a chat can hold and nothing more (issue 22 item 7): the app's
 * own bounds on a salesperson's messages, and a size limit checked before the input is read
 * whole or parsed. Malformed or oversized input exits 2 with the reason on stderr.
 */
const root = fileURLToPath(new URL("../..", import.meta.url).href);

function judge(input: string) {
  const run = spawnSync(process.execPath, ["tests/tools/judge.ts", "-"], {
    cwd: root,
    input,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const chat = (answers: string[]) =>
  JSON.stringify({
    fullName: "Jo Bounds",
    messages: answers.flatMap((content) => [
      { sender: "assistant", content: "How has your week been?", pillar: "morale" },
      { sender: "user", content, pillar: null },
    ]),
  });

describe("npm run judge bounds its input like the app", () => {
  it("judges a chat the app could hold (positive control)", { timeout: 30_000 }, () => {
    const result = judge(chat(["Busy but good.", "x".repeat(MAX_MESSAGE_CHARS)]));
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty("scores");
  });

  it.each([
    ["a message longer than the chat allows", chat([`${"x".repeat(MAX_MESSAGE_CHARS)}y`]), "at most 2000 characters"],
    [
      "more messages than a chat takes",
      chat(Array(MAX_USER_MESSAGES + 1).fill("ok")),
      "at most 200 salesperson messages",
    ],
    [
      "more characters in all than a chat takes",
      chat(Array(Math.ceil(MAX_USER_CHARS / MAX_MESSAGE_CHARS) + 1).fill("y".repeat(MAX_MESSAGE_CHARS))),
      "at most 100000 characters",
    ],
  ])("refuses %s (exit 2, the reason on stderr)", { timeout: 30_000 }, (_what, input, reason) => {
    const result = judge(input);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(reason);
    expect(result.stdout).toBe("");
  });

  it("refuses input larger than any chat before parsing it", { timeout: 30_000 }, () => {
    const result = judge(`"${"z".repeat(5 * 1024 * 1024)}"`);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("larger than");
  });
});
