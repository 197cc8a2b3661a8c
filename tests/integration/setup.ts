import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Idempotent: setup runs before each test file, against that file's isolated storage.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
