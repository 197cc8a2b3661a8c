import { env as workersEnv } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadGlobalAiConfig, saveGlobalAiConfig } from "../../worker/admin/ai-config";
import { listAudit } from "../../worker/admin/audit";
import { initializeDemoAccounts } from "../../worker/admin/demo";
import {
  addQuestion,
  exportQuestions,
  importQuestions,
  listQuestions,
  updateQuestion,
} from "../../worker/admin/questions";
import { DEFAULT_QUESTION_BANK } from "../../worker/ai/question-bank";
import { verifyPassword } from "../../worker/auth/password";
import { recordAudit } from "../../worker/lib/audit";
import { ApiError } from "../../worker/lib/errors";
import { DEFAULT_AI_AGENT_CONFIG } from "../../worker/shared/ai-config";
import { testDb } from "./admin-fixtures";
import { countRows } from "./helpers";

const db = testDb();

describe("question bank", () => {
  it("starts from the default bank, then adds, edits, lists by pillar then priority, and searches text or type", async () => {
    const initial = await listQuestions(db, {});
    expect(initial.stats.total).toBe(DEFAULT_QUESTION_BANK.length);
    expect(Object.values(initial.stats.byPillar).every((n) => n >= 3)).toBe(true);

    const second = await addQuestion(db, {
      pillar: "morale",
      question_text: "Zebra: what lifted your week?",
      question_type: "open_ended",
      priority_order: 2,
      psychological_framework: "   ",
    });
    expect(second.psychological_framework).toBeNull();
    await addQuestion(db, {
      pillar: "morale",
      question_text: "Zebra: how are you, really?",
      question_type: "probe",
      priority_order: 1,
    });
    await addQuestion(db, {
      pillar: "blockers",
      question_text: "Zebra: what slows you down?",
      question_type: "open_ended",
      priority_order: 1,
    });

    const zebras = await listQuestions(db, { search: "zebra" });
    // Ordered by pillar, then priority.
    expect(zebras.items.map((q) => q.question_text)).toEqual([
      "Zebra: what slows you down?",
      "Zebra: how are you, really?",
      "Zebra: what lifted your week?",
    ]);
    expect(zebras.stats.total).toBe(DEFAULT_QUESTION_BANK.length + 3);
    expect((await listQuestions(db, { search: "zebra", pillar: "morale" })).total).toBe(2);
    const probes = await listQuestions(db, { search: "PROBE" });
    expect(probes.items.every((q) => q.question_type === "probe")).toBe(true);
    expect(probes.items.map((q) => q.question_text)).toContain("Zebra: how are you, really?");
    expect((await listQuestions(db, { pageSize: 5, page: 2 })).items.length).toBe(5);

    const updated = await updateQuestion(db, second.id, {
      pillar: "team_dynamics",
      question_text: "Zebra: who helped you this week?",
      question_type: "follow_up",
      priority_order: 4,
      psychological_framework: "Reciprocity",
    });
    expect(updated).toMatchObject({
      pillar: "team_dynamics",
      priority_order: 4,
      psychological_framework: "Reciprocity",
    });
    expect(
      await updateQuestion(db, "missing", {
        pillar: "morale",
        question_text: "x",
        question_type: "probe",
        priority_order: 1,
      }),
    ).toBeNull();
  });

  it("imports all or nothing, and exports in the import format", async () => {
    const before = await countRows("core_question_bank");
    const bad = [
      { pillar: "morale", question_text: "Fine", question_type: "open_ended" },
      { pillar: "morale", question_text: "", question_type: "open_ended" },
    ];
    await expect(importQuestions(db, bad)).rejects.toMatchObject({
      status: 400,
      message: "Found 1 validation error. Check the format and try again.",
      details: { issues: [{ item: 2, message: "Question text is required and must be a non-empty string" }] },
    });
    expect(await countRows("core_question_bank")).toBe(before);
    await expect(importQuestions(db, [])).rejects.toMatchObject({ message: "No valid questions found to import" });

    // 40 questions: more than one statement's worth of bound parameters, still one atomic batch.
    const many = Array.from({ length: 40 }, (_, i) => ({
      pillar: "quota_confidence",
      question_text: `Imported question ${i + 1}?`,
      question_type: "rating_scale",
      priority_order: i + 1,
    }));
    expect(await importQuestions(db, many)).toBe(40);
    expect(await countRows("core_question_bank")).toBe(before + 40);

    const exported = await exportQuestions(db);
    expect(exported.length).toBe(before + 40);
    expect(exported).toContainEqual({
      pillar: "blockers",
      question_text: "Zebra: what slows you down?",
      question_type: "open_ended",
      priority_order: 1,
      psychological_framework: null,
    });
    // What was exported imports again as it is.
    expect(await importQuestions(db, exported)).toBe(exported.length);
  });

  it("refuses an import error as an ApiError, never a crash", async () => {
    const error = await importQuestions(db, { pillar: "nope" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
  });
});

describe("AI agent configuration", () => {
  it("shows the defaults with no id until saved, then round-trips the saved record", async () => {
    const before = await loadGlobalAiConfig(db);
    expect(before).toMatchObject({ id: null, updatedAt: null, configuration: DEFAULT_AI_AGENT_CONFIG });

    const edited = {
      ...DEFAULT_AI_AGENT_CONFIG,
      personality: { ...DEFAULT_AI_AGENT_CONFIG.personality, empathy_level: 10 },
      prompts: {
        ...DEFAULT_AI_AGENT_CONFIG.prompts,
        psychological_profiles_framework: "Trait-based profile of each rep.",
      },
    };
    const saved = await saveGlobalAiConfig(db, edited, "operator-1");
    expect(saved.id).toEqual(expect.any(String));
    const loaded = await loadGlobalAiConfig(db);
    expect(loaded).toEqual(saved);

    // Saving again updates the one global record in place.
    const again = await saveGlobalAiConfig(
      db,
      { ...edited, conversation: { ...edited.conversation, probe_depth: "deep" } },
      "operator-1",
    );
    expect(again.id).toBe(saved.id);
    expect((await loadGlobalAiConfig(db)).configuration.conversation.probe_depth).toBe("deep");
    expect(await countRows("ai_agent_configurations")).toBe(1);
  });
});

describe("audit log queries", () => {
  it("filters by action, actor, target and day, newest first, paged", async () => {
    const base = { targetType: "organization", actorUserId: "op-1", actorEmail: "operator@undertone.dev" };
    await recordAudit(db, { ...base, action: "organization.create", targetId: "a" });
    await recordAudit(db, { ...base, action: "organization.delete", targetId: "a" });
    await recordAudit(db, {
      action: "question.create",
      targetType: "question",
      actorUserId: "op-2",
      actorEmail: "second@undertone.dev",
    });
    const all = await listAudit(db, {});
    expect(all.items[0]?.action).toBe("question.create");
    expect(all.actions).toEqual(
      expect.arrayContaining(["organization.create", "organization.delete", "question.create"]),
    );
    expect((await listAudit(db, { action: "organization.delete" })).total).toBe(1);
    expect((await listAudit(db, { actor: "SECOND@" })).total).toBe(1);
    expect((await listAudit(db, { targetType: "organization" })).total).toBeGreaterThanOrEqual(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listAudit(db, { from: today, to: today })).total).toBe(all.total);
    expect((await listAudit(db, { to: "2000-01-01" })).total).toBe(0);
    expect((await listAudit(db, { pageSize: 1, page: 2 })).items.length).toBe(1);
    await expect(listAudit(db, { from: "2026-02-30" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("demo accounts (Initialize SuperAdmin Account)", () => {
  it("creates the four demo roles once, with working passwords, and audits each role written", async () => {
    const first = await initializeDemoAccounts(workersEnv, db, "http://localhost");
    expect(first.map((a) => a.role)).toEqual(["SuperAdmin", "Salesperson", "Manager", "Admin"]);
    // The seed made the operator and the admin; the initializer adds the other two.
    expect(first.map((a) => a.created)).toEqual([false, true, true, false]);
    const manager = await workersEnv.DB.prepare(
      "select u.role, a.password from user u join account a on a.user_id = u.id where u.email = ?",
    )
      .bind("manager@undertone.dev")
      .first<{ role: string; password: string }>();
    expect(manager?.role).toBe("Manager");
    expect(await verifyPassword({ hash: manager?.password ?? "", password: "undertone-manager" })).toBe(true);
    expect(await countRows("audit_logs", "action = 'user.role_change' and target_type = 'user'")).toBe(2);

    // A demo account whose role was changed gets it written back, and that change is audited too.
    await workersEnv.DB.prepare("update user set role = 'Admin' where email = 'salesperson@undertone.dev'").run();
    const second = await initializeDemoAccounts(workersEnv, db, "http://localhost");
    expect(second.every((a) => !a.created)).toBe(true);
    const roleRows = await workersEnv.DB.prepare(
      "select details from audit_logs where action = 'user.role_change' order by created_at desc limit 1",
    ).first<{ details: string }>();
    expect(JSON.parse(roleRows?.details ?? "{}")).toMatchObject({
      email: "salesperson@undertone.dev",
      from: "Admin",
      to: "Salesperson",
    });
  });
});
