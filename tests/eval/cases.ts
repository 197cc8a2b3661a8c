/**
 * The evaluation's check-ins, by writer (issue 24). Three sources, one shape:
 * - tests/eval/writers/<writer>/*.json — independent writers (helper sessions that never saw
 *   the reader), each file `{scenario, fullName, messages, expected, expect_burnout_alert, …}`;
 * - ../shared/eval/outside/ — set A, the same format, read in place (writer "A");
 * - tests/eval/dev-*.json and test-*.json — the development team's own cases (writer "team":
 *   written by the hands that tuned the old rules, so dev only).
 * Which writers are test is in tests/eval/writers/split.json: test writers are never opened
 * while the reader changes.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export type Band = "low" | "mid" | "high";
export const BAND_PILLARS = [
  "morale",
  "quota_confidence",
  "burnout_risks",
  "team_dynamics",
  "sales_strength",
  "blockers",
] as const;
export type BandPillar = (typeof BAND_PILLARS)[number];

export type Message = {
  sender: "assistant" | "user";
  content: string;
  pillar: BandPillar | null;
  rating?: "burnout" | "confidence";
};
export type Case = {
  writer: string;
  id: string;
  fullName: string;
  messages: Message[];
  expected: Record<BandPillar, Band>;
  burnoutAlert: boolean;
};

const band = z.enum(["low", "mid", "high"]);
const pillar = z.enum(BAND_PILLARS);
const writtenCase = z.object({
  fullName: z.string().min(1),
  messages: z.array(
    z.object({
      sender: z.enum(["assistant", "user"]),
      content: z.string(),
      pillar: pillar.nullable(),
      rating: z.enum(["burnout", "confidence"]).optional(),
    }),
  ),
  expected: z.object({
    morale: band,
    quota_confidence: band,
    burnout_risks: band,
    team_dynamics: band,
    sales_strength: band,
    blockers: band,
  }),
  expect_burnout_alert: z.boolean(),
});

const here = fileURLToPath(new URL(".", import.meta.url));
const writersDir = `${here}writers`;
/** Beside the repository (../shared), or where EVAL_SET_A says (a worktree elsewhere). */
const setA = process.env.EVAL_SET_A ?? fileURLToPath(new URL("../../../shared/eval/outside", import.meta.url));

function readWritten(writer: string, dir: string): Case[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => {
      const parsed = writtenCase.safeParse(JSON.parse(readFileSync(`${dir}/${f}`, "utf8")));
      if (!parsed.success) throw new Error(`${writer}/${f}: ${parsed.error.message}`);
      const c = parsed.data;
      return {
        writer,
        id: f.replace(/\.json$/, ""),
        fullName: c.fullName,
        messages: c.messages,
        expected: c.expected,
        burnoutAlert: c.expect_burnout_alert,
      };
    });
}

/** The team's cases: [pillar key, answer] turns under a stock question per pillar. */
const TEAM_QUESTION = {
  m: ["morale", "How has your week felt overall?"],
  q: ["quota_confidence", "How confident are you about hitting your number this quarter?"],
  b: ["burnout_risks", "How are you holding up with the workload and stress?"],
  t: ["team_dynamics", "How are things with your manager and the team?"],
  s: ["sales_strength", "What's been going well in your selling lately?"],
  x: ["blockers", "What's getting in the way right now?"],
} as const;
type TeamCase = { id: string; expect: string; turns: [string, string][] };

/** The team's `expect`: morale, confidence, stress (as risk), sales strength, blockers, alert. */
function readTeam(): Case[] {
  return readdirSync(here)
    .filter((f) => /^(dev|test)-\d+\.json$/.test(f))
    .sort()
    .flatMap((f) => JSON.parse(readFileSync(`${here}${f}`, "utf8")) as TeamCase[])
    .map((c) => {
      const [morale, confidence, stress, strength, blockers, alert] = c.expect.split(" ") as Band[];
      const messages = c.turns.flatMap(([key, answer]): Message[] => {
        const entry = TEAM_QUESTION[key as keyof typeof TEAM_QUESTION];
        if (!entry) throw new Error(`team/${c.id}: unknown pillar key ${key}`);
        return [
          { sender: "assistant", content: entry[1], pillar: entry[0] },
          { sender: "user", content: answer, pillar: null },
        ];
      });
      return {
        writer: "team",
        id: c.id,
        fullName: "Alex Rep",
        messages,
        // The team labelled no team-dynamics band: "mid" stands in and is never reported.
        expected: {
          morale: morale as Band,
          quota_confidence: confidence as Band,
          burnout_risks: stress as Band,
          team_dynamics: "mid",
          sales_strength: strength as Band,
          blockers: blockers as Band,
        },
        burnoutAlert: (alert as string) === "yes",
      };
    });
}

/**
 * `own`: the team's cases, written by the hands that tuned the old rules: reported on their own
 * line, trained on, but in neither total (they would measure their authors, not the reader).
 */
export const splitSchema = z.object({ own: z.array(z.string()), dev: z.array(z.string()), test: z.array(z.string()) });

export type Half = "own" | "dev" | "test";

/**
 * The cases of the halves asked for (test writers' files are not even read unless "test" is
 * asked: `npm run train` and `npm run eval -- --dev` never open them), and which writers are
 * in which half. Set A is skipped (with a note) where absent.
 */
export function loadCases(halves: readonly Half[] = ["own", "dev", "test"]): {
  cases: Case[];
  split: z.infer<typeof splitSchema>;
  notes: string[];
} {
  const split = splitSchema.parse(JSON.parse(readFileSync(`${writersDir}/split.json`, "utf8")));
  const notes: string[] = [];
  const cases: Case[] = [];
  for (const writer of halves.flatMap((half) => split[half])) {
    if (writer === "team") cases.push(...readTeam());
    else if (writer === "A") {
      if (existsSync(setA)) cases.push(...readWritten("A", setA));
      else notes.push(`set A (${setA}) is not on this machine: left out`);
    } else if (existsSync(`${writersDir}/${writer}`)) cases.push(...readWritten(writer, `${writersDir}/${writer}`));
    else notes.push(`writer ${writer} has no files yet`);
  }
  return { cases, split, notes };
}
