import { asc, count, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { ensureQuestionBank } from "../ai/question-bank";
import type { ConsoleEnv } from "../auth/middleware";
import { chunkedInserts, runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { coreQuestionBank } from "../db/schema";
import { ApiError, notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  type BankQuestionRow,
  QUESTION_FRAMEWORK_MAX,
  QUESTION_IMPORT_MAX,
  QUESTION_TEXT_MAX,
  type QuestionInput,
  questionImportRequestSchema,
  questionInputSchema,
  questionListQuerySchema,
} from "../shared/console/questions";
import { PILLARS, type Pillar } from "../shared/pillars";
import { type ImportedQuestion, validateQuestionImport } from "../shared/question-import";
import { utcDay } from "../shared/time";
import { containsPattern, num, pageWindow } from "./sql";

/** The bank is small but may grow; the tab pages through it 50 at a time. */
const QUESTION_PAGE_SIZE = 50;

type Row = typeof coreQuestionBank.$inferSelect;

export function toQuestion(row: Row): BankQuestionRow {
  return {
    id: row.id,
    pillar: row.pillar,
    question_text: row.questionText,
    question_type: row.questionType,
    priority_order: row.priorityOrder,
    psychological_framework: row.psychologicalFramework,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

export async function questionStats(db: Database) {
  const rows = await db
    .select({ pillar: coreQuestionBank.pillar, n: count() })
    .from(coreQuestionBank)
    .groupBy(coreQuestionBank.pillar);
  const byPillar = Object.fromEntries(PILLARS.map((p) => [p, 0])) as Record<Pillar, number>;
  let total = 0;
  for (const row of rows) {
    if (row.pillar in byPillar) byPillar[row.pillar] = num(row.n);
    total += num(row.n);
  }
  return { total, byPillar };
}

/** Spec 2 §2: search matches the question text or the type; ordered by pillar then priority. */
/**
 * An empty bank is filled with the default one (worker/ai/question-bank.ts) on first use,
 * as check-ins do, so the tab shows what the interviewer really asks.
 */
export async function listQuestions(
  db: Database,
  query: {
    search?: string | undefined;
    pillar?: Pillar | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
) {
  await ensureQuestionBank(db);
  const { page, pageSize, offset } = pageWindow(query, QUESTION_PAGE_SIZE);
  const conditions = [sql`1 = 1`];
  if (query.search?.trim()) {
    const pattern = containsPattern(query.search);
    conditions.push(
      sql`(lower(${coreQuestionBank.questionText}) like ${pattern} escape '\\' or lower(${coreQuestionBank.questionType}) like ${pattern} escape '\\')`,
    );
  }
  if (query.pillar) conditions.push(sql`${coreQuestionBank.pillar} = ${query.pillar}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, total, stats] = await Promise.all([
    db
      .select()
      .from(coreQuestionBank)
      .where(where)
      .orderBy(asc(coreQuestionBank.pillar), asc(coreQuestionBank.priorityOrder), asc(coreQuestionBank.createdAt))
      .limit(pageSize)
      .offset(offset),
    db.$count(coreQuestionBank, where),
    questionStats(db),
  ]);
  return { items: rows.map(toQuestion), page, pageSize, total, stats };
}

const frameworkOrNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

function rowFrom(input: QuestionInput | ImportedQuestion, id: string, now: Date): typeof coreQuestionBank.$inferInsert {
  return {
    id,
    pillar: input.pillar,
    questionText: input.question_text,
    questionType: input.question_type,
    priorityOrder: input.priority_order,
    psychologicalFramework: frameworkOrNull(input.psychological_framework),
    createdAt: now,
    updatedAt: now,
  };
}

export async function addQuestion(db: Database, input: QuestionInput) {
  const [row] = await db
    .insert(coreQuestionBank)
    .values(rowFrom(input, crypto.randomUUID(), new Date()))
    .returning();
  if (!row) throw new Error("insert returned nothing");
  return toQuestion(row);
}

export async function updateQuestion(db: Database, id: string, input: QuestionInput) {
  const [row] = await db
    .update(coreQuestionBank)
    .set({
      pillar: input.pillar,
      questionText: input.question_text,
      questionType: input.question_type,
      priorityOrder: input.priority_order,
      psychologicalFramework: frameworkOrNull(input.psychological_framework),
      updatedAt: new Date(),
    })
    .where(eq(coreQuestionBank.id, id))
    .returning();
  return row ? toQuestion(row) : null;
}

/**
 * Spec 2 §5: all or nothing. The shared validator decides (the same one the dialog runs);
 * the bounds beyond the spec (text length, count) are checked here too, and the rows go in
 * one atomic batch.
 */
export async function importQuestions(db: Database, data: unknown): Promise<number> {
  const result = validateQuestionImport(data);
  if (!result.ok) {
    throw new ApiError(400, result.issues.length > 0 ? "validation_failed" : "no_valid_questions", result.summary, {
      issues: result.issues,
    });
  }
  if (result.questions.length > QUESTION_IMPORT_MAX) {
    throw new ApiError(400, "too_many_questions", `Import at most ${QUESTION_IMPORT_MAX} questions at a time.`);
  }
  const tooLong = result.questions.findIndex(
    (q) =>
      q.question_text.length > QUESTION_TEXT_MAX || (q.psychological_framework?.length ?? 0) > QUESTION_FRAMEWORK_MAX,
  );
  if (tooLong >= 0) {
    throw new ApiError(
      400,
      "validation_failed",
      `Question ${tooLong + 1} is too long (text at most ${QUESTION_TEXT_MAX}, framework at most ${QUESTION_FRAMEWORK_MAX} characters).`,
    );
  }
  const now = new Date();
  await runBatch(
    db,
    chunkedInserts(
      db,
      coreQuestionBank,
      result.questions.map((q) => rowFrom(q, crypto.randomUUID(), now)),
    ),
  );
  return result.questions.length;
}

/** The whole bank in the import format, so an export can be imported again as it is. */
export async function exportQuestions(db: Database): Promise<ImportedQuestion[]> {
  const rows = await db
    .select()
    .from(coreQuestionBank)
    .orderBy(asc(coreQuestionBank.pillar), asc(coreQuestionBank.priorityOrder), asc(coreQuestionBank.createdAt));
  return rows.map((r) => ({
    pillar: r.pillar,
    question_text: r.questionText,
    question_type: r.questionType,
    priority_order: r.priorityOrder,
    psychological_framework: r.psychologicalFramework,
  }));
}

export const exportFilename = (now = new Date()) => `question-bank-${utcDay(now.getTime())}.json`;

const QUESTION_NOT_FOUND = "Question not found";

export const questionRoutes = new Hono<ConsoleEnv>()
  .get("/", zv("query", questionListQuerySchema), async (c) =>
    c.json(await listQuestions(c.var.db, c.req.valid("query"))),
  )
  .get("/export", async (c) => {
    const questions = await exportQuestions(c.var.db);
    return new Response(`${JSON.stringify(questions, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFilename()}"`,
        "Cache-Control": "no-store",
      },
    });
  })
  .post("/", zv("json", questionInputSchema), async (c) => {
    const question = await addQuestion(c.var.db, c.req.valid("json"));
    c.set("audit", {
      action: "question.create",
      targetType: "question",
      targetId: question.id,
      details: { pillar: question.pillar, text: question.question_text },
    });
    return c.json(question, 201);
  })
  .post("/import", zv("json", questionImportRequestSchema), async (c) => {
    const imported = await importQuestions(c.var.db, c.req.valid("json").questions);
    c.set("audit", { action: "question.import", targetType: "question", details: { imported } });
    return c.json({ imported });
  })
  .put("/:id", zv("json", questionInputSchema), async (c) => {
    const id = c.req.param("id");
    const question = await updateQuestion(c.var.db, id, c.req.valid("json"));
    if (!question) throw notFound(QUESTION_NOT_FOUND);
    c.set("audit", {
      action: "question.update",
      targetType: "question",
      targetId: id,
      details: { pillar: question.pillar, text: question.question_text },
    });
    return c.json(question);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    const [deleted] = await c.var.db.delete(coreQuestionBank).where(eq(coreQuestionBank.id, id)).returning();
    if (!deleted) throw notFound(QUESTION_NOT_FOUND);
    c.set("audit", {
      action: "question.delete",
      targetType: "question",
      targetId: id,
      details: { pillar: deleted.pillar, text: deleted.questionText },
    });
    return c.json({ ok: true as const });
  });
