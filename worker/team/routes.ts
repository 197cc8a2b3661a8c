import { and, eq, gt, sql } from "drizzle-orm";
import { Hono } from "hono";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import type { Database } from "../db/client";
import { compactId } from "../db/compact-id";
import { checkIns, teamMembers } from "../db/schema";
import { ApiError, conflict, notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import { TRIAL_TEAM_MEMBER_LIMIT } from "../shared/domain";
import {
  DUPLICATE_MEMBER_MESSAGE,
  idParamSchema,
  TEAM_LIMIT_CODE,
  type TeamListResponse,
  type TeamMember,
  type TeamMemberCreate,
  type TeamMemberResponse,
  teamLimitMessage,
  teamListQuerySchema,
  teamMemberCreateSchema,
  teamMemberPatchSchema,
} from "../shared/team";
import { syncSubscriptionQuantity } from "./billing-sync";
import { findMember, listMembers } from "./member-list";
import { teamPlan } from "./plan";

/**
 * /api/team-members — the organization's salespeople (spec 1 §9: the Free Trial allows 3
 * active members; Pro is unlimited and billed per active member), listed a page at a time
 * (member-list.ts). Every query is scoped by the session's organization: another
 * organization's ids answer 404.
 */

async function oneMember(db: Database, organizationId: string, id: string): Promise<TeamMember> {
  const member = await findMember(db, organizationId, id);
  if (!member) throw notFound("Team member not found");
  return member;
}

function isDuplicateEmail(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (
      current instanceof Error &&
      /UNIQUE constraint failed: team_members\.organization_id, team_members\.email/.test(current.message)
    ) {
      return true;
    }
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * A member's email cannot change while one of their check-ins is open: the link (and a
 * fresh link, README → Chat ownership) goes to that address, and an Admin who could point it
 * at their own inbox and press Resend would get the salesperson's chat.
 */
export const emailLockedMessage = (firstName: string) =>
  `${firstName}'s email can't change while their check-in is open. Change it once the check-in is completed, or revoke it first.`;
const noOpenCheckIn = (memberId: string, now: number) =>
  sql`not exists (select 1 from check_ins where team_member_id = ${memberId} and status = 'pending' and expires_at > ${now})`;

async function hasOpenCheckIn(db: Database, memberId: string): Promise<boolean> {
  const open = await db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.teamMemberId, memberId),
        eq(checkIns.status, "pending"),
        gt(checkIns.expiresAt, new Date(Date.now())),
      ),
    )
    .limit(1);
  return open.length > 0;
}

const limitReached = () =>
  new ApiError(403, TEAM_LIMIT_CODE, teamLimitMessage(TRIAL_TEAM_MEMBER_LIMIT), { limit: TRIAL_TEAM_MEMBER_LIMIT });

/**
 * The trial's cap inside the write itself: "insert only while fewer than 3 are active" is
 * one statement, so two admins adding at the same moment cannot both get a 4th member in.
 */
const underTrialLimit = (organizationId: string) =>
  sql`(select count(*) from team_members where organization_id = ${organizationId} and status = 'active') < ${TRIAL_TEAM_MEMBER_LIMIT}`;

/**
 * Adds an active member, within the plan's limit (403 team_limit) and once per email in the
 * organization (409). The caller syncs the Stripe quantity afterwards (once for a batch).
 */
export async function insertTeamMember(db: Database, organizationId: string, input: TeamMemberCreate): Promise<string> {
  const plan = await teamPlan(db, organizationId);
  if (!plan.canAdd) throw limitReached();
  const id = compactId();
  const now = Date.now();
  try {
    // INSERT … SELECT … WHERE: the builder's insert cannot carry the condition (one statement, no race).
    const inserted = await db.run(sql`
      insert into team_members (id, organization_id, first_name, last_name, email, job_title, region, status, created_at, updated_at)
      select ${id}, ${organizationId}, ${input.firstName}, ${input.lastName}, ${input.email ?? null}, ${input.jobTitle ?? null},
        ${input.region ?? null}, 'active', ${now}, ${now}
      where ${plan.plan === "pro" ? sql`1` : underTrialLimit(organizationId)}`);
    if (inserted.meta.changes === 0) throw limitReached();
  } catch (error) {
    if (isDuplicateEmail(error)) throw conflict(DUPLICATE_MEMBER_MESSAGE);
    throw error;
  }
  return id;
}

export const teamMemberRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", zv("query", teamListQuerySchema), async (c) => {
    const { db, organizationId } = c.var;
    const [page, plan] = await Promise.all([
      listMembers(db, organizationId, c.req.valid("query")),
      teamPlan(db, organizationId),
    ]);
    return c.json({ ...page, plan } satisfies TeamListResponse);
  })
  .post("/", zv("json", teamMemberCreateSchema), async (c) => {
    const { db, organizationId, config } = c.var;
    const id = await insertTeamMember(db, organizationId, c.req.valid("json"));
    await syncSubscriptionQuantity(db, config, organizationId);
    const body: TeamMemberResponse = {
      member: await oneMember(db, organizationId, id),
      plan: await teamPlan(db, organizationId),
    };
    return c.json(body, 201);
  })
  .get("/:id", zv("param", idParamSchema), async (c) => {
    const { db, organizationId } = c.var;
    const body: TeamMemberResponse = {
      member: await oneMember(db, organizationId, c.req.valid("param").id),
      plan: await teamPlan(db, organizationId),
    };
    return c.json(body);
  })
  .patch("/:id", zv("param", idParamSchema), zv("json", teamMemberPatchSchema), async (c) => {
    const { db, organizationId, config } = c.var;
    const { id } = c.req.valid("param");
    const patch = c.req.valid("json");
    const current = await oneMember(db, organizationId, id);
    const resuming = patch.status === "active" && current.status !== "active";
    const emailChanging = patch.email !== undefined && patch.email !== current.email;
    const plan = await teamPlan(db, organizationId);
    if (resuming && !plan.canAdd) throw limitReached();

    const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    try {
      const updated = await db
        .update(teamMembers)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(teamMembers.id, id),
            eq(teamMembers.organizationId, organizationId),
            resuming && plan.plan !== "pro" ? underTrialLimit(organizationId) : undefined,
            // In the same statement, so a check-in sent a moment ago cannot slip between check and write.
            emailChanging ? noOpenCheckIn(id, Date.now()) : undefined,
          ),
        )
        .returning({ id: teamMembers.id });
      if (updated.length === 0) {
        if (emailChanging && (await hasOpenCheckIn(db, id))) {
          throw new ApiError(409, "check_in_open", emailLockedMessage(current.firstName));
        }
        throw resuming ? limitReached() : notFound("Team member not found");
      }
    } catch (error) {
      if (isDuplicateEmail(error)) throw conflict(DUPLICATE_MEMBER_MESSAGE);
      throw error;
    }
    if (patch.status !== undefined && patch.status !== current.status) {
      await syncSubscriptionQuantity(db, config, organizationId);
    }
    const body: TeamMemberResponse = {
      member: await oneMember(db, organizationId, id),
      plan: await teamPlan(db, organizationId),
    };
    return c.json(body);
  })
  .delete("/:id", zv("param", idParamSchema), async (c) => {
    const { db, organizationId, config } = c.var;
    const { id } = c.req.valid("param");
    // Their check-ins, scores, blockers and alerts go with them (ON DELETE CASCADE).
    const deleted = await db
      .delete(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.organizationId, organizationId)))
      .returning({ id: teamMembers.id });
    if (deleted.length === 0) throw notFound("Team member not found");
    await syncSubscriptionQuantity(db, config, organizationId);
    return c.json({ deleted: true, plan: await teamPlan(db, organizationId) });
  });
