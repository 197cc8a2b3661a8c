import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { betterAuth } from "better-auth/minimal";
import { magicLink } from "better-auth/plugins/magic-link";
import { eq } from "drizzle-orm";
import { createDb, type Database } from "../db/client";
import { account, session, twoFactor, user, verification } from "../db/schema";
import { sendEmail } from "../email/send";
import { invitationEmail, magicLinkEmail, verificationEmail } from "../email/templates";
import { type AppConfig, isSuperAdminEmail, readConfig } from "../lib/config";
import {
  ACCOUNT_INACTIVE_MESSAGE,
  effectiveRole,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_MINUTES,
} from "../shared/auth";
import { invitationOf } from "./invitations";
import { hashPassword, verifyPassword } from "./password";
import { sendPasswordReset } from "./password-reset";
import { upgradePasswordHash } from "./password-upgrade";
import { type SecretKey, twoFactorPlugins } from "./two-factor";

/** Spec 1 §2: a verification link older than 24 hours no longer works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;
export const MAGIC_LINK_MINUTES = 15;
/** Sessions last a week and slide forward once a day while used (better-auth's refresh). */
const SESSION_SECONDS = 7 * 24 * 60 * 60;
const SESSION_REFRESH_SECONDS = 24 * 60 * 60;

/** Only for APP_ENV=development without a secret; production refuses to start without one. */
const DEVELOPMENT_SECRET = "undertone-development-secret-not-for-production-use";

/**
 * The public origin every link and cookie is for. BETTER_AUTH_URL in any real setup; in
 * development without it, the origin the request came to.
 */
export function publicOrigin(config: AppConfig, request?: Request): string {
  if (config.BETTER_AUTH_URL) return new URL(config.BETTER_AUTH_URL).origin;
  if (config.APP_ENV === "development" && request) return new URL(request.url).origin;
  throw new Error("BETTER_AUTH_URL is not configured");
}

/** Where an emailed link lands: the SPA's /auth/callback, which verifies it through the API. */
export function authCallbackUrl(origin: string, token: string, type: "signup" | "magiclink" | "recovery"): string {
  const url = new URL("/auth/callback", origin);
  url.searchParams.set("token_hash", token);
  url.searchParams.set("type", type);
  return url.toString();
}

function buildAuth(env: Env, db: Database) {
  const config = readConfig(env);
  if (!config.BETTER_AUTH_SECRET && config.APP_ENV !== "development") {
    throw new Error("BETTER_AUTH_SECRET is not configured");
  }
  const origin = config.BETTER_AUTH_URL ? new URL(config.BETTER_AUTH_URL).origin : undefined;

  const auth = betterAuth({
    appName: "Undertone",
    ...(origin ? { baseURL: origin } : {}),
    basePath: "/api/auth",
    secret: config.BETTER_AUTH_SECRET ?? DEVELOPMENT_SECRET,
    database: drizzleAdapter(db, { provider: "sqlite", schema: { user, session, account, verification, twoFactor } }),
    // Reset-password tokens are looked up by a SHA-256 of the identifier, so the table never
    // holds a usable one (magic-link tokens are hashed by that plugin's own storeToken).
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    trustedOrigins: origin ? [origin] : [],
    telemetry: { enabled: false },
    // Its info and warn lines name the addresses people typed; errors are what we need.
    logger: { level: "error" },
    // Our D1 limiter runs in front of these routes (worker/auth/rate-limits.ts); better-auth's
    // own limiter keeps counts in isolate memory, which every new isolate resets.
    rateLimit: { enabled: false },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Native scrypt (node:crypto) in the same format as better-auth's default, which is
      // pure JS and would spend most of a Worker's CPU budget on one sign-in.
      password: { hash: hashPassword, verify: verifyPassword },
      // "Forgot password?": one-time, expiring, hashed at rest (verification.storeIdentifier).
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: recipient, token }, request) {
        const link = authCallbackUrl(publicOrigin(config, request), token, "recovery");
        const organizationId = "organizationId" in recipient ? recipient.organizationId : null;
        await sendPasswordReset(
          env,
          db,
          { email: recipient.email, organizationId: typeof organizationId === "string" ? organizationId : null },
          link,
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // An unverified user who signs in with the right password gets a fresh link.
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_LINK_SECONDS,
      async sendVerificationEmail({ user: recipient, token }, request) {
        const link = authCallbackUrl(publicOrigin(config, request), token, "signup");
        const firstName =
          "firstName" in recipient && typeof recipient.firstName === "string" ? recipient.firstName : "";
        await sendEmail(env, db, {
          to: recipient.email,
          kind: "verification",
          ...verificationEmail({ firstName, url: link }),
        });
      },
    },
    user: {
      additionalFields: {
        // input: false — the client can never set these; the server decides them.
        role: { type: "string", required: false, input: false, defaultValue: "Admin" },
        organizationId: { type: "string", required: false, input: false },
        status: { type: "string", required: false, input: false, defaultValue: "Active" },
        firstName: { type: "string", required: false, input: true, defaultValue: "" },
        lastName: { type: "string", required: false, input: true, defaultValue: "" },
      },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Changing the password ends every other session of the user, whatever the client asked.
        if (ctx.path === "/change-password" && ctx.body && typeof ctx.body === "object") {
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
        // No "trust this device": every sign-in of a user with two factors asks for a code.
        if (ctx.path.startsWith("/two-factor/verify-") && ctx.body && typeof ctx.body === "object") {
          return { context: { body: { ...ctx.body, trustDevice: false } } };
        }
      }),
      // A password sign-in that succeeded is the one moment the plain password is at hand:
      // a hash made with older scrypt parameters is replaced by one with today's.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/sign-in/email") return;
        const userId = ctx.context.newSession?.user.id;
        const password: unknown = ctx.body?.password;
        if (userId && typeof password === "string") await upgradePasswordHash(db, userId, password);
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every way into a session (password, magic link, second factor) passes here: an
          // account an operator deactivated gets none, with a message that says why.
          async before(newSession) {
            const [owner] = await db.select({ status: user.status }).from(user).where(eq(user.id, newSession.userId));
            if (owner && owner.status !== "Active") {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_INACTIVE", message: ACCOUNT_INACTIVE_MESSAGE });
            }
          },
        },
      },
      user: {
        create: {
          // Every way of creating a user (sign-up, magic link) gets its role from the server.
          async before(newUser) {
            return { data: { ...newUser, role: effectiveRole(isSuperAdminEmail(env, newUser.email)) } };
          },
        },
      },
    },
    advanced: {
      useSecureCookies: origin?.startsWith("https://") ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      database: { generateId: () => crypto.randomUUID() },
    },
    plugins: [
      // The recovery codes' storage needs better-auth's own key, known once the instance is built.
      ...twoFactorPlugins(db, async (): Promise<SecretKey> => (await auth.$context).secretConfig),
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        // Only a hash is stored: a leaked verification table cannot be replayed.
        storeToken: "hashed",
        async sendMagicLink({ email, token }, ctx) {
          const origin = publicOrigin(config, ctx?.request);
          const link = authCallbackUrl(origin, token, "magiclink");
          const invitation = invitationOf(ctx?.request);
          await sendEmail(
            env,
            db,
            invitation
              ? {
                  to: email,
                  kind: "invitation",
                  ...invitationEmail({
                    ...invitation,
                    url: link,
                    minutes: MAGIC_LINK_MINUTES,
                    loginUrl: `${origin}/login`,
                  }),
                }
              : { to: email, kind: "magic_link", ...magicLinkEmail({ url: link, minutes: MAGIC_LINK_MINUTES }) },
          );
        },
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof buildAuth>;

/**
 * The better-auth instance for these bindings. It depends only on the bindings (config
 * and the D1 handle), so one instance per env object is built and reused by every request
 * an isolate serves with it.
 */
const instances = new WeakMap<object, Auth>();

export function getAuth(env: Env): Auth {
  let auth = instances.get(env);
  if (!auth) {
    auth = buildAuth(env, createDb(env.DB));
    instances.set(env, auth);
  }
  return auth;
}
