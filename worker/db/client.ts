import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDb>;

/** One Drizzle handle per request (or per Durable Object), over the D1 binding. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export { schema };
