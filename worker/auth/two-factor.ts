import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { session } from "../db/schema";

/**
 * Two factors through better-auth's own plugin: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, what
 * every authenticator app speaks) and ten recovery codes. better-auth encrypts the secret and
 * the codes with BETTER_AUTH_SECRET before they reach D1, answers a password sign-in of a user
 * who has one with `{ twoFactorRedirect: true }` instead of a session, and starts the session
 * only at /two-factor/verify-totp or /two-factor/verify-backup-code (5 tries per challenge,
 * the account locked for 15 minutes after 10 failures in a row).
 */
export function twoFactorPlugins(db: Database): [ReturnType<typeof twoFactor>, BetterAuthPlugin, BetterAuthPlugin] {
  // "Trust this device" is refused in ./auth.ts (before-hook): every sign-in asks for a code.
  const plugin = twoFactor({ issuer: "Undertone" });
  return [plugin, secondFactorAfterMagicLink(plugin), endOtherSessionsOnEnrollment(db)];
}

/**
 * Confirming a new authenticator (verify-totp with a session, not a sign-in challenge) ends
 * every other session of the user: they began with one factor, and a user with two factors
 * must have none such (the console and organizations that require two factors rely on it).
 */
function endOtherSessionsOnEnrollment(db: Database): BetterAuthPlugin {
  const enrolling = new WeakMap<Request, string>();
  const isVerifyTotp = (context: { path?: string }) => context.path === "/two-factor/verify-totp";
  return {
    id: "two-factor-enrollment-ends-other-sessions",
    hooks: {
      before: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const current = ctx.request ? await getSessionFromCtx(ctx) : null;
            if (ctx.request && current && !current.user.twoFactorEnabled) enrolling.set(ctx.request, current.user.id);
          }),
        },
      ],
      after: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = ctx.request ? enrolling.get(ctx.request) : undefined;
            const kept = ctx.context.newSession;
            if (!userId || !kept || kept.user.id !== userId) return;
            await db.delete(session).where(and(eq(session.userId, userId), ne(session.id, kept.session.id)));
          }),
        },
      ],
    },
  };
}

/**
 * The plugin asks for the second factor after the password sign-ins only. A magic link is
 * a first factor too: its verification gets the very same after-hook (the plugin's own),
 * which swaps the new session for a pending two-factor challenge.
 */
function secondFactorAfterMagicLink(plugin: ReturnType<typeof twoFactor>): BetterAuthPlugin {
  const challenge = plugin.hooks.after[0];
  if (!challenge) throw new Error("better-auth's two-factor plugin has no sign-in hook");
  return {
    id: "two-factor-after-magic-link",
    hooks: {
      after: [{ matcher: (context) => context.path === "/magic-link/verify", handler: challenge.handler }],
    },
  };
}
