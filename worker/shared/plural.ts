/**
 * The noun for a count, for every text that counts things: "answer" for 1, "answers" for any
 * other count (0 too); `many` where the plural is not the noun plus "s" ("person", "people").
 * The count itself stays with the caller: `${n} ${plural(n, "answer")}`.
 */
export const plural = (count: number, one: string, many = `${one}s`): string => (count === 1 ? one : many);
