import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Idempotent: setup runs before each test file, against that file's isolated storage. Every
// database gets the same migrations: the platform database and each shard (worker/db/shards.ts).
await Promise.all([env.DB, env.DB_SHARD_0, env.DB_SHARD_1].map((db) => applyD1Migrations(db, env.TEST_MIGRATIONS)));
