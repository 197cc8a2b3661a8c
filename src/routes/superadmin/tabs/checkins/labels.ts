import type { QuestionType } from "@shared/pillars";

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  open_ended: "Open ended",
  rating_scale: "Rating scale",
  multiple_choice: "Multiple choice",
  follow_up: "Follow-up",
  probe: "Probe",
};
