import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Database } from "./client";
import { organizations } from "./schema";

/**
 * Reading across shards (worker/db/shards.ts) for the console: every shard answers the same
 * sorted query, and the answers are merged here in the same order. D1 has no query across
 * databases, so a page, a sample or an export of rows from many organizations is built this way.
 */

/** Negative when `a` comes first. Must be the order every shard's query sorted by (with a unique tie-breaker). */
export type Order<Row> = (a: Row, b: Row) => number;

/**
 * One page of the merge of several shards' sorted rows. Each shard must have answered its first
 * `offset + pageSize` rows: the page is among them, whichever shards it falls in.
 */
export function mergedPage<Row>(perShard: Row[][], order: Order<Row>, offset: number, pageSize: number): Row[] {
  return perShard
    .flat()
    .sort(order)
    .slice(offset, offset + pageSize);
}

/** Reads one shard's sorted rows from `offset`, at most `limit` of them. */
export type ChunkReader<Row> = (limit: number, offset: number) => Promise<Row[]>;

/**
 * Every row of several shards' sorted queries, merged in order, read `chunk` rows at a time from
 * each (an export never holds a shard's whole answer). Each reader must sort by `order`.
 */
export async function* mergeSorted<Row>(readers: ChunkReader<Row>[], order: Order<Row>, chunk = 500) {
  const sources = readers.map((read) => ({ read, buffer: [] as Row[], offset: 0, done: false }));
  for (;;) {
    await Promise.all(
      sources.map(async (source) => {
        if (source.buffer.length > 0 || source.done) return;
        source.buffer = await source.read(chunk, source.offset);
        source.offset += source.buffer.length;
        if (source.buffer.length < chunk) source.done = true;
      }),
    );
    let next: (typeof sources)[number] | undefined;
    for (const source of sources) {
      const head = source.buffer[0];
      const best = next?.buffer[0];
      if (head !== undefined && (best === undefined || order(head, best) < 0)) next = source;
    }
    const row = next?.buffer.shift();
    if (row === undefined) return;
    yield row;
  }
}

/** Sums one figure over the shards' answers. */
export const sumOf = <Row>(rows: readonly Row[], value: (row: Row) => number) =>
  rows.reduce((total, row) => total + value(row), 0);

/**
 * `column` is one of `values`, bound as one JSON parameter (D1 binds at most 100 parameters per
 * statement, and a chunk of organizations is more).
 */
export const inJsonList = (column: AnyColumn, values: readonly string[]): SQL =>
  sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;

/** Ids per statement when they are bound as one JSON list. */
const IDS_PER_QUERY = 1000;

/** Organizations' names by id, from the platform database, where names are read. */
export async function organizationNames(platform: Database, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const slices = Array.from({ length: Math.ceil(unique.length / IDS_PER_QUERY) }, (_, i) =>
    unique.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY),
  );
  const rows = await Promise.all(
    slices.map((slice) =>
      platform
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(inJsonList(organizations.id, slice)),
    ),
  );
  return new Map(rows.flat().map((row) => [row.id, row.name]));
}

/**
 * Organizations' names from the platform database, remembered for one request or export: a
 * shard's rows carry only the organization's id (its copy in the shard is not where names are read).
 */
export class OrganizationNameCache {
  private readonly names = new Map<string, string>();
  constructor(private readonly platform: Database) {}

  /** Reads the names not known yet; then `get` answers for every one of `ids`. */
  async load(ids: Iterable<string>): Promise<this> {
    const missing = [...new Set(ids)].filter((id) => !this.names.has(id));
    for (const [id, name] of await organizationNames(this.platform, missing)) this.names.set(id, name);
    return this;
  }

  get(id: string | null | undefined): string | null {
    return id ? (this.names.get(id) ?? null) : null;
  }
}
