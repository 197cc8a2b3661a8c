import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatWithConfiguration, TEST_ERRORS, testConfiguration } from "../../worker/admin/ai-test";
import { readConfig } from "../../worker/lib/config";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { testDb } from "./admin-fixtures";

/** Without OPENAI_API_KEY the console's tests run on the embedded interviewer, fully offline. */
const db = testDb();
const config = readConfig(env);
const signal = () => AbortSignal.timeout(10_000);
/** The console's sample test message (src/routes/superadmin/console/display.ts). */
const SAMPLE_TEST_MESSAGE =
  "Honestly, this quarter has been rough. My pipeline is thin, I'm working late most nights, and I'm worried I won't hit my number.";

describe("Quick Test on the embedded interviewer", () => {
  it("answers the stressed test message with a question and reads it as stressed", async () => {
    const result = await testConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, SAMPLE_TEST_MESSAGE, signal());
    expect(result).toMatchObject({
      success: true,
      provider: "Embedded interviewer (offline)",
      frameworkUsed: false,
      changes: [],
    });
    // At the defaults both sides of the comparison are the same reply.
    expect(result.defaultResponse).toBe(result.response);
    expect(result.response).toMatch(/\?/);
    expect(result.sentimentScores?.morale).toBeLessThan(50);
    expect(result.sentimentScores?.stress).toBeGreaterThanOrEqual(50);
  });

  it("shows what a changed configuration does: its reply next to the defaults' and the settings that differ", async () => {
    const formal = {
      ...DEFAULT_AI_AGENT_CONFIG,
      personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, professionalism: 9 },
      conversation: { ...DEFAULT_AI_AGENT_CONFIG.conversation, response_length: "detailed" as const },
    };
    const result = await testConfiguration(db, config, formal, SAMPLE_TEST_MESSAGE, signal());
    expect(result.success).toBe(true);
    expect(result.response).not.toBe(result.defaultResponse);
    expect(result.response?.split(/\s+/).length).toBeGreaterThan(result.defaultResponse?.split(/\s+/).length ?? 0);
    expect(result.response).not.toMatch(/\b\w+'(s|m|re|ve|d|t)\b/);
    expect(result.changes?.map((c) => c.setting)).toEqual(["Professionalism", "Response length"]);
  });

  it("refuses a configuration without its greeting or closing, with the service's messages", async () => {
    const noGreeting = {
      ...DEFAULT_AI_AGENT_CONFIG,
      prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, opening_greeting: "  " },
    };
    expect(await testConfiguration(db, config, noGreeting, "hi", signal())).toEqual({
      success: false,
      error: TEST_ERRORS.greeting,
    });
    const noClosing = {
      ...DEFAULT_AI_AGENT_CONFIG,
      prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, closing_statement: "" },
    };
    expect(await testConfiguration(db, config, noClosing, "hi", signal())).toEqual({
      success: false,
      error: TEST_ERRORS.closing,
    });
    expect(TEST_ERRORS.greeting).toBe("Opening greeting is required for testing but is missing from configuration");
  });

  it("holds a conversation that moves through the bank without repeating itself", async () => {
    const turns: { role: "user" | "assistant"; content: string }[] = [];
    const replies: string[] = [];
    for (const answer of [
      "Pretty good week, thanks.",
      "I'm confident about my number.",
      "Workload is heavy but fine.",
    ]) {
      turns.push({ role: "user", content: answer });
      const { response, provider } = await chatWithConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, turns, signal());
      expect(provider).toBe("Embedded interviewer (offline)");
      turns.push({ role: "assistant", content: response });
      replies.push(response);
    }
    expect(new Set(replies).size).toBe(3);
    await expect(chatWithConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, turns, signal())).rejects.toMatchObject({
      status: 400,
    });
  });
});
