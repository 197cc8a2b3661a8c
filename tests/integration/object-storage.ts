import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";

/**
 * Everything a check-in's object has stored, read from inside it: every row of every table
 * of its SQLite (its own tables, and sqlite_sequence) and every key of its key-value
 * storage. For tests that must see an UPDATE as surely as an INSERT (abuse-input) and that
 * scan what is kept for secrets (stored-secrets). The runtime's own `_cf_` tables are read
 * through `storage.list()`, the only way in.
 */
export type ObjectStorage = { tables: Record<string, Record<string, unknown>[]>; kv: Record<string, unknown> };

export async function objectStorage(checkInId: string): Promise<ObjectStorage> {
  return runInDurableObject(env.CHECKIN_SESSION.getByName(checkInId), async (_instance, state) => {
    const sql = state.storage.sql;
    const names = ownTableNames(sql);
    const tables: ObjectStorage["tables"] = {};
    for (const name of names) tables[name] = sql.exec(`select * from "${name}" order by rowid`).toArray();
    const kv = Object.fromEntries(await state.storage.list());
    return { tables, kv };
  });
}

/** The object's own tables (and sqlite_sequence), by name; not the runtime's `_cf_` ones. */
export function ownTableNames(sql: SqlStorage): string[] {
  return sql
    .exec<{ name: string }>(
      "select name from sqlite_master where type = 'table' and name not like '\\_cf\\_%' escape '\\' order by name",
    )
    .toArray()
    .map((row) => row.name);
}

/** Every string stored anywhere in the object, with where it sits (for the secrets scan). */
export function storedStrings(storage: ObjectStorage): { place: string; value: string }[] {
  const found: { place: string; value: string }[] = [];
  for (const [table, rows] of Object.entries(storage.tables)) {
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === "string") found.push({ place: `${table}.${column}`, value });
      }
    }
  }
  for (const [key, value] of Object.entries(storage.kv)) {
    found.push({ place: `kv key ${key}`, value: key });
    found.push({ place: `kv ${key}`, value: typeof value === "string" ? value : (JSON.stringify(value) ?? "") });
  }
  return found;
}
