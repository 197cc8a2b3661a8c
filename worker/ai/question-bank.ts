import { asc } from "drizzle-orm";
import { chunkedInserts, runBatch } from "../db/batch";
import { type Database, platformOf } from "../db/client";
import { coreQuestionBank } from "../db/schema";
import type { Pillar, QuestionType } from "../shared/pillars";

export type BankQuestion = {
  id: string;
  pillar: Pillar;
  questionText: string;
  questionType: QuestionType;
  /** Lower is asked first (spec 2 §5: at least 1). */
  priorityOrder: number;
  psychologicalFramework: string | null;
};

const q = (
  id: string,
  pillar: Pillar,
  priorityOrder: number,
  questionType: QuestionType,
  questionText: string,
  psychologicalFramework: string | null = null,
): BankQuestion => ({ id, pillar, priorityOrder, questionType, questionText, psychologicalFramework });

/**
 * The default global question bank: four real questions per pillar, ordered by priority.
 * Openings vary on purpose, so the repetition rule (same first three words) never trips
 * between two bank questions. Type probe/follow_up questions are what the interviewer
 * asks after a negative answer, before moving on.
 */
export const DEFAULT_QUESTION_BANK: BankQuestion[] = [
  q(
    "default-quota-1",
    "quota_confidence",
    1,
    "open_ended",
    "How confident are you feeling about hitting your number this quarter?",
    "Confidence reflects perceived control; listen for attribution to self versus circumstances.",
  ),
  q(
    "default-quota-2",
    "quota_confidence",
    2,
    "open_ended",
    "Looking at your pipeline right now, what gives you the most and the least confidence?",
  ),
  q(
    "default-quota-3",
    "quota_confidence",
    3,
    "probe",
    "What would need to change for you to feel more certain about your forecast?",
  ),
  q(
    "default-quota-4",
    "quota_confidence",
    4,
    "rating_scale",
    "On a scale of 1 to 10, where would you put your odds of closing the quarter on target?",
  ),

  q(
    "default-burnout-1",
    "burnout_risks",
    1,
    "open_ended",
    "How manageable has your workload felt over the last couple of weeks?",
    "Burnout shows as exhaustion, cynicism and reduced efficacy; ask about energy before blame.",
  ),
  q(
    "default-burnout-2",
    "burnout_risks",
    2,
    "open_ended",
    "When did you last feel properly rested and able to switch off from work?",
  ),
  q("default-burnout-3", "burnout_risks", 3, "probe", "What is taking the most out of you at the moment?"),
  q(
    "default-burnout-4",
    "burnout_risks",
    4,
    "follow_up",
    "Is there anything you could drop or hand off that would ease the pressure?",
  ),

  q(
    "default-team-1",
    "team_dynamics",
    1,
    "open_ended",
    "How are things with your teammates and the people you work with every day?",
    "Psychological safety predicts candour; note whether support is described as mutual.",
  ),
  q(
    "default-team-2",
    "team_dynamics",
    2,
    "open_ended",
    "Do you get the coaching and feedback you need from your manager?",
  ),
  q(
    "default-team-3",
    "team_dynamics",
    3,
    "open_ended",
    "When you hand a deal to marketing, product or customer success, how smoothly does that go?",
  ),
  q(
    "default-team-4",
    "team_dynamics",
    4,
    "probe",
    "Which working relationship would you most like to improve, and why?",
  ),

  q(
    "default-morale-1",
    "morale",
    1,
    "open_ended",
    "Overall, how are you feeling about work these days?",
    "Morale is a trend, not a moment; invite comparison with recent weeks.",
  ),
  q("default-morale-2", "morale", 2, "open_ended", "What has been the most satisfying part of your job recently?"),
  q("default-morale-3", "morale", 3, "open_ended", "Do you feel your effort is recognised and appreciated?"),
  q("default-morale-4", "morale", 4, "probe", "What would make next week a better one for you?"),

  q(
    "default-strength-1",
    "sales_strength",
    1,
    "open_ended",
    "Tell me about a recent win you're proud of. What made it work?",
    "Self-efficacy grows from mastery experiences; ask for specifics of what they did.",
  ),
  q(
    "default-strength-2",
    "sales_strength",
    2,
    "open_ended",
    "Which part of the sales process do you feel strongest in right now?",
  ),
  q(
    "default-strength-3",
    "sales_strength",
    3,
    "open_ended",
    "Is there a skill you'd like to develop with some training or coaching?",
  ),
  q(
    "default-strength-4",
    "sales_strength",
    4,
    "follow_up",
    "Where do deals most often slip away from you, in your experience?",
  ),

  q(
    "default-blockers-1",
    "blockers",
    1,
    "open_ended",
    "What is getting in the way of you selling as much as you could?",
    "Blockers are situational; separate process, tooling, people and product causes.",
  ),
  q(
    "default-blockers-2",
    "blockers",
    2,
    "open_ended",
    "Are there tools, systems or internal processes that slow you down?",
  ),
  q("default-blockers-3", "blockers", 3, "probe", "If you could remove one obstacle tomorrow, which one would it be?"),
  q("default-blockers-4", "blockers", 4, "follow_up", "Which kind of support would help most with that?"),
];

/**
 * Fills core_question_bank with the default bank when it is empty. Idempotent: the ids
 * are fixed and inserts ignore conflicts, so two concurrent calls add each question once,
 * and an operator's edits or deletions are never overwritten (only an empty bank is filled).
 */
export async function ensureQuestionBank(anyDb: Database): Promise<void> {
  const db = platformOf(anyDb);
  if ((await db.$count(coreQuestionBank)) > 0) return;
  await runBatch(
    db,
    chunkedInserts(
      db,
      coreQuestionBank,
      DEFAULT_QUESTION_BANK.map((question) => ({ ...question })),
      { ignoreConflicts: true },
    ),
  );
}

/** The bank the interviewer works from, ordered by pillar then priority; an empty table is filled with the defaults first. */
export async function loadQuestionBank(anyDb: Database): Promise<BankQuestion[]> {
  const db = platformOf(anyDb);
  return bankOrSeeded(db, await questionBankQuery(db));
}

/** The stored bank in the interviewer's order, for `db.batch` with other reads (a check-in start). */
export function questionBankQuery(db: Database) {
  return db
    .select({
      id: coreQuestionBank.id,
      pillar: coreQuestionBank.pillar,
      questionText: coreQuestionBank.questionText,
      questionType: coreQuestionBank.questionType,
      priorityOrder: coreQuestionBank.priorityOrder,
      psychologicalFramework: coreQuestionBank.psychologicalFramework,
    })
    .from(coreQuestionBank)
    .orderBy(asc(coreQuestionBank.pillar), asc(coreQuestionBank.priorityOrder));
}

/** The rows read, or (the first time, on an empty table) the defaults once stored. */
export async function bankOrSeeded(anyDb: Database, rows: BankQuestion[]): Promise<BankQuestion[]> {
  const db = platformOf(anyDb);
  if (rows.length > 0) return rows;
  await ensureQuestionBank(db);
  const seeded = await questionBankQuery(db);
  return seeded.length > 0 ? seeded : DEFAULT_QUESTION_BANK;
}
