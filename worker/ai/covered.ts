import type { TopicId } from "../language/themes";
import { readAnswer } from "../scoring/reading";
import { heardAs } from "./heard";

/**
 * What a recent mixed answer already covered: "My manager is supportive, but the team feels a
 * bit divided" has said how the team is, so "How are things with your teammates?" two turns
 * later asks it again. The question themes (language/themes.ts QUESTION_THEMES) its topics
 * answer; the interviewer asks something else first while the repetition check leaves it a
 * choice. The interviewer's choice only: the scores are untouched.
 */
const THEME_OF_TOPIC: Partial<Record<TopicId, string>> = {
  team: "teammates",
  capacity: "teammates",
  manager: "manager",
  workload: "workload",
  rest: "workload",
  energy: "energy",
  stress: "pressure",
  quota: "quota",
  pipeline: "pipeline",
  crm: "tools",
  tools: "tools",
  processes: "tools",
  approvals: "tools",
};

/** How many of the latest answers count as "right away". */
const RECENT_ANSWERS = 3;

export function themesCoveredByMixed(answers: readonly string[]): Set<string> {
  const covered = new Set<string>();
  for (const answer of answers.slice(-RECENT_ANSWERS)) {
    const heard = heardAs(readAnswer(answer), answer);
    if (!heard.mixed) continue;
    for (const topic of [...heard.praise, ...heard.concerns]) {
      const theme = THEME_OF_TOPIC[topic];
      if (theme) covered.add(theme);
    }
  }
  return covered;
}
