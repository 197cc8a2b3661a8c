import type { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { TRIAL_DAYS } from "../../worker/shared/domain";
import { MIGRATION_FILES, migrate, migratedBefore } from "./migrations";

/**
 * drizzle/0012_billing.sql (issue 25 §2): every organization is on a trial from the moment it
 * exists (a trigger), and the organizations from before it get a plan they can live with: one
 * that ran without a plan gets 14 days from the migration, not an instant stop.
 */
const DAY = 86_400_000;

function databaseBefore0012(): DatabaseSync {
  const db = migratedBefore("0012");
  const longAgo = Date.now() - 90 * DAY;
  db.exec(`
    insert into organizations (id, name, status, created_at) values
      ('no-plan', 'Ran without a plan', 'active', ${longAgo}),
      ('chose-trial', 'Chose the trial', 'trial', ${longAgo}),
      ('pays', 'Pays', 'active', ${longAgo});
    insert into trials (id, organization_id, trial_start_date, trial_end_date, trial_status)
      values ('t1', 'chose-trial', ${longAgo}, ${longAgo + 14 * DAY}, 'expired');
    insert into subscriptions (id, organization_id, subscription_status) values ('s1', 'pays', 'active');
  `);
  return db;
}

type TrialRow = { organization_id: string; trial_start_date: number; trial_end_date: number; chosen_at: number | null };
const trialOf = (db: DatabaseSync, organizationId: string) =>
  db
    .prepare(
      "select organization_id, trial_start_date, trial_end_date, chosen_at from trials where organization_id = ?",
    )
    .get(organizationId) as TrialRow | undefined;

describe("migration 0012: every organization on a trial, a paid plan or blocked", () => {
  it("gives the organizations from before a trial row each, the no-plan ones 14 days from now", () => {
    expect(MIGRATION_FILES).toContain("0012_billing.sql");
    const db = databaseBefore0012();
    const before = Date.now();
    migrate(db, ["0012_billing.sql"]);

    const noPlan = trialOf(db, "no-plan");
    expect(noPlan?.trial_start_date).toBeGreaterThanOrEqual(before - 1000);
    expect((noPlan?.trial_end_date ?? 0) - (noPlan?.trial_start_date ?? 0)).toBe(TRIAL_DAYS * DAY);
    expect(noPlan?.chosen_at).toBeNull(); // its admin is asked to choose
    // A trial chosen before keeps its dates and counts as chosen.
    expect(trialOf(db, "chose-trial")).toMatchObject({ chosen_at: expect.any(Number) });
    expect(trialOf(db, "chose-trial")?.trial_end_date).toBeLessThan(before);
    // A paying one chose Pro: its trial is dated from its creation.
    expect(trialOf(db, "pays")?.chosen_at).not.toBeNull();
    // organizations.status is the operator's access now: "trial" reads as active.
    expect(db.prepare("select id, status from organizations order by id").all()).toEqual([
      { id: "chose-trial", status: "active" },
      { id: "no-plan", status: "active" },
      { id: "pays", status: "active" },
    ]);
    expect(db.prepare("pragma foreign_key_check").all()).toEqual([]);
  });

  it("starts a 14-day trial with every new organization, however it is inserted, and only once", () => {
    const db = databaseBefore0012();
    migrate(db, ["0012_billing.sql"]);
    const created = Date.now() - 3 * DAY;
    db.exec(`insert into organizations (id, name, created_at) values ('new', 'New', ${created})`);
    expect(trialOf(db, "new")).toEqual({
      organization_id: "new",
      trial_start_date: created,
      trial_end_date: created + TRIAL_DAYS * DAY,
      chosen_at: null,
    });
    // An insert that brings its own trial first is not overruled, and a second organization row
    // (an upsert's conflict) does not make a second trial.
    db.exec("insert or ignore into organizations (id, name) values ('new', 'Again')");
    expect(
      Number((db.prepare("select count(*) as n from trials where organization_id = 'new'").get() as { n: number }).n),
    ).toBe(1);
  });
});
