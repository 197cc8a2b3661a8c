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

/**
 * A shard's handle knows its platform database (worker/db/shards.ts links them). The helpers of
 * platform tables (audit, rate limits and daily caps, global settings, the AI configuration,
 * the question bank, the email log, system signals) take whichever handle the caller holds and
 * write through `platformOf`, so code holding an organization's shard cannot put a platform row in it.
 */
const platforms = new WeakMap<Database, Database>();

export function linkPlatform(shard: Database, platform: Database): void {
  if (shard !== platform) platforms.set(shard, platform);
}

/** The platform database of a handle (a platform handle is its own). */
export function platformOf(db: Database): Database {
  return platforms.get(db) ?? db;
}

/**
 * `build` run once per database handle and kept with it: a query's SQL compiled by Drizzle
 * (placeholders bound per call) on the hot paths, where building it on every call showed in the
 * CPU profile (README → Performance).
 */
export function oncePerHandle<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

export { schema };
