import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { resetProviderOutcomeThrottle } from "../../worker/lib/system-signals";
import { ChatClient, createCheckIn } from "./checkin-helpers";

/**
 * Issue 25 §7: the AI provider's last success and failure are recorded where the provider is
 * called (the check-in's reply), as the console's system status reads them.
 */
const clients: ChatClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});

type SignalRow = { last_success_at: number | null; last_failure_at: number | null; last_detail: string | null };
const signal = () =>
  env.DB.prepare(
    "select last_success_at, last_failure_at, last_detail from system_signals where name = 'ai_provider'",
  ).first<SignalRow>();

async function until(predicate: (row: SignalRow | null) => boolean): Promise<SignalRow | null> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const row = await signal();
    if (predicate(row) || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the AI provider's outcome, recorded by the check-in", () => {
  it("records a streamed reply as a success and a provider error as a failure", async () => {
    resetProviderOutcomeThrottle();
    const before = Date.now();
    const chat = await ChatClient.open(await createCheckIn({ firstName: "Signal" }));
    clients.push(chat);

    await chat.say("Busy week, but the pipeline looks fine.");
    const succeeded = await until((row) => (row?.last_success_at ?? 0) >= before);
    expect(succeeded?.last_success_at).toBeGreaterThanOrEqual(before);
    expect(succeeded?.last_failure_at).toBeNull();

    await chat.say("Hello [[fail]] there");
    const failed = await until((row) => (row?.last_failure_at ?? 0) >= before);
    expect(failed?.last_failure_at).toBeGreaterThanOrEqual(before);
    expect(failed?.last_detail).toMatch(/HTTP 500/);
  });
});
