import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { account, adminInvitations, organizations, user } from "../../db/schema";
import { recordAudit } from "../../lib/audit";
import { isSuperAdminEmail } from "../../lib/config";
import { ApiError, forbidden } from "../../lib/errors";
import { DUPLICATE_EMAIL_MESSAGE } from "../../shared/auth";
import { INVITATION_INVALID_MESSAGE, type InvitationPreview } from "../../shared/organization-admins";
import type { AuthUser } from "../middleware";
import { hashPassword } from "../password";
import { hashInvitationToken, inviterName } from "./invitation-token";

const invalid = () => new ApiError(404, "invitation_invalid", INVITATION_INVALID_MESSAGE);

type OpenInvitation = {
  id: string;
  organizationId: string;
  email: string;
  organizationName: string;
  /** The inviter as the invitation email named them; null once their account is gone. */
  invitedBy: string | null;
};

async function openInvitation(db: Database, token: string): Promise<OpenInvitation> {
  const [found] = await db
    .select({
      id: adminInvitations.id,
      organizationId: adminInvitations.organizationId,
      email: adminInvitations.email,
      organizationName: organizations.name,
      // Aliased: two columns named "email" in one D1 row would overwrite each other.
      inviterEmail: sql<string | null>`${user.email}`.as("inviter_email"),
      inviterFirstName: sql<string | null>`${user.firstName}`.as("inviter_first_name"),
      inviterLastName: sql<string | null>`${user.lastName}`.as("inviter_last_name"),
    })
    .from(adminInvitations)
    .innerJoin(organizations, eq(organizations.id, adminInvitations.organizationId))
    .leftJoin(user, eq(user.id, adminInvitations.invitedBy))
    .where(
      and(
        eq(adminInvitations.tokenHash, await hashInvitationToken(token)),
        isNull(adminInvitations.acceptedAt),
        gt(adminInvitations.expiresAt, new Date()),
      ),
    );
  if (!found) throw invalid();
  const { inviterEmail, inviterFirstName, inviterLastName, ...invitation } = found;
  return {
    ...invitation,
    invitedBy:
      inviterEmail === null
        ? null
        : inviterName({ firstName: inviterFirstName ?? "", lastName: inviterLastName ?? "", email: inviterEmail }),
  };
}

/** What the invitation page shows before anyone signs in; the token holder learns only its own invitation. */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const invitation = await openInvitation(db, token);
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, invitation.email));
  return {
    email: invitation.email,
    organizationName: invitation.organizationName,
    invitedBy: invitation.invitedBy,
    accountExists: Boolean(existing),
  };
}

/** The single-use step: only one request can mark an open invitation accepted. */
const consume = (db: Database, invitationId: string, userId: string, now: Date) =>
  db
    .update(adminInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(adminInvitations.id, invitationId),
        isNull(adminInvitations.acceptedAt),
        gt(adminInvitations.expiresAt, now),
      ),
    )
    .returning({ id: adminInvitations.id });

async function audit(db: Database, invitation: OpenInvitation, userId: string, how: "sign-in" | "sign-up") {
  await recordAudit(db, {
    actorUserId: userId,
    actorEmail: invitation.email,
    action: "organization.admin_invitation_accepted",
    targetType: "admin_invitation",
    targetId: invitation.id,
    organizationId: invitation.organizationId,
    details: { how },
  });
}

/**
 * A signed-in account accepts: it must be the invited address, an Admin, and in no other
 * organization. The invitation is consumed and the user joins in one D1 batch, the join
 * conditioned on this very acceptance.
 */
export async function acceptInvitation(db: Database, env: Env, token: string, signedIn: AuthUser) {
  const invitation = await openInvitation(db, token);
  if (signedIn.email.toLowerCase() !== invitation.email) {
    throw forbidden(`This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
  }
  if (signedIn.role !== "Admin" || isSuperAdminEmail(env, signedIn.email)) {
    throw forbidden("Only Admin accounts can join an organization.");
  }
  if (signedIn.organizationId && signedIn.organizationId !== invitation.organizationId) {
    throw new ApiError(
      409,
      "other_organization",
      "Your account already belongs to another organization. An account can be an Admin of one organization.",
    );
  }
  const now = new Date();
  const [accepted] = await db.batch([
    consume(db, invitation.id, signedIn.id, now),
    db
      .update(user)
      .set({ organizationId: invitation.organizationId, role: "Admin", updatedAt: now })
      .where(
        and(
          eq(user.id, signedIn.id),
          sql`exists (select 1 from ${adminInvitations} where id = ${invitation.id} and accepted_by = ${signedIn.id})`,
        ),
      ),
  ]);
  if (accepted.length === 0) throw invalid();
  await audit(db, invitation, signedIn.id, "sign-in");
  return { organizationId: invitation.organizationId };
}

/**
 * An invited address without an account: the account is made here, verified (the link
 * proved the mailbox), in the organization, as an Admin. The page then signs in as usual.
 */
export async function signUpWithInvitation(
  db: Database,
  env: Env,
  input: { token: string; firstName: string; lastName: string; password: string },
) {
  const invitation = await openInvitation(db, input.token);
  if (isSuperAdminEmail(env, invitation.email)) throw forbidden("Operators do not join organizations.");
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, invitation.email));
  if (existing) throw new ApiError(409, "email_taken", DUPLICATE_EMAIL_MESSAGE);

  const id = crypto.randomUUID();
  const now = new Date();
  const passwordHash = await hashPassword(input.password);
  try {
    const [accepted] = await db.batch([
      // The user row first: the invitation's accepted_by refers to it.
      db.insert(user).values({
        id,
        name: `${input.firstName} ${input.lastName}`,
        email: invitation.email,
        emailVerified: true,
        role: "Admin",
        firstName: input.firstName,
        lastName: input.lastName,
        organizationId: invitation.organizationId,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(account).values({
        id: `${id}-credential`,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      }),
      consume(db, invitation.id, id, now),
    ]);
    void accepted;
  } catch (error) {
    // The address was taken in the meantime (unique email): the batch rolled back whole.
    if (error instanceof Error && /UNIQUE/i.test(error.message))
      throw new ApiError(409, "email_taken", DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
  const [consumed] = await db
    .select({ acceptedBy: adminInvitations.acceptedBy })
    .from(adminInvitations)
    .where(eq(adminInvitations.id, invitation.id));
  if (consumed?.acceptedBy !== id) {
    // Someone accepted it a moment earlier: this account must not exist.
    await db.delete(user).where(eq(user.id, id));
    throw invalid();
  }
  await audit(db, invitation, id, "sign-up");
  return { email: invitation.email };
}
