import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sessionFactsFor } from "../../worker/checkin/organization-config";
import { createDb } from "../../worker/db/client";
import { saveGlobalSettings } from "../../worker/settings/global";
import { DEFAULT_GLOBAL_SETTINGS } from "../../worker/shared/settings";
import { createAdmin, requestAs } from "./auth-helpers";
import { ChatClient, createCheckIn } from "./checkin-helpers";

/**
 * Issue 13 §2: Global Settings' conversation defaults reach every organization that has
 * not chosen its own style (dashboard Settings), and an organization's own style wins.
 */
const db = createDb(env.DB);
const plainReflective = { empathyLevel: "low", followUpStyle: "frequent", closureStyle: "reflective" } as const;

describe("conversation defaults", () => {
  it("apply to a check-in of an organization without its own style: a plain interviewer that probes a plain answer", async () => {
    const before = await createCheckIn({ firstName: "Ana" });
    const chatBefore = await ChatClient.open(before);
    const warm = (await chatBefore.say("It was a normal week, nothing special.")).done?.content;
    chatBefore.close();

    await saveGlobalSettings(db, { ...DEFAULT_GLOBAL_SETTINGS, conversationDefaults: plainReflective }, null);
    const after = await createCheckIn({ firstName: "Ana" });
    const chat = await ChatClient.open(after);
    const plain = (await chat.say("It was a normal week, nothing special.")).done?.content;
    chat.close();
    expect(plain).not.toBe(warm);
    expect(plain).toMatch(/^(Noted|Understood)/);
    const config = (await sessionFactsFor(db, after.organizationId)).config;
    expect(config.personality.empathy_level).toBe(3);
    expect(config.conversation).toMatchObject({ follow_up_frequency: "frequent", closure_style: "reflective" });
  });

  it("give way to the style an organization saved in its settings, until it goes back to the defaults", async () => {
    await saveGlobalSettings(db, { ...DEFAULT_GLOBAL_SETTINGS, conversationDefaults: plainReflective }, null);
    const admin = await createAdmin();
    const current = await (await requestAs(admin, "/api/check-in-settings")).json<{
      settings: Record<string, unknown>;
    }>();
    expect(current.settings.conversationStyle).toBeNull();
    expect((await sessionFactsFor(db, admin.organizationId)).config.conversation.closure_style).toBe("reflective");

    const own = { empathyLevel: "high", followUpStyle: "minimal", closureStyle: "action-oriented" };
    const put = (conversationStyle: unknown) =>
      requestAs(admin, "/api/check-in-settings", {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...current.settings, conversationStyle }),
      });
    expect((await put(own)).status).toBe(200);
    const mine = (await sessionFactsFor(db, admin.organizationId)).config;
    expect(mine.personality.empathy_level).toBe(8);
    expect(mine.conversation).toMatchObject({ follow_up_frequency: "minimal", closure_style: "action-oriented" });
    expect((await put({ ...own, closureStyle: "loud" })).status).toBe(400);

    expect((await put(null)).status).toBe(200);
    expect((await sessionFactsFor(db, admin.organizationId)).config.conversation.closure_style).toBe("reflective");
  });
});
