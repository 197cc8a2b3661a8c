/**
 * The bench's large organization (issue 26 §2): 10,000 salespeople × 52 weekly completed
 * check-ins with their scores, blockers and a few open alerts, an Admin and an operator,
 * written ONCE straight into the local D1 file of a persisted state (the app is not running
 * then), its summaries built by the same statements as `npm run rollups:rebuild`. Reused by
 * every later run while its marker (same SEED_VERSION) is under 7 days old: the weeks are
 * counted back from the seeding time, so an older seed shows an emptier last week.
 * No real_time_sentiment rows: the app no longer writes them.
 *
 * The organization lives in a shard (`BENCH_SHARD`, worker/db/shards.ts), as a new one does:
 * the accounts, the organization's row and its map entry in the platform database; a copy of
 * the row and everything of its own (team, check-ins with `s0-` ids, scores, blockers, alerts,
 * summaries) in the shard, whose triggers are set aside and whose summaries are rebuilt there.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrateLocally } from "../../build-tools/d1-databases.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql.ts";
import { fixtureSql, generateInsightsFixture } from "../fixtures/worker/insights-fixture.ts";
import { BENCH_SHARD, d1File, inBenchShard } from "./check-ins.ts";

export const SCALE_STATE_NAME = "scale-10k";
/**
 * 2: seeded through drizzle/0016's triggers (and its summaries); 3: in a shard. A state of an
 * older version is seeded again.
 */
const SEED_VERSION = 4;
const MEMBERS = 10_000;
const WEEKS = 52;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const ORG = "scale-org";

const base = resolve(import.meta.dirname, "../.artifacts", SCALE_STATE_NAME);
const stateDir = resolve(base, "state");
const marker = resolve(base, "seeded.json");
const totpFile = resolve(base, "operator-totp.txt");

export const SCALE_ADMIN = { email: "scale-admin@undertone.dev", password: "scale-admin-password" };
export const SCALE_OPERATOR = {
  email: "scale-operator@undertone.dev",
  password: "scale-operator-password",
  /** The app's secret for this state: the operator's stored authenticator is sealed with it. */
  authSecret: "scale-bench-secret-4d1f0c9a8b7e6d5c4b3a29181706f5e4",
  totpSecret: () => (existsSync(totpFile) ? readFileSync(totpFile, "utf8").trim() : null),
  saveTotpSecret: (secret: string) => writeFileSync(totpFile, secret),
};

type Marker = { version: number; seededAt: number; memberId: string; counts: Record<string, number>; seedMs: number };

/** Deterministic noise (the same organization on every machine). */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * A 10,000-salesperson company pays for Pro (the Free Trial stops at 3 members): an active
 * subscription on the platform's database, for a month from `now`. Idempotent, so a state seeded
 * before it was written gets it too; what the bench measures reads the same either way.
 */
function payForPro(now: number) {
  const platform = new DatabaseSync(d1File(stateDir, "DB"));
  try {
    platform
      .prepare(
        `insert into subscriptions (id, organization_id, stripe_customer_id, stripe_subscription_id,
           current_salesperson_count, subscription_status, current_period_end)
         values ('scale-org-subscription', ?, 'cus_scale', 'sub_scale', ?, 'active', ?)
         on conflict (id) do update set current_period_end = excluded.current_period_end`,
      )
      .run(ORG, MEMBERS, now + 30 * DAY_MS);
  } finally {
    platform.close();
  }
}

export async function ensureSeeded10k(log: (line: string) => void) {
  if (existsSync(marker)) {
    const found = JSON.parse(readFileSync(marker, "utf8")) as Marker;
    if (found.version === SEED_VERSION && found.seededAt > Date.now() - 7 * DAY_MS && existsSync(stateDir)) {
      log(`scale-10k: reusing the seeded organization (${JSON.stringify(found.counts)})`);
      // A migration added since the seed, in every database (its own statements bring its summaries up to date).
      await migrateLocally(stateDir);
      payForPro(Date.now());
      return { ...found, reused: true };
    }
  }
  const started = performance.now();
  log("scale-10k: seeding 10,000 salespeople × 52 weeks (once; reused by later runs)");
  rmSync(base, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  await migrateLocally(stateDir);
  const now = Date.now();
  const platform = new DatabaseSync(d1File(stateDir, "DB"));
  const db = new DatabaseSync(d1File(stateDir, BENCH_SHARD));
  const counts: Record<string, number> = {};
  try {
    // A large page cache keeps the index seeks in memory (the seed took 11 minutes without it).
    db.exec(
      "pragma journal_mode = wal; pragma synchronous = off; pragma cache_size = -1000000; pragma foreign_keys = on",
    );
    // The summaries' triggers (drizzle/0015, 0016) are set aside while 1.3 million rows go in, and
    // the rebuild's statements (`npm run rollups:rebuild`) make the summaries at the end.
    const triggers = db.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as {
      name: string;
      sql: string;
    }[];
    for (const trigger of triggers) db.exec(`drop trigger "${trigger.name}"`);
    // The organization and its Admin, as the insights fixture writes them (no members of its own).
    const scaffold = generateInsightsFixture({
      now,
      organizationId: ORG,
      organizationName: "Scale Sales",
      members: 0,
      weeks: WEEKS,
      adminEmail: SCALE_ADMIN.email,
      adminPasswordHash: await hashPassword(SCALE_ADMIN.password),
    });
    // The platform's rows: the organization (its trial made by the insert trigger), its Admin, the operator, the map.
    platform.exec("begin");
    for (const statement of fixtureSql(scaffold)) platform.exec(statement);
    platform.prepare("insert into organization_shards (organization_id, shard) values (?, ?)").run(ORG, BENCH_SHARD);
    const operatorHash = await hashPassword(SCALE_OPERATOR.password);
    platform
      .prepare(
        `insert into user (id, name, email, email_verified, role, first_name, last_name, status, created_at, updated_at)
       values ('scale-operator', 'Scale Operator', ?, 1, 'SuperAdmin', 'Scale', 'Operator', 'Active', ?, ?)`,
      )
      .run(SCALE_OPERATOR.email, now - 400 * DAY_MS, now - 400 * DAY_MS);
    platform
      .prepare(
        `insert into account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       values ('scale-operator-credential', 'scale-operator', 'credential', 'scale-operator', ?, ?, ?)`,
      )
      .run(operatorHash, now - 400 * DAY_MS, now - 400 * DAY_MS);
    platform.exec("commit");
    payForPro(now);
    // The shard's copy of the organization, as assignShard makes it (its trial is the platform's).
    db.exec(`attach database '${d1File(stateDir, "DB").replaceAll("'", "''")}' as platform`);
    db.exec("begin");
    db.prepare("insert into main.organizations select * from platform.organizations where id = ?").run(ORG);
    db.prepare("delete from main.trials where organization_id = ?").run(ORG);

    const random = seeded(26_000);
    const member = db.prepare(
      `insert into team_members (id, organization_id, first_name, last_name, email, job_title, region, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'Account Executive', ?, 'active', ?, ?)`,
    );
    const checkIn = db.prepare(
      `insert into check_ins (id, organization_id, team_member_id, token_hash, status, schedule_key, duration_minutes,
         expires_at, invited_at, reminder_count, started_at, completed_at, reach_out_requested, conversation_state, created_at)
       values (?, ?, ?, ?, 'completed', ?, 10, ?, ?, 0, ?, ?, 0, ?, ?)`,
    );
    const score = db.prepare(
      `insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress,
         sales_strength, blockers, conversation_quality_score, recorded_at, morale_evidence, confidence_evidence,
         stress_evidence, sales_strength_evidence, blockers_evidence)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const blocker = db.prepare(
      `insert into user_challenges (organization_id, check_in_id, team_member_id, theme, own_description, created_at)
       values (?, ?, ?, ?, ?, ?)`,
    );
    const alert = db.prepare(
      // As the app writes one (drizzle/0021): its facts, no id or message.
      `insert into risk_alerts (organization_id, team_member_id, check_in_id, category, facts, created_at)
       values (?, ?, ?, 'burnout', ?, ?)`,
    );
    const THEMES = ["Pricing approvals", "CRM admin", "Lead quality", "Territory changes", "Product gaps"];
    const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
    const longAgo = now - (WEEKS + 4) * WEEK_MS;
    Object.assign(counts, { team_members: 0, check_ins: 0, sentiment_scores: 0, user_challenges: 0, risk_alerts: 0 });
    const add = (table: string) => {
      counts[table] = (counts[table] ?? 0) + 1;
    };
    for (let m = 0; m < MEMBERS; m++) {
      const memberId = `${ORG}-tm-${m}`;
      member.run(
        memberId,
        ORG,
        `Rep${m % 97}`,
        `Person ${m}`,
        `rep${m}@scale.example`,
        `Region ${m % 12}`,
        longAgo,
        longAgo,
      );
      add("team_members");
      const mood = { morale: 40 + random() * 40, confidence: 40 + random() * 40, stress: 25 + random() * 45 };
      for (let w = 0; w < WEEKS; w++) {
        const sentAt = now - (WEEKS - w) * WEEK_MS + Math.floor(random() * 2 * DAY_MS) + DAY_MS;
        const completedAt = sentAt + Math.floor((1 + random() * 40) * 3_600_000);
        const id = inBenchShard(crypto.randomUUID());
        checkIn.run(
          id,
          ORG,
          memberId,
          `hash-${id}`,
          `2026-W${w}`,
          sentAt + 3 * DAY_MS,
          sentAt,
          completedAt - 600_000,
          completedAt,
          '{"questions_asked":9,"pillars_explored":5,"judged_by":"reader","fallback_used":false}',
          sentAt,
        );
        add("check_ins");
        const noise = () => (random() - 0.5) * 16;
        const stress = clamp(mood.stress + noise());
        score.run(
          ORG,
          id,
          memberId,
          clamp(mood.morale + noise()),
          clamp(mood.confidence + noise()),
          stress,
          clamp(70 + noise()),
          clamp(70 - stress / 3),
          clamp(60 + noise()),
          completedAt,
          1 + Math.floor(random() * 3),
          Math.floor(random() * 3),
          1 + Math.floor(random() * 2),
          Math.floor(random() * 2),
          Math.floor(random() * 2),
        );
        add("sentiment_scores");
        if (stress > 55 || random() > 0.8) {
          const theme = THEMES[Math.floor(random() * THEMES.length)] ?? "CRM admin";
          blocker.run(ORG, id, memberId, theme, null, completedAt); // its theme's description (drizzle/0022)
          add("user_challenges");
        }
        if (w === WEEKS - 1 && stress >= 70) {
          alert.run(ORG, memberId, id, String(stress), completedAt);
          add("risk_alerts");
        }
      }
    }
    for (const trigger of triggers) db.exec(trigger.sql);
    for (const statement of REBUILD_ROLLUPS_SQL) db.exec(statement);
    counts.score_rollups = (db.prepare("select count(*) as n from score_rollups").get() as { n: number }).n;
    counts.member_scores = (db.prepare("select count(*) as n from member_scores").get() as { n: number }).n;
    db.exec("commit");
    db.exec("detach database platform");
    for (const file of [db, platform]) file.exec("pragma wal_checkpoint(truncate); pragma journal_mode = delete");
  } finally {
    db.close();
    platform.close();
  }
  const seedMs = Math.round(performance.now() - started);
  const written: Marker = { version: SEED_VERSION, seededAt: now, memberId: `${ORG}-tm-7`, counts, seedMs };
  writeFileSync(marker, JSON.stringify(written, null, 2));
  log(`scale-10k: seeded in ${(seedMs / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`);
  return { ...written, reused: false };
}
