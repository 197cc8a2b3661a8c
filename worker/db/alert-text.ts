import { eq } from "drizzle-orm";
import { type AlertFacts, alertMessageOf, encodeAlertFacts } from "../scoring/alert-facts";
import type { Database } from "./client";
import { riskAlerts, teamMembers } from "./schema";

/**
 * What an alert's message is read from (scoring/alert-facts.ts: a stored message wins, else its
 * facts rendered with the person's name). A query selecting these left-joins `team_members` on
 * the alert's member.
 */
export const alertTextFields = {
  stored_message: riskAlerts.message,
  facts: riskAlerts.facts,
  first_name: teamMembers.firstName,
  last_name: teamMembers.lastName,
};

export type AlertTextRow = {
  category: string;
  stored_message: string | null;
  facts: string | null;
  first_name: string | null;
  last_name: string | null;
};

type TextKeys = "stored_message" | "facts" | "first_name" | "last_name";

/** A row as the API shows it: the text columns replaced by the message. */
export function withMessage<Row extends AlertTextRow>(row: Row): Omit<Row, TextKeys> & { message: string } {
  const { stored_message, facts, first_name, last_name, ...rest } = row;
  const message = alertMessageOf({
    category: row.category,
    message: stored_message,
    facts,
    firstName: first_name,
    lastName: last_name,
  });
  return { ...rest, message };
}

/** The message of an alert read without its member's name (an update's RETURNING): the name is read here. */
export async function renderedMessage(
  db: Database,
  alert: { category: string; message: string | null; facts: string | null; teamMemberId: string | null },
): Promise<string> {
  if (alert.message !== null) return alert.message;
  const [member] = alert.teamMemberId
    ? await db
        .select({ firstName: teamMembers.firstName, lastName: teamMembers.lastName })
        .from(teamMembers)
        .where(eq(teamMembers.id, alert.teamMemberId))
    : [];
  return alertMessageOf({
    category: alert.category,
    message: null,
    facts: alert.facts,
    firstName: member?.firstName ?? null,
    lastName: member?.lastName ?? null,
  });
}

/**
 * What a new alert stores of its message: its facts (drizzle/0021), or the message itself when a
 * fact has no code (encodeAlertFacts), so every reader still shows what the writer rendered.
 * No id either: its check-in and category are its id (db/alert-id.ts).
 */
export function storedAlertText(alert: { facts: AlertFacts; message: string }) {
  const facts = encodeAlertFacts(alert.facts);
  return facts === null ? { facts: null, message: alert.message } : { facts, message: null };
}
