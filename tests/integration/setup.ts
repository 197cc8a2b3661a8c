import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardNames } from "../../worker/db/shards";

// Idempotent: setup runs before each test file, against that file's isolated storage. Every
// database gets the same migrations: the platform database and each shard, as the Worker lists
// them (worker/db/shards.ts; build-tools/d1-databases.ts does the same for dev and deploy).
const bindings = env as unknown as Record<string, D1Database>;
await Promise.all(shardNames(env).map((name) => applyD1Migrations(bindings[name] as D1Database, env.TEST_MIGRATIONS)));
