import { DEFAULT_AI_AGENT_CONFIG } from "@shared/ai-config";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConversationCard, PersonalityCard } from "../../../src/routes/superadmin/tabs/checkins/AiConfigCards";

/** AI Agent Config's notes on where a trait lives: the verb agrees with its subject. */
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the AI Agent Config's Global Settings notes", () => {
  it("says the empathy level comes (one thing) and the two conversation traits come", () => {
    const update = () => {};
    const personality = text(renderToStaticMarkup(<PersonalityCard draft={DEFAULT_AI_AGENT_CONFIG} update={update} />));
    expect(personality).toContain("The empathy level comes from Global Settings");
    const conversation = text(
      renderToStaticMarkup(<ConversationCard draft={DEFAULT_AI_AGENT_CONFIG} update={update} />),
    );
    expect(conversation).toContain("Follow-up frequency and closure style come from Global Settings");
  });
});
