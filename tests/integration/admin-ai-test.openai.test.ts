import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { chatWithConfiguration, testConfiguration } from "../../worker/admin/ai-test";
import { readConfig } from "../../worker/lib/config";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { testDb } from "./admin-fixtures";

/**
 * With OPENAI_API_KEY set, the console's Quick Test and test chat go through the real
 * openai client to the local OpenAI-compatible stand-in (started by the vitest config).
 */
const db = testDb();
const config = readConfig(env);
const signal = () => AbortSignal.timeout(15_000);

type Recorded = { body: { messages?: { role: string; content: string }[] } };
async function systemPrompts(): Promise<string[]> {
  const response = await fetch(`${new URL(env.OPENAI_BASE_URL).origin}/__stats`);
  const { requests } = (await response.json()) as { requests: Recorded[] };
  return requests.map((r) => r.body.messages?.find((m) => m.role === "system")?.content ?? "");
}

const FRAMEWORK = "Zebra-framework: read each rep's personality profile and behavior traits before probing.";

describe("Quick Test against the OpenAI-compatible provider", () => {
  it("sends the edited configuration (unsaved) in the system prompt and returns the streamed reply", async () => {
    const edited = {
      ...DEFAULT_AI_AGENT_CONFIG,
      personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, professionalism: 3 },
      prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, psychological_profiles_framework: FRAMEWORK },
    };
    const result = await testConfiguration(db, config, edited, "Rough week, honestly.", signal());
    expect(result).toMatchObject({
      success: true,
      frameworkUsed: true,
      provider: "OpenAI-compatible · stand-in-model",
    });
    expect(result.response?.length).toBeGreaterThan(10);
    const prompt = (await systemPrompts()).find((p) => p.includes("Zebra-framework"));
    expect(prompt).toContain("professionalism 3/10");
    expect(prompt).toContain("Write casually");
    // Quick Test also asks the same provider with the defaults, for the side-by-side view.
    expect(result.defaultResponse?.length).toBeGreaterThan(10);
    expect(result.changes?.map((c) => c.setting)).toEqual(["Professionalism", "Psychological framework"]);
    const defaults = (await systemPrompts()).filter((p) => !p.includes("Zebra-framework"));
    expect(defaults.some((p) => p.includes("professionalism 7/10") && !p.includes("Write casually"))).toBe(true);
    expect(prompt).toContain(DEFAULT_AI_AGENT_CONFIG.prompts.closing_statement);
  });

  it("reports a provider failure and an empty reply as a failed test, never falling back silently", async () => {
    const failed = await testConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, "Please [[fail]] now", signal());
    expect(failed.success).toBe(false);
    expect(failed.error).toMatch(/500/);
    const empty = await testConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, "Say [[empty]]", signal());
    expect(empty).toMatchObject({ success: false, error: "No response from AI service" });
  });

  it("chats through the provider, and turns its failure into a 502", async () => {
    const ok = await chatWithConfiguration(
      db,
      config,
      DEFAULT_AI_AGENT_CONFIG,
      [{ role: "user", content: "Hello there" }],
      signal(),
    );
    expect(ok.provider).toBe("OpenAI-compatible · stand-in-model");
    expect(ok.response.length).toBeGreaterThan(5);
    await expect(
      chatWithConfiguration(db, config, DEFAULT_AI_AGENT_CONFIG, [{ role: "user", content: "[[fail]]" }], signal()),
    ).rejects.toMatchObject({ status: 502, code: "ai_provider_error" });
  });
});
