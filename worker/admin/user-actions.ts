import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { otherActiveAdminExists } from "../auth/admins/manage";
import { getAuth } from "../auth/auth";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { session, user } from "../db/schema";
import { dbFor } from "../db/shards";
import { dailyEmailCap } from "../email/send";
import { recordRoleChange } from "../lib/audit";
import { isSuperAdminEmail } from "../lib/config";
import { spendDailyCap } from "../lib/daily-caps";
import { ApiError, badRequest, conflict, notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import { type UserActionResult, userRoleChangeSchema } from "../shared/console/users";
import type { UserRole } from "../shared/domain";
import { LAST_ADMIN_MESSAGE } from "../shared/organization-admins";

/**
 * An operator acting on one account (issue 25 §6): deactivate and reactivate (user.status),
 * change the role within the rules, resend the verification email. Each handler leaves an
 * audit note; auditMutations writes it once the answer succeeded.
 */
type Target = {
  id: string;
  email: string;
  role: UserRole;
  status: string;
  organizationId: string | null;
  emailVerified: boolean;
};

async function accountOf(db: Database, id: string): Promise<Target> {
  const [target] = await db
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      status: user.status,
      organizationId: user.organizationId,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, id));
  // Team members (salespeople) never sign in: there is no account to act on.
  if (!target) throw notFound("Account not found");
  return target;
}

const result = (target: Target, changes: Partial<Target> = {}): UserActionResult => ({
  id: target.id,
  status: changes.status ?? target.status,
  role: changes.role ?? target.role,
});

export const userActionRoutes = new Hono<ConsoleEnv>()
  /** Their sessions end at once (deleted in the same batch); sign-in is refused with ACCOUNT_INACTIVE_MESSAGE. */
  .post("/:id/deactivate", async (c) => {
    const target = await accountOf(c.var.db, c.req.param("id"));
    if (target.id === c.var.user.id) throw badRequest("You cannot deactivate your own account.");
    const db = c.var.db;
    await db.batch([
      db.update(user).set({ status: "Inactive", updatedAt: new Date() }).where(eq(user.id, target.id)),
      db.delete(session).where(eq(session.userId, target.id)),
    ]);
    c.set("audit", {
      action: "user.deactivated",
      targetType: "user",
      targetId: target.id,
      organizationId: target.organizationId,
      details: { email: target.email, from: target.status },
    });
    return c.json(result(target, { status: "Inactive" }));
  })
  .post("/:id/reactivate", async (c) => {
    const target = await accountOf(c.var.db, c.req.param("id"));
    await c.var.db.update(user).set({ status: "Active", updatedAt: new Date() }).where(eq(user.id, target.id));
    c.set("audit", {
      action: "user.reactivated",
      targetType: "user",
      targetId: target.id,
      organizationId: target.organizationId,
      details: { email: target.email, from: target.status },
    });
    return c.json(result(target, { status: "Active" }));
  })
  /**
   * SUPERADMIN_EMAILS alone makes a SuperAdmin (and corrects any stored role at the next
   * request), so the console neither grants nor takes it. An organization's last active
   * Admin keeps the role: the condition is inside the UPDATE.
   */
  .put("/:id/role", zv("json", userRoleChangeSchema), async (c) => {
    const { role } = c.req.valid("json");
    const db = c.var.db;
    const target = await accountOf(db, c.req.param("id"));
    if (target.role === "SuperAdmin" || isSuperAdminEmail(c.env, target.email)) {
      throw conflict("SuperAdmin comes from the SUPERADMIN_EMAILS allowlist; change it there.");
    }
    if (target.role === role) return c.json(result(target));
    const demotingAdmin = target.role === "Admin" && target.organizationId !== null;
    const updated = await db
      .update(user)
      .set({ role, updatedAt: new Date() })
      .where(
        and(
          eq(user.id, target.id),
          eq(user.role, target.role),
          ...(demotingAdmin && target.organizationId ? [otherActiveAdminExists(target.organizationId, target.id)] : []),
        ),
      )
      .returning({ id: user.id });
    if (updated.length === 0) {
      if (demotingAdmin) throw new ApiError(409, "last_admin", LAST_ADMIN_MESSAGE);
      throw conflict("The account changed meanwhile. Reload and try again.");
    }
    await recordRoleChange(db, {
      userId: target.id,
      email: target.email,
      from: target.role,
      to: role,
      reason: "Operator console",
      actor: { id: c.var.user.id, email: c.var.user.email },
    });
    c.set("audit", {
      action: "user.role_changed",
      targetType: "user",
      targetId: target.id,
      organizationId: target.organizationId,
      details: { email: target.email, from: target.role, to: role },
    });
    return c.json(result(target, { role }));
  })
  /** better-auth's own verification email, counted against the organization's daily email cap. */
  .post("/:id/resend-verification", async (c) => {
    const db = c.var.db;
    const target = await accountOf(db, c.req.param("id"));
    if (target.emailVerified) throw conflict("This email address is already verified.");
    if (target.organizationId) {
      // Sized to the organization's salespeople, counted in its shard (the counter is the platform's).
      const shard = await dbFor(c.env, target.organizationId);
      await spendDailyCap(shard, target.organizationId, "email", await dailyEmailCap(shard, target.organizationId));
    }
    // Without the operator's cookie: with a session, better-auth would verify the operator's own address.
    const headers = new Headers(c.req.raw.headers);
    headers.delete("cookie");
    await getAuth(c.env).api.sendVerificationEmail({ body: { email: target.email }, headers });
    c.set("audit", {
      action: "user.verification_resent",
      targetType: "user",
      targetId: target.id,
      organizationId: target.organizationId,
      details: { email: target.email },
    });
    return c.json(result(target));
  });
