import { count, eq, inArray } from "drizzle-orm";
import { createDb, type Database, linkPlatform } from "./client";
import { compactId } from "./compact-id";
import { organizationShards, organizations, trials } from "./schema";

/**
 * The tenant seam (README → Decisions, "Organizations live in shards"). The platform database
 * (binding `DB`) holds accounts, organizations, this map, billing, audit, rate limits and the
 * global settings; an organization's own rows (team, check-ins, scores, alerts, themes,
 * coaching, its settings, deliveries, digests) live in one shard, a D1 binding `DB_SHARD_n`.
 *
 *   const db = await dbFor(env, organizationId);  // the organization's rows
 *   const platform = platformDb(env);             // everything else
 *
 * An organization with no map row was created before shards: its shard is the platform
 * database itself (binding `DB`), which is why `DB` is also listed among the shards to fan out
 * over. Which shards take new organizations is `OPEN_SHARDS` (comma-separated bindings;
 * default every `DB_SHARD_n`): a full shard is closed by leaving it out.
 */
export const PLATFORM_BINDING = "DB";
const SHARD_BINDING = /^DB_SHARD_\d{1,3}$/;

type ShardEnv = Env & { OPEN_SHARDS?: string };

function bindingOf(env: Env, name: string): D1Database {
  const binding: unknown = (env as unknown as Record<string, unknown>)[name];
  if (!binding || typeof (binding as D1Database).prepare !== "function") {
    throw new Error(`No D1 binding named ${name}`);
  }
  return binding as D1Database;
}

/** The platform database's handle. */
export function platformDb(env: Env): Database {
  return createDb(env.DB);
}

/** Every database that may hold organizations' rows: the platform database (older organizations) and each shard. */
export function shardNames(env: Env): string[] {
  const shards = Object.keys(env)
    .filter((name) => SHARD_BINDING.test(name))
    .sort((a, b) => Number(a.slice(9)) - Number(b.slice(9)));
  return [PLATFORM_BINDING, ...shards];
}

/** The shards a new organization may be assigned to. */
export function openShards(env: ShardEnv): string[] {
  const all = shardNames(env);
  const configured = (env.OPEN_SHARDS ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => all.includes(name));
  if (configured.length > 0) return configured;
  const shards = all.filter((name) => name !== PLATFORM_BINDING);
  return shards.length > 0 ? shards : [PLATFORM_BINDING];
}

/** Each shard handle's binding name, so what it creates can say where it lives (a check-in's id). */
const shardNamesOfHandles = new WeakMap<Database, string>();

/** The handle of one shard by its binding name. */
export function shardDb(env: Env, shard: string): Database {
  const db = createDb(bindingOf(env, shard));
  linkPlatform(db, platformDb(env));
  shardNamesOfHandles.set(db, shard);
  return db;
}

/** A check-in id's shard prefix (`s1-`). */
const CHECK_IN_SHARD = /^s(\d{1,3})-/;

/**
 * A new check-in's id, which names its shard (`s1-<compact id>` lives in DB_SHARD_1; a bare
 * compact id in the platform database): the public link carries only the id, and the link
 * route, the check-in's object and the queue find the shard from it without reading the map.
 * The random part is a compact id (db/compact-id.ts, 96 bits) rather than a UUID: the id is
 * repeated in every row and index a completion writes (README → Decisions, "Check-in ids are
 * short"). A bare one is drawn again in the rare case it reads like a shard's prefix. Ids made
 * before (`s1-<uuid>`, a bare uuid) keep working: only the prefix is ever parsed.
 */
export function newCheckInId(db: Database): string {
  return checkInIdIn(shardNamesOfHandles.get(db) ?? PLATFORM_BINDING);
}

/** A new check-in id in the database bound as `shard` (`draw` gives the random part). */
export function checkInIdIn(shard: string, draw: () => string = compactId): string {
  if (shard !== PLATFORM_BINDING) return `s${shard.slice(9)}-${draw()}`;
  let id = draw();
  while (CHECK_IN_SHARD.test(id)) id = draw();
  return id;
}

/**
 * The handle of the shard a check-in id names. An id naming a shard this Worker does not have
 * reads the platform database, where it is not found (404), like any wrong id.
 */
export function dbForCheckIn(env: Env, checkInId: string): Database {
  const match = CHECK_IN_SHARD.exec(checkInId);
  const shard = match ? `DB_SHARD_${match[1]}` : PLATFORM_BINDING;
  return shardNames(env).includes(shard) ? shardDb(env, shard) : platformDb(env);
}

/** Every shard's handle, for the console's figures across organizations (fan out, then merge). */
export function allShardDbs(env: Env): Database[] {
  return shardNames(env).map((name) => shardDb(env, name));
}

/** The binding holding the organization's rows (the platform database for one created before shards). */
export async function shardOf(env: Env, organizationId: string): Promise<string> {
  const [row] = await platformDb(env)
    .select({ shard: organizationShards.shard })
    .from(organizationShards)
    .where(eq(organizationShards.organizationId, organizationId));
  return shardNameOrPlatform(env, row?.shard ?? null);
}

/** A stored shard name, checked against the bindings this Worker has (an unknown one is an error, never a fallback). */
export function shardNameOrPlatform(env: Env, shard: string | null): string {
  if (shard === null) return PLATFORM_BINDING;
  if (!shardNames(env).includes(shard)) throw new Error(`Organization mapped to unknown shard ${shard}`);
  return shard;
}

/** The Drizzle handle over the organization's shard: every query of its own rows goes here. */
export async function dbFor(env: Env, organizationId: string): Promise<Database> {
  return shardDb(env, await shardOf(env, organizationId));
}

/**
 * Gives a new organization its shard: the open shard with the fewest organizations. Written
 * once (a second call keeps the first answer), then the organization's row is copied into the
 * shard, where its rows' foreign keys point (the copy's trial row, made by the insert trigger,
 * is removed: trials live in the platform database). Returns the shard's binding name.
 */
export async function assignShard(env: ShardEnv, organizationId: string): Promise<string> {
  const platform = platformDb(env);
  const candidates = openShards(env);
  const loads = await platform
    .select({ shard: organizationShards.shard, n: count() })
    .from(organizationShards)
    .where(inArray(organizationShards.shard, candidates))
    .groupBy(organizationShards.shard);
  const load = (name: string) => loads.find((row) => row.shard === name)?.n ?? 0;
  const chosen = candidates.reduce((best, name) => (load(name) < load(best) ? name : best));
  await platform.insert(organizationShards).values({ organizationId, shard: chosen }).onConflictDoNothing();
  const shard = await shardOf(env, organizationId);
  if (shard !== PLATFORM_BINDING) await copyOrganizationRow(platform, shardDb(env, shard), organizationId);
  return shard;
}

/** The organization's row in its shard: only what the shard's foreign keys and joins need. */
async function copyOrganizationRow(platform: Database, shard: Database, organizationId: string) {
  const [row] = await platform.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`No organization ${organizationId} to copy into its shard`);
  await shard.batch([
    shard.insert(organizations).values(row).onConflictDoNothing(),
    shard.delete(trials).where(eq(trials.organizationId, organizationId)),
  ]);
}

/**
 * The organization's row in its shard follows a rename in the console (the one place a name
 * changes), so a shard can search and order its rows by the organization's name; what is shown
 * is still read from the platform database.
 */
export async function syncOrganizationCopy(env: Env, organizationId: string): Promise<void> {
  const shard = await shardOf(env, organizationId);
  if (shard === PLATFORM_BINDING) return;
  const [row] = await platformDb(env).select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) return;
  const { id: _id, ...fields } = row;
  await shardDb(env, shard).update(organizations).set(fields).where(eq(organizations.id, organizationId));
}

/**
 * Deletes the organization's rows from its shard (its copied row, which cascades to every row
 * of its own). The platform row is deleted by the caller.
 */
export async function deleteFromShard(env: Env, organizationId: string): Promise<void> {
  const shard = await shardOf(env, organizationId);
  if (shard === PLATFORM_BINDING) return;
  await shardDb(env, shard).delete(organizations).where(eq(organizations.id, organizationId));
}

/** One query per shard, in parallel, their rows merged: the console's figures across organizations. */
export async function acrossShards<Row>(shards: readonly Database[], query: (db: Database) => Promise<Row[]>) {
  return (await Promise.all(shards.map(query))).flat();
}
