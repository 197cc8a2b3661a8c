import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing: scrypt through node:crypto, which workerd runs natively (better-auth's
 * default is pure JS and would spend far more CPU on the same work).
 *
 * CURRENT is one of OWASP's listed scrypt configurations (Password Storage Cheat Sheet:
 * N=2^14, r=8, p=5, i.e. N·r·p = 655 k), chosen over N=2^17 r=8 p=1 for its 16 MiB of
 * memory instead of 128 MiB, the whole of a Worker isolate's memory. It costs well over the
 * Workers Free plan's 10 ms of CPU per request: the app needs the Workers Paid plan.
 *
 * New hashes carry their parameters: `scrypt$<N>$<r>$<p>$<salt>$<key>`. Hashes without them
 * (`<salt>:<key>`, better-auth's format, N=16384 r=16 p=1) still verify with those legacy
 * parameters, and `needsRehash` tells the sign-in to store a new hash (worker/auth/auth.ts).
 */
type Params = { N: number; r: number; p: number };

export const CURRENT_PARAMS: Params = { N: 2 ** 14, r: 8, p: 5 };
const LEGACY_PARAMS: Params = { N: 16384, r: 16, p: 1 };
const KEY_LENGTH = 64;
const PREFIX = "scrypt";
/** Parameters a stored hash may name; anything bigger is refused before any work is done. */
const MAX_N = 2 ** 17;
const MAX_R = 16;
const MAX_P = 16;

function derive(password: string, salt: string, { N, r, p }: Params): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; maxmem leaves room for it and no more.
  const maxmem = 128 * N * r * 2;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

type Parsed = { params: Params; salt: string; key: Buffer };

const isHex = (text: string) => text.length > 0 && text.length % 2 === 0 && /^[0-9a-f]+$/.test(text);
const positiveInt = (text: string | undefined, max: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 && value <= max ? value : null;
};

/** Reads either format (split, no pattern over the whole hash); null for anything else. */
function parse(hash: string): Parsed | null {
  if (hash.length > 400) return null;
  const parts = hash.split("$");
  if (parts.length === 6 && parts[0] === PREFIX) {
    const [, n, r, p, salt = "", key = ""] = parts;
    const N = positiveInt(n, MAX_N);
    const R = positiveInt(r, MAX_R);
    const P = positiveInt(p, MAX_P);
    if (!N || !R || !P || !salt || !isHex(key)) return null;
    return { params: { N, r: R, p: P }, salt, key: Buffer.from(key, "hex") };
  }
  const [salt = "", key = "", ...rest] = hash.split(":");
  if (rest.length > 0 || !salt || !isHex(key)) return null;
  return { params: LEGACY_PARAMS, salt, key: Buffer.from(key, "hex") };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  const { N, r, p } = CURRENT_PARAMS;
  const key = await derive(password, salt, CURRENT_PARAMS);
  return `${PREFIX}$${N}$${r}$${p}$${salt}$${key.toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return parsed.key.length === actual.length && timingSafeEqual(parsed.key, actual);
}

/** True when a stored hash was made with other parameters than today's (then the sign-in rehashes). */
export function needsRehash(hash: string): boolean {
  const parsed = parse(hash);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N !== CURRENT_PARAMS.N || r !== CURRENT_PARAMS.r || p !== CURRENT_PARAMS.p;
}
