import { type TopicId, topicById } from "../language/themes";
import type { Reading } from "../scoring/reading";
import type { Pillar } from "../shared/pillars";

/**
 * What the embedded interviewer answers in a reading (worker/scoring/reading.ts): the problem
 * it reflects and the pillar it probes next. The interviewer's choices, not the scores'.
 */

/**
 * How much a problem stands out when the interviewer reflects one: leaving, a team at
 * breaking point and months without rest before an everyday blocker, and those before a
 * general worry about the number.
 */
const SALIENCE: Partial<Record<TopicId, number>> = {
  career: 5,
  motivation: 3,
  rest: 4,
  capacity: 4,
  manager: 3,
  comp: 3,
  territory: 3,
  workload: 2,
  stress: 2,
  pipeline: 2,
  quota: 1,
  deals: 2,
  energy: 1,
  team: 1,
};

/**
 * The problem to reflect: among the problems in the heaviest clause, the most salient
 * (blockers rank 2), the first on a tie. None when the heaviest clause is a feeling with
 * no subject: in "I used to love closing but lately it feels like a grind", the grind is
 * what to answer, not the closing.
 */
export function salientConcern(reading: Reading): TopicId | null {
  const weights = reading.concerns.map((t) => reading.concernWeights[t] ?? 1);
  const heaviest = Math.max(0, ...weights);
  if (reading.heaviestMood > heaviest) return null;
  let best: TopicId | null = null;
  let bestSalience = -1;
  for (const topic of reading.concerns.filter((t) => (reading.concernWeights[t] ?? 1) === heaviest)) {
    const salience = SALIENCE[topic] ?? 2;
    if (salience > bestSalience) {
      best = topic;
      bestSalience = salience;
    }
  }
  return best;
}

/**
 * The pillar to probe after a negative answer: the first problem that is about the person
 * (their number, their energy, their team) rather than a named blocker, which the blocker
 * itself already explains; else the blocker's pillar.
 */
export function pillarToProbe(reading: Reading): Pillar | null {
  const pillars = reading.concerns.map((topic) => topicById(topic).pillar);
  return pillars.find((p) => p !== "blockers") ?? pillars[0] ?? null;
}
