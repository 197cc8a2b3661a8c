/**
 * The id of a row a completion writes (a score, a blocker, an alert, a correction): 12 random
 * bytes in base64url, 16 characters (96 bits: unguessable where it is shown, an alert's id,
 * and no collision in any number of rows D1 can hold). It replaced ids spelled from the
 * check-in's id (`{checkInId}-alert-burnout`, 52 characters), which every row and its primary
 * key index stored again (issue 26 §1). New organizations and team members take one too, in
 * place of a UUID (36 characters): their ids sit in every row and index a check-in writes.
 * Ids are opaque to clients; older rows keep theirs.
 */
export const COMPACT_ID_LENGTH = 16;

export function compactId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_");
}
