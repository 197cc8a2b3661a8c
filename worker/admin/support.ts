import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { getAuth } from "../auth/auth";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { user } from "../db/schema";
import { notFound, tooManyRequests } from "../lib/errors";
import { hitRateLimit } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { type SupportSearch, supportSearchQuerySchema } from "../shared/console/support";
import { containsPattern, num } from "./sql";

const SUPPORT_RESULT_LIMIT = 20;

/** Customer Support: accounts and organizations matching a name, email, domain or id. */
export async function supportSearch(db: Database, q: string): Promise<SupportSearch> {
  const pattern = containsPattern(q);
  const exact = q.trim();
  const [users, organizations] = await Promise.all([
    db.all<{
      id: string;
      first_name: string;
      last_name: string;
      email: string;
      role: string;
      email_verified: number;
      status: string;
      organization_id: string | null;
      organization_name: string | null;
      created_at: number;
      last_sign_in_at: number | null;
    }>(sql`
      select u.id, u.first_name, u.last_name, u.email, u.role, u.email_verified, u.status, u.organization_id,
             o.name as organization_name, u.created_at,
             (select max(s.created_at) from session s where s.user_id = u.id) as last_sign_in_at
      from user u left join organizations o on o.id = u.organization_id
      where u.id = ${exact} or lower(u.email) like ${pattern} escape '\\'
         or lower(u.first_name || ' ' || u.last_name) like ${pattern} escape '\\'
         or lower(coalesce(o.name, '')) like ${pattern} escape '\\'
      order by (lower(u.email) = lower(${exact})) desc, u.created_at desc limit ${SUPPORT_RESULT_LIMIT}`),
    db.all<{
      id: string;
      name: string;
      domain: string | null;
      status: string;
      subscription_tier: string;
      account_count: number;
      created_at: number;
    }>(sql`
      select o.id, o.name, o.domain, o.status, o.subscription_tier, o.created_at,
             (select count(*) from user u where u.organization_id = o.id) as account_count
      from organizations o
      where o.id = ${exact} or lower(o.name) like ${pattern} escape '\\' or lower(coalesce(o.domain, '')) like ${pattern} escape '\\'
      order by o.created_at desc limit ${SUPPORT_RESULT_LIMIT}`),
  ]);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: `${u.first_name} ${u.last_name}`.trim() || u.email,
      email: u.email,
      role: u.role,
      emailVerified: u.email_verified === 1,
      status: u.status,
      organizationId: u.organization_id,
      organizationName: u.organization_name,
      createdAt: num(u.created_at),
      lastSignInAt: u.last_sign_in_at ?? null,
    })),
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      domain: o.domain,
      status: o.status,
      subscriptionTier: o.subscription_tier,
      accountCount: num(o.account_count),
      createdAt: num(o.created_at),
    })),
  };
}

/** A new verification email for one account: at most 3 in 10 minutes, so a support click cannot spam anyone. */
const RESEND_RULE = { limit: 3, windowMs: 10 * 60_000 };

export const supportRoutes = new Hono<ConsoleEnv>()
  .get("/search", zv("query", supportSearchQuerySchema), async (c) =>
    c.json(await supportSearch(c.var.db, c.req.valid("query").q)),
  )
  .post("/users/:id/resend-verification", async (c) => {
    const id = c.req.param("id");
    const [account] = await c.var.db
      .select({
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        organizationId: user.organizationId,
      })
      .from(user)
      .where(eq(user.id, id));
    if (!account) throw notFound("Account not found");
    if (account.emailVerified) {
      return c.json({ sent: false, message: `${account.email} is already verified; nothing was sent.` });
    }
    const limit = await hitRateLimit(c.var.db, `admin-resend-verification:${account.id}`, RESEND_RULE);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      throw tooManyRequests(
        "A verification email was sent to this address several times already. Please wait a few minutes.",
      );
    }
    // Sent by better-auth's own sender (the same email and link as at sign-up), outside the
    // operator's session: with it, better-auth would insist the address be the operator's.
    await getAuth(c.env).api.sendVerificationEmail({
      body: { email: account.email },
      headers: new Headers(),
      request: new Request(new URL("/api/auth/send-verification-email", c.req.url), { method: "POST" }),
    });
    c.set("audit", {
      action: "support.resend_verification",
      targetType: "user",
      targetId: account.id,
      organizationId: account.organizationId,
      details: { email: account.email },
    });
    return c.json({ sent: true, message: `A new verification link was sent to ${account.email}.` });
  });
