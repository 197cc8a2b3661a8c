import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadAgentConfig } from "../../worker/ai/agent-config";
import { DEFAULT_QUESTION_BANK, ensureQuestionBank, loadQuestionBank } from "../../worker/ai/question-bank";
import { createDb } from "../../worker/db/client";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { ChatClient, createCheckIn } from "./checkin-helpers";

const db = () => createDb(env.DB);
const count = async () =>
  (await env.DB.prepare("select count(*) as n from core_question_bank").first<{ n: number }>())?.n;

describe("the question bank in D1", () => {
  it("is filled with the default bank when empty, once, even when asked twice at the same time", async () => {
    expect(await count()).toBe(0);
    await Promise.all([ensureQuestionBank(db()), ensureQuestionBank(db())]);
    expect(await count()).toBe(DEFAULT_QUESTION_BANK.length);
    await ensureQuestionBank(db());
    expect(await count()).toBe(DEFAULT_QUESTION_BANK.length);
  });

  it("never refills a bank the operator has edited, and reads it by pillar then priority", async () => {
    await env.DB.prepare("delete from core_question_bank where pillar != 'morale'").run();
    await env.DB.prepare(
      "insert into core_question_bank (id, pillar, question_text, question_type, priority_order) values ('custom-1', 'morale', 'What made you smile at work this week?', 'open_ended', 0)",
    ).run();
    await ensureQuestionBank(db());
    const bank = await loadQuestionBank(db());
    expect(bank.every((q) => q.pillar === "morale")).toBe(true);
    expect(bank[0]?.id).toBe("custom-1");
  });
});

describe("the AI agent configuration in force", () => {
  it("is the defaults without a row, else the latest active global row", async () => {
    expect(await loadAgentConfig(db())).toEqual(DEFAULT_AI_AGENT_CONFIG);
    const insert = (id: string, active: number, global: number, updatedAt: number, greeting: string) =>
      env.DB.prepare(
        "insert into ai_agent_configurations (id, name, is_active, is_global, configuration, updated_at) values (?, 'c', ?, ?, ?, ?)",
      )
        .bind(
          id,
          active,
          global,
          JSON.stringify({
            ...DEFAULT_AI_AGENT_CONFIG,
            prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, opening_greeting: greeting },
          }),
          updatedAt,
        )
        .run();
    await insert("old", 1, 1, 1000, "Old hello {name}?");
    await insert("new", 1, 1, 2000, "Hey {name}, how's it going?");
    await insert("inactive", 0, 1, 3000, "Inactive {name}?");
    await insert("org", 1, 0, 4000, "Org-only {name}?");
    expect((await loadAgentConfig(db())).prompts.opening_greeting).toBe("Hey {name}, how's it going?");

    // A new check-in greets with it.
    const checkIn = await createCheckIn({ firstName: "Jo" });
    const chat = await ChatClient.open(checkIn);
    expect(chat.latestSnapshot()?.messages[0]?.content).toBe("Hey Jo, how's it going?");
    chat.close();

    await env.DB.prepare("update ai_agent_configurations set is_global = 0").run();
    expect((await loadAgentConfig(db())).prompts.opening_greeting).toBe("Org-only {name}?");
  });
});

describe("one organization's AI agent configuration", () => {
  it("never reaches another organization's check-ins, with or without a global row", async () => {
    await env.DB.prepare("delete from ai_agent_configurations").run();
    const own = await createCheckIn({ firstName: "Ana" });
    const other = await createCheckIn({ firstName: "Bo" });
    await env.DB.prepare(
      "insert into ai_agent_configurations (id, name, is_active, is_global, organization_id, configuration, updated_at) values ('own', 'c', 1, 0, ?, ?, 5000)",
    )
      .bind(
        own.organizationId,
        JSON.stringify({
          ...DEFAULT_AI_AGENT_CONFIG,
          prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, opening_greeting: "Private hello {name}?" },
        }),
      )
      .run();

    // No global row: the other organization runs on the defaults, not on the first one's row.
    expect(await loadAgentConfig(db(), other.organizationId)).toEqual(DEFAULT_AI_AGENT_CONFIG);
    expect(await loadAgentConfig(db())).toEqual(DEFAULT_AI_AGENT_CONFIG);
    const otherChat = await ChatClient.open(other);
    expect(otherChat.latestSnapshot()?.messages[0]?.content).toBe(
      DEFAULT_AI_AGENT_CONFIG.prompts.opening_greeting.replaceAll("{name}", "Bo"),
    );
    otherChat.close();

    // The organization that saved it runs on it.
    const ownChat = await ChatClient.open(own);
    expect(ownChat.latestSnapshot()?.messages[0]?.content).toBe("Private hello Ana?");
    ownChat.close();

    // A global row saved later: the organization keeps its own, the other one takes the global.
    await env.DB.prepare(
      "insert into ai_agent_configurations (id, name, is_active, is_global, configuration, updated_at) values ('global', 'c', 1, 1, ?, 9000)",
    )
      .bind(
        JSON.stringify({
          ...DEFAULT_AI_AGENT_CONFIG,
          prompts: { ...DEFAULT_AI_AGENT_CONFIG.prompts, opening_greeting: "Global hello {name}?" },
        }),
      )
      .run();
    expect((await loadAgentConfig(db(), own.organizationId)).prompts.opening_greeting).toBe("Private hello {name}?");
    expect((await loadAgentConfig(db(), other.organizationId)).prompts.opening_greeting).toBe("Global hello {name}?");
  });
});
