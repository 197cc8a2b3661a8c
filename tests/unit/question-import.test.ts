import { describe, expect, it } from "vitest";
import {
  IMPORT_MESSAGES,
  parseImportText,
  SAMPLE_IMPORT,
  validateQuestionImport,
} from "../../worker/shared/question-import";

const valid = { pillar: "morale", question_text: "How are you?", question_type: "open_ended" };

describe("bulk question import (spec 2 §5)", () => {
  it("accepts an array, or a single object, defaulting priority to 1 and an empty framework to null", () => {
    const many = validateQuestionImport([
      valid,
      { ...valid, priority_order: 3, psychological_framework: "  Trait theory  " },
    ]);
    expect(many).toEqual({
      ok: true,
      questions: [
        {
          pillar: "morale",
          question_text: "How are you?",
          question_type: "open_ended",
          priority_order: 1,
          psychological_framework: null,
        },
        {
          pillar: "morale",
          question_text: "How are you?",
          question_type: "open_ended",
          priority_order: 3,
          psychological_framework: "Trait theory",
        },
      ],
    });
    const one = validateQuestionImport({ ...valid, psychological_framework: "   " });
    expect(one).toMatchObject({ ok: true, questions: [{ psychological_framework: null }] });
  });

  it("words each problem exactly as the spec does", () => {
    const result = validateQuestionImport([
      { ...valid, pillar: "happiness" },
      { ...valid, question_text: "   " },
      { ...valid, question_type: "essay" },
      { ...valid, priority_order: 0 },
      { ...valid, priority_order: 1.5 },
      { ...valid, priority_order: "2" },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual([
      {
        item: 1,
        message:
          "Invalid pillar: happiness. Must be one of: quota_confidence, burnout_risks, team_dynamics, morale, sales_strength, blockers",
      },
      { item: 2, message: "Question text is required and must be a non-empty string" },
      {
        item: 3,
        message:
          "Invalid question type: essay. Must be one of: open_ended, rating_scale, multiple_choice, follow_up, probe",
      },
      { item: 4, message: "Priority order must be a positive integer" },
      { item: 5, message: "Priority order must be a positive integer" },
      { item: 6, message: "Priority order must be a positive integer" },
    ]);
    expect(result.summary).toBe("Found 6 validation errors. Check the format and try again.");
  });

  it("is all or nothing: one bad item refuses the whole import", () => {
    const result = validateQuestionImport([valid, valid, { ...valid, pillar: undefined }]);
    expect(result).toMatchObject({ ok: false, summary: "Found 1 validation error. Check the format and try again." });
    if (!result.ok)
      expect(result.issues[0]?.message).toBe(
        "Invalid pillar: undefined. Must be one of: quota_confidence, burnout_risks, team_dynamics, morale, sales_strength, blockers",
      );
  });

  it("says so when nothing valid is left", () => {
    expect(validateQuestionImport([])).toEqual({
      ok: false,
      issues: [],
      summary: "No valid questions found to import",
    });
  });

  it("refuses items that are not objects", () => {
    const result = validateQuestionImport([42, null, "text"]);
    expect(result).toMatchObject({ ok: false });
    if (!result.ok) expect(result.issues.map((i) => i.item)).toEqual([1, 2, 3]);
  });

  it("parses pasted text with the spec's messages for empty and broken JSON", () => {
    expect(parseImportText("  \n")).toEqual({ ok: false, title: "Error", message: IMPORT_MESSAGES.empty });
    const broken = parseImportText("[{");
    expect(broken).toMatchObject({ ok: false, title: "Import Failed" });
    expect(parseImportText('[{"a":1}]')).toEqual({ ok: true, data: [{ a: 1 }] });
  });

  it("ships a sample that passes its own validation, one question per pillar", () => {
    const result = validateQuestionImport(JSON.parse(JSON.stringify(SAMPLE_IMPORT)));
    expect(result.ok).toBe(true);
    expect(new Set(SAMPLE_IMPORT.map((q) => q.pillar)).size).toBe(6);
  });
});
