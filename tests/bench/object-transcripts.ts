import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * The transcripts the check-in objects keep (D1 has none since issue 26 §1), read from the
 * objects' SQLite files in a stopped `wrangler dev --persist-to` state: one file per object,
 * its session row names the check-in. Read-only; for the resilience verdict.
 */
export function objectTranscripts(
  stateDir: string,
  checkInIds: ReadonlySet<string>,
): { check_in_id: string; seq: number; content: string }[] {
  const dir = join(stateDir, "v3/do/undertone-CheckInSession");
  if (!existsSync(dir)) return [];
  const rows: { check_in_id: string; seq: number; content: string }[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(dir, file), { readOnly: true });
    try {
      const tables = db.prepare("select name from sqlite_master where name in ('session', 'messages')").all();
      if (tables.length < 2) continue;
      const session = db.prepare("select check_in_id from session").get() as { check_in_id: string } | undefined;
      if (!session || !checkInIds.has(session.check_in_id)) continue;
      const messages = db.prepare("select seq, content from messages where sender = 'user' order by seq").all() as {
        seq: number;
        content: string;
      }[];
      for (const m of messages) rows.push({ check_in_id: session.check_in_id, seq: m.seq, content: m.content });
    } finally {
      db.close();
    }
  }
  return rows;
}
