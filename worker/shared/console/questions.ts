import * as z from "zod/mini";
import { PILLARS, QUESTION_TYPES } from "../pillars";
import { pageQuerySchema, paginated, searchText, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. The question bank
 * (/api/admin/questions).
 */
export const QUESTION_TEXT_MAX = 1000;
export const QUESTION_FRAMEWORK_MAX = 2000;
export const QUESTION_IMPORT_MAX = 500;

export const questionSchema = z.object({
  id: z.string(),
  pillar: z.enum(PILLARS),
  question_text: z.string(),
  question_type: z.enum(QUESTION_TYPES),
  priority_order: z.number(),
  psychological_framework: z.nullable(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type BankQuestionRow = z.infer<typeof questionSchema>;

export const questionInputSchema = z.object({
  pillar: z.enum(PILLARS),
  question_text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Question text is required and must be a non-empty string"),
      z.maxLength(QUESTION_TEXT_MAX),
    ),
  question_type: z.enum(QUESTION_TYPES),
  priority_order: z.int().check(z.gte(1, "Priority order must be a positive integer"), z.lte(1000)),
  psychological_framework: z.optional(z.nullable(z.string().check(z.maxLength(QUESTION_FRAMEWORK_MAX)))),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;

export const questionListQuerySchema = z.extend(pageQuerySchema, {
  search: searchText,
  pillar: z.optional(z.enum(PILLARS)),
});

export const questionStatsSchema = z.object({
  total: z.number(),
  byPillar: z.record(z.enum(PILLARS), z.number()),
});
export const questionListSchema = z.extend(paginated(questionSchema), { stats: questionStatsSchema });

/** The items are judged by the shared import validator (worker/shared/question-import.ts). */
export const questionImportRequestSchema = z.object({ questions: z.unknown() });
export const questionImportResultSchema = z.object({ imported: z.number() });
