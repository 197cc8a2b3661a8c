import { BLOCKER_THEMES } from "../language/themes";
import { plural } from "../shared/plural";
import { DOUBT_THEMES, MORALE_THEMES, STRAIN_THEMES } from "./alert-reasons";

/**
 * An alert's message is rendered from its facts, on write and on every read (issue 26 §1):
 * D1 stores the facts in a few bytes (`risk_alerts.facts`, e.g. `78,a,b,s4/2`) instead of the
 * ~100-byte sentence, and the person's name comes from their member row. Alerts written before
 * drizzle/0021 keep their stored `message`, which always wins (alertMessageOf).
 */
export type AlertCategory = "burnout" | "low_morale" | "low_confidence" | "blockers" | "reach_out";

export type AlertFacts = {
  /** The score that crossed its line (0–100); unused by reach_out. */
  figure: number;
  /** Why, in fixed labels (alert-reasons.ts), or the blocker themes for `blockers`. */
  reasons: readonly string[];
  /** The note a corrected, disputed or uncertain score adds (corrections.ts). */
  note?: AlertNote;
};

export const CORRECTED_NOTE = "The salesperson corrected this reading in their check-in summary.";
export const DISPUTED_NOTE = "The AI judge and the built-in reader disagreed on this score: treat it as uncertain.";
/** The person page calls this score "Uncertain"; the alert it raised says the same (issue 24 §5). */
export const UNCERTAIN_NOTE = "The evidence for this score was weak or mixed: treat it as uncertain.";

export type AlertNote = "corrected" | "disputed" | "uncertain";
const NOTE_TEXT: Record<AlertNote, string> = {
  corrected: CORRECTED_NOTE,
  disputed: DISPUTED_NOTE,
  uncertain: UNCERTAIN_NOTE,
};

/** " (stress 78/100): long hours, exhaustion or poor sleep; 4 signs of strain in 2 answers." */
function why(figure: string, reasons: readonly string[]): string {
  const themes = reasons.slice(0, 4).join(", ");
  return themes ? ` (${figure}): ${themes}.` : ` (${figure}).`;
}

function sentence(category: AlertCategory, name: string, { figure, reasons }: AlertFacts): string {
  switch (category) {
    case "burnout":
      return `${name} shows burnout risk in their latest check-in${why(`stress ${figure}/100`, reasons)}`;
    case "low_morale":
      return `${name} reported low morale in their latest check-in${why(`morale ${figure}/100`, reasons)}`;
    case "low_confidence":
      return `${name} has low quota confidence${why(`${figure}/100`, reasons)}`;
    case "blockers": {
      const named = reasons.length > 0 ? `: ${reasons.slice(0, 3).join(", ")}` : "";
      return `${name} is held back by several blockers (blockers ${figure}/100)${named}.`;
    }
    case "reach_out":
      return `${name} asked for their manager to reach out after their check-in.`;
  }
}

/** The one text of an alert, for its person's name and its facts: every writer and reader uses it. */
export function renderAlertMessage(category: AlertCategory, name: string, facts: AlertFacts): string {
  const note = facts.note ? NOTE_TEXT[facts.note] : null;
  const text = sentence(category, name, facts);
  return note ? `${text} ${note}` : text;
}

/**
 * The labels a stored alert names by one letter, by position. APPEND ONLY: a stored letter means
 * its label for as long as alerts are kept (tests/unit/alert-facts.test.ts pins the list). A
 * relabelled theme renders the new label in old alerts too, like any text the app shows.
 */
export const FACT_LABELS: readonly string[] = [
  ...Object.values(STRAIN_THEMES),
  ...Object.values(MORALE_THEMES),
  ...Object.values(DOUBT_THEMES),
  "signs they may leave",
  ...BLOCKER_THEMES.map((b) => b.theme),
];
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The counted reasons (alert-reasons.ts), by their letter and their numbers. */
const COUNTED = {
  // "4 signs of strain in 2 answers": the letter, then both counts.
  "#": {
    pattern: /^(\d{1,4}) signs? of strain in (\d{1,4}) answers?$/,
    render: ([n = 0, m = 0]: number[]) => `${n} ${plural(n, "sign")} of strain in ${m} ${plural(m, "answer")}`,
  },
  "~": {
    pattern: /^signs of disengagement in (\d{1,4}) answers?$/,
    render: ([n = 0]: number[]) => `signs of disengagement in ${n} ${plural(n, "answer")}`,
  },
  "?": {
    pattern: /^doubt about the number in (\d{1,4}) answers?$/,
    render: ([n = 0]: number[]) => `doubt about the number in ${n} ${plural(n, "answer")}`,
  },
} as const;
type CountedKey = keyof typeof COUNTED;
const isCounted = (key: string): key is CountedKey => key in COUNTED;

function encodeReason(reason: string): string | null {
  const index = FACT_LABELS.indexOf(reason);
  const letter = LETTERS[index];
  if (index >= 0 && letter) return letter;
  if (reason.length > 80) return null;
  for (const key of Object.keys(COUNTED) as CountedKey[]) {
    const counts = COUNTED[key].pattern.exec(reason)?.slice(1);
    if (!counts) continue;
    const token = `${key}${counts.join("/")}`;
    // Only a token that renders back to the same words ("1 signs" is not what the app writes).
    return decodeReason(token) === reason ? token : null;
  }
  return null;
}

function decodeReason(token: string): string | null {
  if (token.length === 1) {
    const index = LETTERS.indexOf(token);
    return index >= 0 ? (FACT_LABELS[index] ?? null) : null;
  }
  const key = token[0] ?? "";
  if (!isCounted(key)) return null;
  const counts = token.slice(1).split("/");
  if (!counts.every((c) => /^\d{1,4}$/.test(c))) return null;
  const expected = key === "#" ? 2 : 1;
  return counts.length === expected ? COUNTED[key].render(counts.map(Number)) : null;
}

/** APPEND ONLY, like FACT_LABELS: a stored note's code keeps its meaning. */
const NOTES: Record<AlertNote, string> = { corrected: "!c", disputed: "!d", uncertain: "!u" };
const noteOfCode = (code: string | undefined): AlertNote | undefined =>
  (Object.keys(NOTES) as AlertNote[]).find((note) => NOTES[note] === code);

/**
 * `figure,token,…[,!c|!d|!u]`: null when a fact has no code (a label not in FACT_LABELS), and the
 * writer then stores the rendered message instead (persist.ts).
 */
export function encodeAlertFacts(facts: AlertFacts): string | null {
  if (!Number.isInteger(facts.figure) || facts.figure < 0 || facts.figure > 100) return null;
  const tokens = facts.reasons.map(encodeReason);
  if (tokens.some((t) => t === null)) return null;
  return [String(facts.figure), ...tokens, ...(facts.note ? [NOTES[facts.note]] : [])].join(",");
}

export function decodeAlertFacts(text: string): AlertFacts | null {
  if (text.length > 200) return null;
  const [figureText = "", ...rest] = text.split(",");
  if (!/^\d{1,3}$/.test(figureText)) return null;
  const last = rest.at(-1);
  const note = noteOfCode(last);
  const reasons = (note ? rest.slice(0, -1) : rest).map(decodeReason);
  if (reasons.some((r) => r === null)) return null;
  return { figure: Number(figureText), reasons: reasons as string[], ...(note ? { note } : {}) };
}

const CATEGORIES: readonly AlertCategory[] = ["burnout", "low_morale", "low_confidence", "blockers", "reach_out"];
export const isAlertCategory = (category: string): category is AlertCategory =>
  (CATEGORIES as readonly string[]).includes(category);

/** What an alert's message is read from: its row, and its person's name from their member row. */
export type StoredAlertText = {
  category: string;
  message: string | null;
  facts: string | null;
  firstName: string | null;
  lastName: string | null;
};

/** The person's name as the check-in link spells it (worker/checkin/link.ts). */
export const personName = (firstName: string | null, lastName: string | null) =>
  firstName === null ? "Unknown User" : `${firstName} ${lastName ?? ""}`.trim();

/** An alert's message: the one stored (alerts written before drizzle/0021), else rendered from its facts. */
export function alertMessageOf(row: StoredAlertText): string {
  if (row.message !== null) return row.message;
  const facts = row.facts === null ? null : decodeAlertFacts(row.facts);
  const name = personName(row.firstName, row.lastName);
  if (!facts || !isAlertCategory(row.category)) return `${name}: ${row.category.replaceAll("_", " ")} alert.`;
  return renderAlertMessage(row.category, name, facts);
}
