import * as z from "zod/mini";

/**
 * The operator console's API, shared by the Worker and the SPA. Paging, search and date fields
 * every console list shares. Times travel as epoch milliseconds.
 */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Query strings arrive as text: numbers are parsed here, bad ones refused with a 400. */
export const positiveIntText = (max: number) =>
  z.pipe(
    z.string().check(z.regex(/^[1-9]\d{0,5}$/, "must be a positive whole number")),
    z.transform((v) => Math.min(max, Math.max(1, Number.parseInt(v, 10)))),
  );

export const pageQuerySchema = z.object({
  page: z.optional(positiveIntText(1_000_000)),
  pageSize: z.optional(positiveIntText(MAX_PAGE_SIZE)),
});

export function paginated<Item extends z.ZodMiniType>(item: Item) {
  return z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    /** Rows matching the filters. */
    total: z.number(),
  });
}

export type Page<Item> = { items: Item[]; page: number; pageSize: number; total: number };

export const searchText = z.optional(z.string().check(z.maxLength(200)));
export const timestamp = z.number();

export const dateText = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")));

/** The body of a change that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });
