import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof buildDb>;

function buildDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/**
 * Drizzle builds its relational map of the schema each time a handle is made, a cost the
 * CPU profile showed on every request and check-in start. A handle holds no request state,
 * so one per D1 binding object is reused for as long as the isolate keeps that binding.
 */
const handles = new WeakMap<D1Database, Database>();

/** The Drizzle handle over this D1 binding. */
export function createDb(d1: D1Database): Database {
  let db = handles.get(d1);
  if (!db) {
    db = buildDb(d1);
    handles.set(d1, db);
  }
  return db;
}

export { schema };
