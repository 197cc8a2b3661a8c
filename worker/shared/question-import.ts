import { PILLARS, type Pillar, QUESTION_TYPES, type QuestionType } from "./pillars";
import { plural } from "./plural";

/**
 * Spec 2 §5 "Bulk question import": a JSON array or a single object; every item is checked
 * and, if any is invalid, nothing is imported. The form and the Worker run this same code,
 * so the API refuses exactly what the dialog refuses, with the same messages.
 */

export const IMPORT_MESSAGES = {
  empty: "Please enter JSON data to import",
  invalidJson: "Invalid JSON format",
  questionText: "Question text is required and must be a non-empty string",
  priority: "Priority order must be a positive integer",
  noneValid: "No valid questions found to import",
  invalidPillar: (value: string) => `Invalid pillar: ${value}. Must be one of: ${PILLARS.join(", ")}`,
  invalidType: (value: string) => `Invalid question type: ${value}. Must be one of: ${QUESTION_TYPES.join(", ")}`,
  validationSummary: (count: number) =>
    `Found ${count} validation ${plural(count, "error")}. Check the format and try again.`,
} as const;

export type ImportedQuestion = {
  pillar: Pillar;
  question_text: string;
  question_type: QuestionType;
  priority_order: number;
  psychological_framework: string | null;
};

/** One problem, with the 1-based position of the item it belongs to. */
export type ImportIssue = { item: number; message: string };

export type ImportValidation =
  | { ok: true; questions: ImportedQuestion[] }
  | { ok: false; issues: ImportIssue[]; summary: string };

const isPillar = (value: unknown): value is Pillar => typeof value === "string" && PILLARS.includes(value as Pillar);
const isQuestionType = (value: unknown): value is QuestionType =>
  typeof value === "string" && QUESTION_TYPES.includes(value as QuestionType);

/** How a bad value reads inside a message: strings as they are, anything else as JSON. */
function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "undefined";
  return JSON.stringify(value) ?? String(value);
}

/** The problems of one item, in the spec's order (pillar, text, type, priority). */
export function validateQuestionItem(raw: unknown): { question: ImportedQuestion | null; problems: string[] } {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    return { question: null, problems: ["Each question must be a JSON object"] };
  }
  const item = raw as Record<string, unknown>;
  const problems: string[] = [];
  if (!isPillar(item.pillar)) problems.push(IMPORT_MESSAGES.invalidPillar(shown(item.pillar)));
  const text = typeof item.question_text === "string" ? item.question_text.trim() : "";
  if (!text) problems.push(IMPORT_MESSAGES.questionText);
  if (!isQuestionType(item.question_type)) problems.push(IMPORT_MESSAGES.invalidType(shown(item.question_type)));
  const priority = item.priority_order;
  const priorityOk =
    priority === undefined ||
    priority === null ||
    (typeof priority === "number" && Number.isInteger(priority) && priority >= 1);
  if (!priorityOk) problems.push(IMPORT_MESSAGES.priority);
  const framework = item.psychological_framework;
  if (framework !== undefined && framework !== null && typeof framework !== "string") {
    problems.push("Psychological framework must be a string when present");
  }
  if (problems.length > 0 || !isPillar(item.pillar) || !isQuestionType(item.question_type)) {
    return { question: null, problems };
  }
  const frameworkText = typeof framework === "string" ? framework.trim() : "";
  return {
    question: {
      pillar: item.pillar,
      question_text: text,
      question_type: item.question_type,
      priority_order: typeof priority === "number" ? priority : 1,
      // Spec 2 §3: an empty framework is stored as null.
      psychological_framework: frameworkText.length > 0 ? frameworkText : null,
    },
    problems,
  };
}

/** Validates already-parsed JSON: an array of items or a single item. All or nothing. */
export function validateQuestionImport(data: unknown): ImportValidation {
  const items = Array.isArray(data) ? data : [data];
  const questions: ImportedQuestion[] = [];
  const issues: ImportIssue[] = [];
  items.forEach((raw, index) => {
    const { question, problems } = validateQuestionItem(raw);
    for (const message of problems) issues.push({ item: index + 1, message });
    if (question) questions.push(question);
  });
  if (issues.length > 0) return { ok: false, issues, summary: IMPORT_MESSAGES.validationSummary(issues.length) };
  if (questions.length === 0) return { ok: false, issues: [], summary: IMPORT_MESSAGES.noneValid };
  return { ok: true, questions };
}

export type ParsedImport = { ok: true; data: unknown } | { ok: false; title: string; message: string };

/** The pasted or uploaded text, parsed; the toast titles of spec 2 §8 come with the failures. */
export function parseImportText(text: string): ParsedImport {
  if (text.trim().length === 0) return { ok: false, title: "Error", message: IMPORT_MESSAGES.empty };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      title: "Import Failed",
      message: error instanceof SyntaxError && error.message ? error.message : IMPORT_MESSAGES.invalidJson,
    };
  }
}

/** What Load Sample puts in the paste area: one question per pillar, in the import format. */
export const SAMPLE_IMPORT: ImportedQuestion[] = [
  {
    pillar: "quota_confidence",
    question_text: "What part of your forecast are you least sure about right now?",
    question_type: "open_ended",
    priority_order: 5,
    psychological_framework: "Uncertainty is easier to name when it is specific; ask for one deal, not the quarter.",
  },
  {
    pillar: "burnout_risks",
    question_text: "How many evenings last week did work follow you home?",
    question_type: "rating_scale",
    priority_order: 5,
    psychological_framework: null,
  },
  {
    pillar: "team_dynamics",
    question_text: "Who on the team helped you most this week, and how?",
    question_type: "open_ended",
    priority_order: 5,
    psychological_framework: null,
  },
  {
    pillar: "morale",
    question_text: "What would you tell a friend about working here this month?",
    question_type: "open_ended",
    priority_order: 5,
    psychological_framework: null,
  },
  {
    pillar: "sales_strength",
    question_text: "Which objection did you handle better this week than a month ago?",
    question_type: "follow_up",
    priority_order: 5,
    psychological_framework: null,
  },
  {
    pillar: "blockers",
    question_text: "Which internal request are you still waiting on, and since when?",
    question_type: "probe",
    priority_order: 5,
    psychological_framework: null,
  },
];
