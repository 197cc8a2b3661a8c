import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { getAuth, publicOrigin } from "../auth/auth";
import { invitationRequest } from "../auth/invitations";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { organizations, teamMembers, user } from "../db/schema";
import { dbFor } from "../db/shards";
import { recordRoleChange } from "../lib/audit";
import { isSuperAdminEmail } from "../lib/config";
import { DailyCapReached } from "../lib/daily-caps";
import { ApiError, notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import { effectiveRole } from "../shared/auth";
import { type BulkInvitePerson, type BulkInviteResult, bulkInviteRequestSchema } from "../shared/bulk-invite";
import { syncSubscriptionQuantity } from "../team/billing-sync";
import { insertTeamMember } from "../team/routes";
import { sendNewCheckIn } from "../team/send-check-in";

type Outcome = BulkInviteResult["results"][number];
const ALREADY_ON_TEAM = "Already on the team";

/**
 * POST /api/admin/users/invite — Bulk Invite Users. One person's refusal (the trial's
 * limit, an email already there) is reported on their row and the others go on; the
 * answer lists what happened to each, in the order given.
 */
export const invitationRoutes = new Hono<ConsoleEnv>().post("/", zv("json", bulkInviteRequestSchema), async (c) => {
  const { db, config } = c.var;
  const input = c.req.valid("json");
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId));
  if (!organization) throw notFound("Organization not found");

  const results: Outcome[] = [];
  if (input.role === "admin") {
    const operator = { id: c.var.user.id, email: c.var.user.email };
    for (const person of input.people) {
      results.push(await inviteAdmin(c.env, db, c.req.url, { organization, person, operator }));
    }
  } else {
    const origin = publicOrigin(config, c.req.raw);
    // Salespeople are the organization's rows: its shard (worker/db/shards.ts).
    const shard = await dbFor(c.env, organization.id);
    for (const person of input.people) {
      results.push(
        await addSalesperson(c.env, shard, config, {
          organization,
          person,
          operatorId: c.var.user.id,
          origin,
          sendCheckIn: input.sendCheckIn ?? false,
        }),
      );
    }
    if (results.some((r) => r.outcome === "added")) await syncSubscriptionQuantity(shard, config, organization.id);
  }

  c.set("audit", {
    action: "users.bulk_invite",
    targetType: "organization",
    targetId: organization.id,
    organizationId: organization.id,
    details: {
      role: input.role,
      people: results.length,
      added: results.filter((r) => r.outcome === "added").length,
      invited: results.filter((r) => r.outcome === "invited").length,
      skipped: results.filter((r) => r.outcome === "skipped").length,
    },
  });
  const body: BulkInviteResult = { organizationName: organization.name, results };
  return c.json(body);
});

/** A sign-in account in the organization (role decided on the server) and an emailed one-time link. */
async function inviteAdmin(
  env: Env,
  db: Database,
  requestUrl: string,
  invite: {
    organization: { id: string; name: string };
    person: BulkInvitePerson;
    operator: { id: string; email: string };
  },
): Promise<Outcome> {
  const { organization, person } = invite;
  const role = effectiveRole(isSuperAdminEmail(env, person.email));
  const id = crypto.randomUUID();
  const now = new Date();
  const inserted = await db
    .insert(user)
    .values({
      id,
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      emailVerified: false,
      role,
      firstName: person.firstName,
      lastName: person.lastName,
      organizationId: organization.id,
      status: "Active",
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: user.id });
  if (inserted.length === 0) return { email: person.email, outcome: "skipped", note: "Already has an account" };
  // A role given is a role change on the record, like every other one.
  await recordRoleChange(db, {
    userId: id,
    email: person.email,
    from: null,
    to: role,
    reason: `Bulk Invite Users into ${organization.name}`,
    actor: invite.operator,
  });
  await getAuth(env).api.signInMagicLink({
    body: { email: person.email, callbackURL: "/dashboard" },
    headers: new Headers(),
    request: invitationRequest(requestUrl, { organizationName: organization.name, firstName: person.firstName }),
  });
  return { email: person.email, outcome: "invited", note: "Sign-in link emailed" };
}

async function addSalesperson(
  env: Env,
  db: Database,
  config: ConsoleEnv["Variables"]["config"],
  input: {
    organization: { id: string; name: string };
    person: BulkInvitePerson;
    operatorId: string;
    origin: string;
    sendCheckIn: boolean;
  },
): Promise<Outcome> {
  const { organization, person } = input;
  // Checked first, so a full trial still says who is there already.
  const [existing] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organization.id), eq(teamMembers.email, person.email)));
  if (existing) return { email: person.email, outcome: "skipped", note: ALREADY_ON_TEAM };
  let memberId: string;
  try {
    memberId = await insertTeamMember(db, organization.id, { ...person, jobTitle: null, region: null });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 409)) {
      return {
        email: person.email,
        outcome: "skipped",
        note: error.status === 409 ? ALREADY_ON_TEAM : "The Free Trial's 3 team members are taken",
      };
    }
    throw error;
  }
  if (!input.sendCheckIn) return { email: person.email, outcome: "added", note: null };
  let sent: Awaited<ReturnType<typeof sendNewCheckIn>>;
  try {
    sent = await sendNewCheckIn(env, db, config, {
      organizationId: organization.id,
      organizationName: organization.name,
      member: { id: memberId, firstName: person.firstName },
      createdBy: input.operatorId,
      origin: input.origin,
      sendEmail: true,
    });
  } catch (error) {
    // The organization's daily check-in (or email) cap counts the operator's check-ins too.
    if (error instanceof DailyCapReached) {
      return { email: person.email, outcome: "added", note: "Added; today's check-in limit is reached" };
    }
    throw error;
  }
  const note = sent?.email === "sent" ? "Check-in sent" : "Added; the check-in email could not be sent";
  return { email: person.email, outcome: "added", note };
}
