import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";

/** The migration tests' database: drizzle/*.sql applied in order to an in-memory SQLite, as D1 applies them. */
const DIR = fileURLToPath(new URL("../../drizzle/", import.meta.url).href);

/** Every migration file, in the order they apply. */
export const MIGRATION_FILES = readdirSync(DIR)
  .filter((name) => name.endsWith(".sql"))
  .sort();

export const migrationSql = (name: string) => readFileSync(`${DIR}${name}`, "utf8");

/** Applies these migrations, each in its own transaction. */
export function migrate(db: DatabaseSync, names: readonly string[]) {
  for (const name of names) {
    db.exec("BEGIN");
    db.exec(migrationSql(name));
    db.exec("COMMIT");
  }
}

/** A new database, foreign keys on, with every migration that sorts before `name` applied. */
export function migratedBefore(name: string): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec("PRAGMA foreign_keys = ON");
  migrate(
    db,
    MIGRATION_FILES.filter((file) => file < name),
  );
  return db;
}
