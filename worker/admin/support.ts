import { desc, eq, or, sql } from "drizzle-orm";
import { Hono } from "hono";
import { getAuth } from "../auth/auth";
import type { ConsoleEnv } from "../auth/middleware";
import { organizationStatusSql } from "../billing/lifecycle";
import { epochMs, maxOf } from "../db/aggregates";
import type { Database } from "../db/client";
import { organizations, session, user } from "../db/schema";
import { allShardDbs } from "../db/shards";
import { notFound, tooManyRequests } from "../lib/errors";
import { hitRateLimit } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { type SupportSearch, supportSearchQuerySchema } from "../shared/console/support";
import { contains, containsPattern } from "./sql";
import { salespeopleSearch } from "./support-people";

const SUPPORT_RESULT_LIMIT = 20;

/** Customer Support: accounts, organizations and salespeople (every shard's) matching a name, email, domain or id. */
export async function supportSearch(
  db: Database,
  q: string,
  shards: readonly Database[] = [db],
): Promise<SupportSearch> {
  const pattern = containsPattern(q);
  const exact = q.trim();
  const lastSignIn = db
    .select({ at: maxOf(session.createdAt) })
    .from(session)
    .where(eq(session.userId, user.id));
  const [users, orgs, salespeople] = await Promise.all([
    db
      .select({
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        emailVerified: user.emailVerified,
        status: user.status,
        organizationId: user.organizationId,
        organizationName: organizations.name,
        createdAt: epochMs(user.createdAt),
        lastSignInAt: sql<number | null>`${lastSignIn}`.mapWith(Number),
      })
      .from(user)
      .leftJoin(organizations, eq(organizations.id, user.organizationId))
      .where(
        or(
          eq(user.id, exact),
          contains(user.email, pattern),
          contains(sql`${user.firstName} || ' ' || ${user.lastName}`, pattern),
          contains(sql`coalesce(${organizations.name}, '')`, pattern),
        ),
      )
      .orderBy(desc(sql`lower(${user.email}) = lower(${exact})`), desc(user.createdAt))
      .limit(SUPPORT_RESULT_LIMIT),
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        domain: organizations.domain,
        // As Business Management shows it: the plan's lifecycle unless made inactive or suspended.
        status: organizationStatusSql(Date.now()).as("organization_status"),
        subscriptionTier: organizations.subscriptionTier,
        accountCount: db.$count(user, eq(user.organizationId, organizations.id)),
        createdAt: epochMs(organizations.createdAt),
      })
      .from(organizations)
      .where(
        or(
          eq(organizations.id, exact),
          contains(organizations.name, pattern),
          contains(sql`coalesce(${organizations.domain}, '')`, pattern),
        ),
      )
      .orderBy(desc(organizations.createdAt))
      .limit(SUPPORT_RESULT_LIMIT),
    salespeopleSearch(db, shards, q),
  ]);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim() || u.email,
      email: u.email,
      role: u.role,
      emailVerified: u.emailVerified,
      status: u.status,
      organizationId: u.organizationId,
      organizationName: u.organizationName,
      createdAt: u.createdAt,
      lastSignInAt: u.lastSignInAt,
    })),
    organizations: orgs,
    salespeople,
  };
}

/** A new verification email for one account: at most 3 in 10 minutes, so a support click cannot spam anyone. */
const RESEND_RULE = { limit: 3, windowMs: 10 * 60_000 };

export const supportRoutes = new Hono<ConsoleEnv>()
  .get("/search", zv("query", supportSearchQuerySchema), async (c) =>
    c.json(await supportSearch(c.var.db, c.req.valid("query").q, allShardDbs(c.env))),
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
