import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { type BackupCodeOptions, twoFactor } from "better-auth/plugins/two-factor";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { session } from "../db/schema";
import { canonicalRecoveryCode, canonicalStoredCodes, newRecoveryCodes } from "./recovery-code-format";

/** The key better-auth encrypts with (its context's secretConfig), read once the instance exists. */
export type SecretKey = Parameters<typeof symmetricEncrypt>[0]["key"];

/**
 * Two factors through better-auth's own plugin: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, what
 * every authenticator app speaks) and ten recovery codes. better-auth encrypts the secret and
 * the codes with BETTER_AUTH_SECRET before they reach D1, answers a password sign-in of a user
 * who has one with `{ twoFactorRedirect: true }` instead of a session, and starts the session
 * only at /two-factor/verify-totp or /two-factor/verify-backup-code (5 tries per challenge,
 * the account locked for 15 minutes after 10 failures in a row). Recovery codes are ours in
 * shape and reading (./recovery-code-format.ts), better-auth's in storage and checking.
 */
export function twoFactorPlugins(
  db: Database,
  secretKey: () => Promise<SecretKey>,
): [ReturnType<typeof twoFactor>, BetterAuthPlugin, BetterAuthPlugin, BetterAuthPlugin] {
  // "Trust this device" is refused in ./auth.ts (before-hook): every sign-in asks for a code.
  const plugin = twoFactor({ issuer: "Undertone", backupCodeOptions: recoveryCodeOptions(secretKey) });
  return [plugin, secondFactorAfterMagicLink(plugin), endOtherSessionsOnEnrollment(db), typedRecoveryCodes()];
}

/**
 * better-auth checks a recovery code by exact string match against its decrypted list. Ours
 * come from an alphabet without look-alikes, and both sides of that match are put in one
 * canonical form: the stored list as it is decrypted (so codes from better-auth's old
 * generator, mixed case, still match when typed as shown) and the typed code in a
 * before-hook. Storage stays what better-auth's "encrypted" does: the same function and key.
 */
function recoveryCodeOptions(secretKey: () => Promise<SecretKey>): BackupCodeOptions {
  return {
    customBackupCodesGenerate: () => newRecoveryCodes(),
    storeBackupCodes: {
      encrypt: async (json) => symmetricEncrypt({ key: await secretKey(), data: json }),
      decrypt: async (data) => canonicalStoredCodes(await symmetricDecrypt({ key: await secretKey(), data })),
    },
  };
}

/** The typed recovery code in its canonical form before better-auth compares it. */
function typedRecoveryCodes(): BetterAuthPlugin {
  return {
    id: "recovery-codes-typed-loosely",
    hooks: {
      before: [
        {
          matcher: (context) => context.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => {
            const typed: unknown = ctx.body?.code;
            if (typeof typed !== "string") return;
            const code = canonicalRecoveryCode(typed);
            // Too long to be a code: left as typed, it matches none of the stored ones.
            if (code === null) return;
            // Only the code: better-auth merges hook bodies, so ./auth.ts's trustDevice: false stays.
            return { context: { body: { code } } };
          }),
        },
      ],
    },
  };
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
