/**
 * Leave one writer out (issue 24 item 2): for each dev writer, train on every other dev
 * writer (and the team's own cases), judge that writer's check-ins with those weights through
 * the product's own judging code, and tally. The mean over writers says how the reader does
 * on a writer it was never trained on; the vocabulary is chosen from the training writers
 * only, so nothing of the held-out writer leaks in.
 */
import type { JudgeCore, ModelFile } from "../tools/judge-types.ts";
import type { Case } from "./cases.ts";
import { type Judged, Tally } from "./metrics.ts";
import { type Featured, TRAIN, type TrainOptions, trainModel } from "./train-model.ts";

export function featured(core: JudgeCore, cases: readonly Case[]): Featured[] {
  return cases.map((c) => {
    const parsed = core.transcriptSchema.safeParse({ fullName: c.fullName, messages: c.messages });
    if (!parsed.success) throw new Error(`${c.writer}/${c.id}: ${core.describeIssues(parsed.error)}`);
    return { ...c, features: core.featuresOfTranscript(parsed.data) };
  });
}

export function judgeWith(core: JudgeCore, c: Case, model?: ModelFile): Judged {
  const parsed = core.transcriptSchema.safeParse({ fullName: c.fullName, messages: c.messages });
  if (!parsed.success) throw new Error(`${c.writer}/${c.id}: ${core.describeIssues(parsed.error)}`);
  const result = core.judgeTranscript(parsed.data, model);
  return {
    scores: result.scores,
    burnoutAlert: result.alerts.some((a) => a.category === "burnout"),
    confidence: result.confidence,
  };
}

/** Per held-out dev writer, its tally under weights trained without it. */
export function leaveOneWriterOut(
  core: JudgeCore,
  cases: readonly Featured[],
  devWriters: readonly string[],
  options: TrainOptions = TRAIN,
): Map<string, Tally> {
  const tallies = new Map<string, Tally>();
  for (const held of devWriters) {
    const model = trainModel(
      cases.filter((c) => c.writer !== held),
      options,
    );
    const tally = new Tally();
    for (const c of cases.filter((x) => x.writer === held)) tally.add(c, judgeWith(core, c, model));
    tallies.set(held, tally);
  }
  return tallies;
}
