import * as z from "zod/mini";
import { aiAgentConfigSchema } from "../ai-config";
import { timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. AI agent configuration, its Quick
 * Test and test chat (/api/admin/ai-config).
 */
export const aiConfigRecordSchema = z.object({
  /** null when nothing was saved yet and the defaults are shown (the warning banner). */
  id: z.nullable(z.string()),
  name: z.string(),
  updatedAt: z.nullable(timestamp),
  configuration: aiAgentConfigSchema,
});
export type AiConfigRecord = z.infer<typeof aiConfigRecordSchema>;

export const aiConfigSaveSchema = z.object({ configuration: aiAgentConfigSchema });

export const AI_TEST_MESSAGE_MAX = 2000;
export const aiConfigTestRequestSchema = z.object({
  configuration: aiAgentConfigSchema,
  testMessage: z.optional(z.string().check(z.maxLength(AI_TEST_MESSAGE_MAX))),
});

/** Spec 2 §3 "Test result". */
export const aiTestResultSchema = z.object({
  success: z.boolean(),
  response: z.optional(z.string()),
  frameworkUsed: z.optional(z.boolean()),
  sentimentScores: z.optional(z.object({ confidence: z.number(), stress: z.number(), morale: z.number() })),
  /** The reply the spec's defaults give to the same message, for a side-by-side view. */
  defaultResponse: z.optional(z.string()),
  /** Each setting that differs from the defaults, with the behaviour it changes. */
  changes: z.optional(
    z.array(z.object({ setting: z.string(), value: z.string(), defaultValue: z.string(), effect: z.string() })),
  ),
  /** Which provider answered: the configured one, or the embedded interviewer. */
  provider: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type AiTestResult = z.infer<typeof aiTestResultSchema>;

export const AI_CHAT_MAX_MESSAGES = 40;
export const aiChatRequestSchema = z.object({
  configuration: aiAgentConfigSchema,
  messages: z
    .array(
      z.object({
        role: z.enum(["user", "assistant"]),
        content: z.string().check(z.minLength(1), z.maxLength(AI_TEST_MESSAGE_MAX)),
      }),
    )
    .check(z.minLength(1), z.maxLength(AI_CHAT_MAX_MESSAGES)),
});
export const aiChatResponseSchema = z.object({ response: z.optional(z.string()), provider: z.string() });
