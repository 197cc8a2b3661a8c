import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { getGlobalSettings } from "../../worker/db/global-settings";
import { saveGlobalSettings } from "../../worker/settings/global";
import { SUMMARY_WAIT_MS } from "../../worker/shared/check-in-summary";
import { DEFAULT_GLOBAL_SETTINGS, type GlobalSettings } from "../../worker/shared/settings";
import { DAY_MS } from "../../worker/shared/time";
import { createSuperAdmin, requestAs, type TestAccount } from "./auth-helpers";
import {
  ageCompletedChat,
  ChatClient,
  createCheckIn,
  d1Count,
  objectMessages,
  objectTables,
  settleEraseCheck,
  travel,
} from "./checkin-helpers";

/**
 * Issue 26 §1: the transcript lives with the chat. D1 gets scores, themes, alerts and counts
 * and no message; the check-in object keeps the transcript, its only copy, and erases it
 * Global Settings' `transcriptDays` after completion (the "erase" alarm).
 */
const db = createDb(env.DB);

async function completedChat() {
  const checkIn = await createCheckIn({ durationMinutes: 5 });
  const chat = await ChatClient.open(checkIn);
  await chat.say("Rough week, I'm exhausted and pricing approvals block every deal.");
  await chat.say("My team is great though.");
  chat.close();
  await travel(checkIn.id, 5 * 60_000);
  await travel(checkIn.id, 4000);
  // Nobody confirms the closing summary: the completion alarm fires two minutes later, and the
  // same single alarm then serves the transcript's erasure.
  expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(0);
  await travel(checkIn.id, SUMMARY_WAIT_MS);
  expect(await d1Count("check_ins", "id = ? and status = 'completed'", checkIn.id)).toBe(1);
  return checkIn;
}

describe("a completed check-in's transcript", () => {
  it("never reaches D1: the scores do, the messages stay in the object", async () => {
    const checkIn = await completedChat();
    expect(await d1Count("check_in_messages", "check_in_id = ?", checkIn.id)).toBe(0);
    expect(await d1Count("sentiment_scores", "check_in_id = ?", checkIn.id)).toBe(1);
    // Nor the chat's counts: conversation_state holds only a disputed judgement, and the reader judged alone.
    const state = await env.DB.prepare("select conversation_state from check_ins where id = ?")
      .bind(checkIn.id)
      .first<{ conversation_state: string | null }>();
    expect(state).toEqual({ conversation_state: null });
    const kept = await objectMessages(checkIn.id);
    expect(kept.filter((m) => m.sender === "user").map((m) => m.content)).toEqual([
      "Rough week, I'm exhausted and pricing approvals block every deal.",
      "My team is great though.",
    ]);
    // What only the chat needed is gone; the outbox is empty.
    const tables = await objectTables(checkIn.id);
    expect(tables.pending).toEqual([]);
    expect(tables.session?.status).toBe("completed");
  });

  it("is erased from the object once the retention days have passed, not before", async () => {
    await saveGlobalSettings(
      db,
      { ...DEFAULT_GLOBAL_SETTINGS, dataRetention: { ...DEFAULT_GLOBAL_SETTINGS.dataRetention, transcriptDays: 7 } },
      null,
    );
    try {
      const checkIn = await completedChat();
      // The erase check right after completion reads the setting and waits for its day.
      await settleEraseCheck(checkIn.id);
      expect((await objectMessages(checkIn.id)).length).toBeGreaterThan(0);
      const { schedule, session } = await objectTables(checkIn.id);
      expect(schedule).toEqual([{ kind: "erase", run_at: Number(session?.completed_at) + 7 * DAY_MS }]);
      // Six days and 23 hours later: still kept.
      await ageCompletedChat(checkIn.id, 7 * DAY_MS - 60 * 60_000);
      expect((await objectMessages(checkIn.id)).length).toBeGreaterThan(0);
      // The seventh day is over: the object holds nothing any more.
      expect(await ageCompletedChat(checkIn.id, 60 * 60_000)).toBe(true);
      const after = await objectTables(checkIn.id);
      expect(after.messages).toBe(0);
      expect(after.session).toBeUndefined();
      // D1's summary stays.
      expect(await d1Count("sentiment_scores", "check_in_id = ?", checkIn.id)).toBe(1);
    } finally {
      await saveGlobalSettings(db, DEFAULT_GLOBAL_SETTINGS, null);
    }
  });

  it("waits the default 30 days when Global Settings were never saved with a transcript period", async () => {
    await env.DB.prepare("delete from global_settings").run();
    expect((await getGlobalSettings(db)).dataRetention.transcriptDays).toBe(30);
    const checkIn = await completedChat();
    await settleEraseCheck(checkIn.id);
    await ageCompletedChat(checkIn.id, 29 * DAY_MS);
    expect((await objectMessages(checkIn.id)).length).toBeGreaterThan(0);
    await ageCompletedChat(checkIn.id, DAY_MS);
    expect((await objectTables(checkIn.id)).messages).toBe(0);
  });
});

describe("Global Settings' transcript days", () => {
  let operator: TestAccount;
  beforeAll(async () => {
    operator = await createSuperAdmin();
  });
  const put = (settings: unknown) =>
    requestAs(operator, "/api/admin/settings", { method: "PUT", body: JSON.stringify(settings) });
  const withTranscriptDays = (transcriptDays: number, rawDataDays = 365): GlobalSettings => ({
    ...DEFAULT_GLOBAL_SETTINGS,
    dataRetention: { ...DEFAULT_GLOBAL_SETTINGS.dataRetention, transcriptDays, rawDataDays },
  });

  it("saves a period within 1 … raw data days", async () => {
    const response = await put(withTranscriptDays(14));
    expect(response.status).toBe(200);
    expect((await getGlobalSettings(db)).dataRetention.transcriptDays).toBe(14);
    await saveGlobalSettings(db, DEFAULT_GLOBAL_SETTINGS, null);
  });

  it.each([
    ["0 days", withTranscriptDays(0)],
    ["over 3650 days", withTranscriptDays(3651, 3650)],
    ["longer than raw data", withTranscriptDays(40, 30)],
    ["a fraction", withTranscriptDays(1.5)],
  ])("refuses %s with a 400 and keeps what was saved", async (_label, settings) => {
    await saveGlobalSettings(db, withTranscriptDays(21), null);
    const response = await put(settings);
    expect(response.status).toBe(400);
    expect((await getGlobalSettings(db)).dataRetention).toMatchObject({ transcriptDays: 21, rawDataDays: 365 });
    await saveGlobalSettings(db, DEFAULT_GLOBAL_SETTINGS, null);
  });

  it("reads settings saved before the field existed with the default, within their raw data days", async () => {
    const legacy = (rawDataDays: number) => ({
      ...DEFAULT_GLOBAL_SETTINGS,
      dataRetention: { rawDataDays, summaryDataDays: 1095, enableAnonymization: true },
    });
    await env.DB.prepare(
      "insert into global_settings (id, settings, updated_at) values ('global', ?, 0) on conflict(id) do update set settings = excluded.settings",
    )
      .bind(JSON.stringify(legacy(10)))
      .run();
    expect((await getGlobalSettings(db)).dataRetention).toMatchObject({ rawDataDays: 10, transcriptDays: 10 });
    await env.DB.prepare("update global_settings set settings = ? where id = 'global'")
      .bind(JSON.stringify(legacy(200)))
      .run();
    expect((await getGlobalSettings(db)).dataRetention).toMatchObject({ rawDataDays: 200, transcriptDays: 30 });
    await saveGlobalSettings(db, DEFAULT_GLOBAL_SETTINGS, null);
  });
});
