/**
 * What a recovery code looks like, and how a typed one is read. Pure: no I/O.
 *
 * Codes use Crockford's base32 alphabet: digits and capitals without I, L, O and U, so a code
 * copied off paper has no pair of look-alikes. What a person types is folded onto that
 * alphabet (O is 0; I and L are 1) after spaces and dashes are dropped and the case is
 * ignored. Codes made before (better-auth's default: ten of a-z, A-Z, 0-9 with a dash in the
 * middle) are folded the same way when they are read from storage, so they still work.
 */

export const RECOVERY_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const RECOVERY_CODE_COUNT = 10;
/** Two groups of five: 50 bits each, well past guessing within the sign-in's attempt limits. */
const GROUP_LENGTH = 5;
const GROUPS = 2;
/**
 * The most a typed code may be: a code is 11 characters, and spaces around and between
 * its characters still fit. Anything longer is not read at all (no pattern runs on it).
 */
export const RECOVERY_CODE_INPUT_MAX = 64;

// Spaces of any kind and the dashes people or word processors put between groups.
const SEPARATORS = /[\s_\-\u2010-\u2015\u2212]+/g;
const LOOK_ALIKES = /[OIL]/g;
const LOOK_ALIKE_DIGIT: Record<string, string> = { O: "0", I: "1", L: "1" };

/**
 * One set of new codes, each shown grouped ("7K2QD-M9XWA"). 256 is a multiple of the
 * alphabet's 32 letters, so a random byte's low five bits pick a letter without bias.
 */
export function newRecoveryCodes(
  randomBytes: (count: number) => Uint8Array = (count) => crypto.getRandomValues(new Uint8Array(count)),
): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const letters = Array.from(
      randomBytes(GROUP_LENGTH * GROUPS),
      (byte) => RECOVERY_CODE_ALPHABET[byte % RECOVERY_CODE_ALPHABET.length],
    ).join("");
    codes.add(`${letters.slice(0, GROUP_LENGTH)}-${letters.slice(GROUP_LENGTH)}`);
  }
  return [...codes];
}

/**
 * The form a code is compared in: no spaces or dashes, capitals, look-alikes folded onto
 * the alphabet ("  7k2qd m9xwa " and "7K2QD-M9XWA" are the same code). Null when the input
 * is too long to be a code; other characters are kept, so an input that is not a code
 * stays one that matches nothing.
 */
export function canonicalRecoveryCode(input: string): string | null {
  if (input.length > RECOVERY_CODE_INPUT_MAX) return null;
  // NFKC turns full-width letters and digits (a phone's other keyboard) into plain ones.
  const plain = input.normalize("NFKC");
  if (plain.length > RECOVERY_CODE_INPUT_MAX) return null;
  return plain
    .replace(SEPARATORS, "")
    .toUpperCase()
    .replace(LOOK_ALIKES, (letter) => LOOK_ALIKE_DIGIT[letter] ?? letter);
}

/**
 * The stored list (better-auth's JSON array of codes) with every code in its canonical
 * form, so a stored code and a typed one meet in the same form. Anything that is not such
 * a list is returned untouched (better-auth then treats it as no codes).
 */
export function canonicalStoredCodes(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  if (!Array.isArray(parsed) || !parsed.every((code): code is string => typeof code === "string")) return json;
  return JSON.stringify(parsed.map((code) => canonicalRecoveryCode(code) ?? code));
}
