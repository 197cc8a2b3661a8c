import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { adminInvitations, organizations, session, user } from "../../db/schema";
import { dbFor } from "../../db/shards";
import { sendEmail } from "../../email/send";
import { adminInvitationEmail } from "../../email/templates";
import { recordAudit } from "../../lib/audit";
import { ApiError, conflict, notFound } from "../../lib/errors";
import {
  ADMIN_INVITATION_DAYS,
  LAST_ADMIN_MESSAGE,
  type OrganizationAdminsResponse,
} from "../../shared/organization-admins";
import { DAY_MS } from "../../shared/time";
import type { AuthUser } from "../middleware";
import { hashInvitationToken, invitationUrl, inviterName, newInvitationToken } from "./invitation-token";

type Actor = AuthUser & { organizationId: string };

/** The organization's Admins and its pending (unexpired, unaccepted) invitations. */
export async function listOrganizationAdmins(db: Database, actor: Actor): Promise<OrganizationAdminsResponse> {
  const now = new Date();
  const [admins, invitations, organization] = await db.batch([
    db
      .select({
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        twoFactorEnabled: user.twoFactorEnabled,
        status: user.status,
      })
      .from(user)
      .where(and(eq(user.organizationId, actor.organizationId), eq(user.role, "Admin")))
      .orderBy(user.createdAt),
    db
      .select({
        id: adminInvitations.id,
        email: adminInvitations.email,
        expiresAt: adminInvitations.expiresAt,
        // Aliased: two columns named "email" in one D1 row would overwrite each other.
        invitedBy: sql<string | null>`${user.email}`.as("inviter_email"),
      })
      .from(adminInvitations)
      .leftJoin(user, eq(user.id, adminInvitations.invitedBy))
      .where(
        and(
          eq(adminInvitations.organizationId, actor.organizationId),
          isNull(adminInvitations.acceptedAt),
          gt(adminInvitations.expiresAt, now),
        ),
      )
      .orderBy(adminInvitations.createdAt),
    db
      .select({ requireAdminTwoFactor: organizations.requireAdminTwoFactor })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId)),
  ]);
  return {
    admins: admins.map(({ status, ...admin }) => ({
      ...admin,
      active: status === "Active",
      isYou: admin.id === actor.id,
    })),
    invitations: invitations.map((invitation) => ({ ...invitation, expiresAt: invitation.expiresAt.toISOString() })),
    requireAdminTwoFactor: organization[0]?.requireAdminTwoFactor ?? false,
  };
}

/**
 * Invites `email` to be an Admin of the actor's organization: a 7-day, single-use link whose
 * token is stored only as a hash. A pending invitation to the same address is replaced. The
 * email counts against the organization's daily cap; past it (429) nothing is kept.
 */
export async function inviteAdmin(db: Database, env: Env, actor: Actor, email: string, origin: string) {
  const [member] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, email), eq(user.organizationId, actor.organizationId)));
  if (member) throw conflict(`${email} is already in your organization.`);
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (!organization) throw notFound("Organization not found");

  const token = newInvitationToken();
  const id = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + ADMIN_INVITATION_DAYS * DAY_MS);
  await db.batch([
    db
      .delete(adminInvitations)
      .where(
        and(
          eq(adminInvitations.organizationId, actor.organizationId),
          eq(adminInvitations.email, email),
          isNull(adminInvitations.acceptedAt),
        ),
      ),
    db.insert(adminInvitations).values({
      id,
      organizationId: actor.organizationId,
      email,
      tokenHash: await hashInvitationToken(token),
      invitedBy: actor.id,
      expiresAt,
    }),
  ]);
  try {
    // The daily cap is sized to the organization's salespeople, who are counted in its shard.
    const sent = await sendEmail(env, await dbFor(env, actor.organizationId), {
      to: email,
      kind: "admin_invitation",
      organizationId: actor.organizationId,
      ...adminInvitationEmail({
        organizationName: organization.name,
        inviterName: inviterName(actor),
        url: invitationUrl(origin, token),
        days: ADMIN_INVITATION_DAYS,
      }),
    });
    if (sent.status === "failed")
      throw new ApiError(502, "email_failed", "The invitation email could not be sent. Please try again.");
  } catch (error) {
    // Nobody can accept an invitation that was never delivered.
    await db.delete(adminInvitations).where(eq(adminInvitations.id, id));
    throw error;
  }
  await recordAudit(db, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: "organization.admin_invited",
    targetType: "admin_invitation",
    targetId: id,
    organizationId: actor.organizationId,
    details: { email },
  });
  return { id, email, expiresAt: expiresAt.toISOString(), invitedBy: actor.email };
}

export async function revokeInvitation(db: Database, actor: Actor, invitationId: string) {
  const deleted = await db
    .delete(adminInvitations)
    .where(
      and(
        eq(adminInvitations.id, invitationId),
        eq(adminInvitations.organizationId, actor.organizationId),
        isNull(adminInvitations.acceptedAt),
      ),
    )
    .returning({ email: adminInvitations.email });
  if (deleted.length === 0) throw notFound("Invitation not found");
  await recordAudit(db, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: "organization.admin_invitation_revoked",
    targetType: "admin_invitation",
    targetId: invitationId,
    organizationId: actor.organizationId,
    details: { email: deleted[0]?.email },
  });
}

/** The organization's other active Admins, as a SQL condition: the last one stays. */
export const otherActiveAdminExists = (organizationId: string, userId: string) =>
  sql`exists (select 1 from ${user} as other where other.organization_id = ${organizationId} and other.role = 'Admin' and other.status = 'Active' and other.id <> ${userId})`;

/**
 * Takes an Admin out of the organization (their account stays, with no organization) and
 * ends their sessions. The last active Admin cannot be removed: the condition is inside the
 * UPDATE, so two Admins removing each other at once cannot both succeed.
 */
export async function removeAdmin(db: Database, actor: Actor, userId: string) {
  const [target] = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(and(eq(user.id, userId), eq(user.organizationId, actor.organizationId), eq(user.role, "Admin")));
  if (!target) throw notFound("Admin not found");
  const now = new Date();
  const [removed] = await db.batch([
    db
      .update(user)
      .set({ organizationId: null, updatedAt: now })
      .where(
        and(
          eq(user.id, userId),
          eq(user.organizationId, actor.organizationId),
          otherActiveAdminExists(actor.organizationId, userId),
        ),
      )
      .returning({ id: user.id }),
    // A founder taken out must not be linked back to it by /api/organization/ensure.
    db
      .update(organizations)
      .set({ createdBy: null })
      .where(
        and(
          eq(organizations.id, actor.organizationId),
          eq(organizations.createdBy, userId),
          sql`(select organization_id from ${user} where id = ${userId}) is null`,
        ),
      ),
    db
      .delete(session)
      .where(and(eq(session.userId, userId), sql`(select organization_id from ${user} where id = ${userId}) is null`)),
  ]);
  if (removed.length === 0) throw new ApiError(409, "last_admin", LAST_ADMIN_MESSAGE);
  await recordAudit(db, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: "organization.admin_removed",
    targetType: "user",
    targetId: userId,
    organizationId: actor.organizationId,
    details: { email: target.email },
  });
}

/** Turning the rule on needs the Admin's own second factor, or they would lock themselves out. */
export async function setTwoFactorRule(db: Database, actor: Actor, required: boolean) {
  if (required && !actor.twoFactorEnabled) {
    throw new ApiError(
      409,
      "two_factor_not_set_up",
      "Set up two-factor authentication for your own account before requiring it of every Admin.",
    );
  }
  await db
    .update(organizations)
    .set({ requireAdminTwoFactor: required, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
  await recordAudit(db, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: "organization.admin_two_factor_rule",
    targetType: "organization",
    targetId: actor.organizationId,
    organizationId: actor.organizationId,
    details: { required },
  });
  return { requireAdminTwoFactor: required };
}
