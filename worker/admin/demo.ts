import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getAuth } from "../auth/auth";
import { hashPassword } from "../auth/password";
import type { Database } from "../db/client";
import { account, organizations, user } from "../db/schema";
import { ensureDemoOperatorTwoFactor } from "../dev/demo-two-factor";
import { developmentOnly } from "../dev/development-only";
import { DEMO_ADMIN, DEMO_OPERATOR, DEMO_ORG_ID, seedDemo } from "../dev/seed";
import type { AppEnv } from "../lib/app-env";
import { recordRoleChange } from "../lib/audit";
import { isSuperAdminEmail } from "../lib/config";
import { forbidden } from "../lib/errors";
import { ACCESS_DENIED_MESSAGE } from "../shared/console/access";
import type { UserRole } from "../shared/domain";

/**
 * The operator login's demo helpers (spec 2 §2): 'Initialize SuperAdmin Account' and
 * 'Quick Demo Login'. They exist only when APP_ENV=development; anywhere else every path
 * here answers 404, as if it did not exist.
 */
export const DEMO_ACCOUNTS: {
  role: UserRole;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  organizationId: string | null;
}[] = [
  {
    role: "SuperAdmin",
    email: DEMO_OPERATOR.email,
    password: DEMO_OPERATOR.password,
    firstName: "Sam",
    lastName: "Rivera",
    organizationId: null,
  },
  {
    role: "Salesperson",
    email: "salesperson@undertone.dev",
    password: "undertone-salesperson",
    firstName: "Riley",
    lastName: "Park",
    organizationId: DEMO_ORG_ID,
  },
  {
    role: "Manager",
    email: "manager@undertone.dev",
    password: "undertone-manager",
    firstName: "Jamie",
    lastName: "Lee",
    organizationId: DEMO_ORG_ID,
  },
  {
    role: "Admin",
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    firstName: "Alex",
    lastName: "Morgan",
    organizationId: DEMO_ORG_ID,
  },
];

export type InitializedAccount = { role: UserRole; email: string; created: boolean };

/**
 * For each demo role: the account if it exists, else a new verified one with a password;
 * then the role is written to the profile, and a change of role is audited.
 */
export async function initializeDemoAccounts(env: Env, db: Database, origin: string): Promise<InitializedAccount[]> {
  const demoOrg = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, DEMO_ORG_ID));
  if (demoOrg.length === 0) {
    try {
      await seedDemo(env, db, origin);
    } catch {
      // The seed refuses when its accounts already exist on their own; the demo roles need only the organization.
      await db
        .insert(organizations)
        .values({ id: DEMO_ORG_ID, name: "Northwind Sales", domain: "northwind.example", status: "active" })
        .onConflictDoNothing();
    }
  }

  const results: InitializedAccount[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const email = demo.email.toLowerCase();
    const [existing] = await db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, email));
    if (existing) {
      if (existing.role !== demo.role) {
        await db.update(user).set({ role: demo.role, updatedAt: new Date() }).where(eq(user.id, existing.id));
        await recordRoleChange(db, {
          userId: existing.id,
          email,
          from: existing.role,
          to: demo.role,
          reason: "Initialize SuperAdmin Account (demo accounts)",
        });
      }
      results.push({ role: demo.role, email, created: false });
      continue;
    }
    const id = crypto.randomUUID();
    const now = new Date();
    await db.batch([
      db.insert(user).values({
        id,
        name: `${demo.firstName} ${demo.lastName}`,
        email,
        emailVerified: true,
        role: demo.role,
        firstName: demo.firstName,
        lastName: demo.lastName,
        organizationId: demo.organizationId,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(account).values({
        id: `${id}-credential`,
        accountId: id,
        providerId: "credential",
        userId: id,
        password: await hashPassword(demo.password),
        createdAt: now,
        updatedAt: now,
      }),
    ]);
    await recordRoleChange(db, {
      userId: id,
      email,
      from: null,
      to: demo.role,
      reason: "Initialize SuperAdmin Account (demo accounts)",
    });
    results.push({ role: demo.role, email, created: true });
  }
  // The console requires two factors: the demo operator's authenticator is the printed one.
  await ensureDemoOperatorTwoFactor(env, db);
  return results;
}

export const operatorDemoRoutes = new Hono<AppEnv>()
  .use(developmentOnly)
  .post("/initialize", async (c) => {
    const accounts = await initializeDemoAccounts(c.env, c.var.db, new URL(c.req.url).origin);
    const operatorAllowed = isSuperAdminEmail(c.env, DEMO_OPERATOR.email);
    return c.json({
      accounts,
      ...(operatorAllowed
        ? {}
        : { warning: `${DEMO_OPERATOR.email} is not in SUPERADMIN_EMAILS, so it cannot open the console.` }),
    });
  })
  /** Signs in as the demo operator (creating the demo accounts first if needed) and sets the session cookie. */
  .post("/login", async (c) => {
    if (!isSuperAdminEmail(c.env, DEMO_OPERATOR.email)) throw forbidden(ACCESS_DENIED_MESSAGE);
    const [existing] = await c.var.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_OPERATOR.email));
    if (!existing) await initializeDemoAccounts(c.env, c.var.db, new URL(c.req.url).origin);
    const { headers, response } = await getAuth(c.env).api.signInEmail({
      body: { email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password },
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    // The console requires two factors: the page asks for the demo authenticator's code next.
    return c.json({ ok: true as const, secondFactor: "twoFactorRedirect" in response });
  });
