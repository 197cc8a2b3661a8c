import { eq } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { Database } from "../db/client";
import { organizationShards, organizations, user as userTable } from "../db/schema";
import { shardDb, shardNameOrPlatform } from "../db/shards";
import type { AppEnv } from "../lib/app-env";
import { type AuditNote, recordRoleChange } from "../lib/audit";
import { isSuperAdminEmail, readConfig } from "../lib/config";
import { ApiError, forbidden, unauthorized } from "../lib/errors";
import { ACCOUNT_INACTIVE_MESSAGE, effectiveRole, TWO_FACTOR_REQUIRED_MESSAGE } from "../shared/auth";
import type { UserRole } from "../shared/domain";
import { getAuth } from "./auth";

/**
 * The contract every signed-in route builds on.
 *
 *   const routes = new Hono<AdminEnv>().use(requireAdmin).get("/", (c) => {
 *     c.var.organizationId // string: the session user's organization, the ONLY source of it
 *     c.var.user           // AuthUser
 *   });
 *   app.route("/api/things", routes);
 *
 * - requireUser: any valid session (401 `unauthorized` without one).
 * - requireAdmin: role Admin with an organization (otherwise 403 `forbidden`); `c.var.db` is
 *   then the organization's shard (worker/db/shards.ts), `c.var.platform` the platform database.
 * - requireSuperAdmin: role SuperAdmin AND the email in SUPERADMIN_EMAILS, checked on every
 *   request (otherwise 403).
 *
 * The role is corrected on the way in (SUPERADMIN_EMAILS decides, spec 1 §6), and a session
 * that better-auth slid forward has its refreshed cookie added to the response.
 */

/** The signed-in user as routes see it (`c.var.user`). */
export type AuthUser = {
  id: string;
  email: string;
  role: UserRole;
  firstName: string;
  lastName: string;
  organizationId: string | null;
  emailVerified: boolean;
  createdAt: Date;
  /** "Active" unless an operator deactivated the account; anything else is refused everywhere. */
  status: string;
  /** An authenticator app is set up: every session of this user began with a second factor. */
  twoFactorEnabled: boolean;
};

export type AuthSession = { id: string; expiresAt: Date };

type AuthVariables = AppEnv["Variables"] & { user: AuthUser; session: AuthSession };

/** Routes behind requireUser (and requireSuperAdmin): `c.var.user`, `c.var.session`. */
export type UserEnv = { Bindings: AppEnv["Bindings"]; Variables: AuthVariables };
/** Routes behind requireAdmin: also `c.var.organizationId`, never null. */
export type AdminEnv = {
  Bindings: AppEnv["Bindings"];
  Variables: AuthVariables & { user: AuthUser & { organizationId: string }; organizationId: string };
};
/** Routes behind requireSuperAdmin (the operator console's /api/admin/*). */
export type SuperAdminEnv = UserEnv;
/**
 * What every /api/admin route sees: the operator (c.var.user, set by requireSuperAdmin)
 * and `audit`, what a mutating handler says it did, for the audit middleware to record
 * (worker/admin/audit.ts).
 */
export type ConsoleEnv = {
  Bindings: SuperAdminEnv["Bindings"];
  Variables: SuperAdminEnv["Variables"] & { audit?: AuditNote };
};

export type SignedIn = { user: AuthUser; session: AuthSession; setCookies: string[] };

/**
 * Reads the session from the request's cookie through better-auth. Returns null without a
 * valid session. Also the one place the stored role is corrected.
 */
export async function readSignedIn(env: Env, db: Database, request: Request): Promise<SignedIn | null> {
  const { headers, response } = await getAuth(env).api.getSession({ headers: request.headers, returnHeaders: true });
  if (!response) return null;
  const stored = response.user;
  const role = effectiveRole(isSuperAdminEmail(env, stored.email), stored.role);
  if (stored.role !== role) {
    await db.update(userTable).set({ role, updatedAt: new Date() }).where(eq(userTable.id, stored.id));
    await recordRoleChange(db, {
      userId: stored.id,
      email: stored.email,
      from: stored.role ?? null,
      to: role,
      reason: "SUPERADMIN_EMAILS correction at sign-in",
    });
  }
  return {
    user: {
      id: stored.id,
      email: stored.email,
      role,
      firstName: stored.firstName ?? "",
      lastName: stored.lastName ?? "",
      organizationId: stored.organizationId ?? null,
      emailVerified: stored.emailVerified,
      createdAt: new Date(stored.createdAt),
      status: stored.status ?? "Active",
      twoFactorEnabled: stored.twoFactorEnabled === true,
    },
    session: { id: response.session.id, expiresAt: new Date(response.session.expiresAt) },
    setCookies: headers.getSetCookie(),
  };
}

/**
 * Unsafe methods carrying a foreign Origin are refused: SameSite=Lax already keeps the
 * cookie off cross-site POSTs; this is the second lock.
 */
function assertSameOrigin(env: Env, request: Request) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
  const origin = request.headers.get("Origin");
  if (!origin) return;
  const config = readConfig(env);
  const allowed = config.BETTER_AUTH_URL ? new URL(config.BETTER_AUTH_URL).origin : new URL(request.url).origin;
  if (origin !== allowed) throw forbidden("Cross-origin requests are not allowed");
}

type AnyAuthContext = Context<UserEnv> | Context<AdminEnv>;

async function authenticate(c: AnyAuthContext): Promise<SignedIn> {
  assertSameOrigin(c.env, c.req.raw);
  const signedIn = await readSignedIn(c.env, c.var.platform, c.req.raw);
  if (!signedIn) throw unauthorized();
  if (signedIn.user.status !== "Active") {
    throw new ApiError(403, "account_inactive", ACCOUNT_INACTIVE_MESSAGE);
  }
  return signedIn;
}

export { ACCOUNT_INACTIVE_MESSAGE };
export const ORGANIZATION_SUSPENDED_MESSAGE =
  "Your organization's account is suspended. Contact support to restore access; none of your data has been deleted.";

const twoFactorRequired = () => new ApiError(403, "two_factor_required", TWO_FACTOR_REQUIRED_MESSAGE);

/**
 * Suspension blocks the organization's admins and links; it deletes nothing, so lifting it
 * restores all. An organization that requires two factors of its Admins refuses one without.
 */
async function assertOrganizationOpenTo(env: Env, platform: Database, organizationId: string, user: AuthUser) {
  const [organization] = await platform
    .select({
      status: organizations.status,
      requireAdminTwoFactor: organizations.requireAdminTwoFactor,
      shard: organizationShards.shard,
    })
    .from(organizations)
    .leftJoin(organizationShards, eq(organizationShards.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  if (organization?.status === "suspended") {
    throw new ApiError(403, "organization_suspended", ORGANIZATION_SUSPENDED_MESSAGE);
  }
  if (organization?.requireAdminTwoFactor && !user.twoFactorEnabled) throw twoFactorRequired();
  // The tenant seam: from here on the route's `db` is the organization's shard, chosen by the
  // session's organization and nothing the request says.
  return shardDb(env, shardNameOrPlatform(env, organization?.shard ?? null));
}

function forwardCookies(c: AnyAuthContext, cookies: string[]) {
  for (const cookie of cookies) c.res.headers.append("Set-Cookie", cookie);
}

export const requireUser: MiddlewareHandler<UserEnv> = createMiddleware<UserEnv>(async (c, next) => {
  const { user, session, setCookies } = await authenticate(c);
  c.set("user", user);
  c.set("session", session);
  await next();
  forwardCookies(c, setCookies);
});

export const requireAdmin: MiddlewareHandler<AdminEnv> = createMiddleware<AdminEnv>(async (c, next) => {
  const { user, session, setCookies } = await authenticate(c);
  if (user.role !== "Admin") throw forbidden("This area is for organization admins.");
  const { organizationId } = user;
  if (!organizationId) throw forbidden("Your account has no organization yet. Finish setting up your account first.");
  c.set("db", await assertOrganizationOpenTo(c.env, c.var.platform, organizationId, user));
  c.set("user", { ...user, organizationId });
  c.set("session", session);
  c.set("organizationId", organizationId);
  await next();
  forwardCookies(c, setCookies);
});

export const requireSuperAdmin: MiddlewareHandler<SuperAdminEnv> = createMiddleware<SuperAdminEnv>(async (c, next) => {
  const { user, session, setCookies } = await authenticate(c);
  // Both, on every request: a stale role alone never opens the console.
  if (user.role !== "SuperAdmin" || !isSuperAdminEmail(c.env, user.email)) {
    throw forbidden("SuperAdmin access required.");
  }
  // The console opens only to an operator whose sessions begin with a second factor.
  if (!user.twoFactorEnabled) throw twoFactorRequired();
  c.set("user", user);
  c.set("session", session);
  await next();
  forwardCookies(c, setCookies);
});
