import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { escapeHtml } from "../email/templates";
import type { AppEnv } from "../lib/app-env";
import { isDevelopment } from "../lib/config";

const MAILBOX_LIMIT = 100;

export type MailboxMessage = typeof emailOutbox.$inferSelect;

/** The newest messages first, optionally only those to one address. */
export function listMailbox(db: Database, to?: string): Promise<MailboxMessage[]> {
  const query = db.select().from(emailOutbox);
  const filtered = to ? query.where(eq(emailOutbox.toAddress, to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)).limit(MAILBOX_LIMIT);
}

/** Escapes the text and turns every http(s) URL in it into a link. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function renderMessage(message: MailboxMessage): string {
  const sent = message.createdAt.toISOString().replace("T", " ").slice(0, 19);
  return `<article data-testid="mail" data-to="${escapeHtml(message.toAddress)}" data-kind="${escapeHtml(message.kind)}">
  <header>
    <h2>${escapeHtml(message.subject)}</h2>
    <p class="meta">To <strong>${escapeHtml(message.toAddress)}</strong> · ${escapeHtml(message.kind)} · ${sent} UTC · ${escapeHtml(message.status)}${message.error ? ` — ${escapeHtml(message.error)}` : ""}</p>
  </header>
  <pre>${linkify(message.text)}</pre>
</article>`;
}

function renderPage(messages: MailboxMessage[], to?: string): string {
  const filter = to ? ` to ${escapeHtml(to)} · <a href="/dev/mailbox">show all</a>` : "";
  const body = messages.length
    ? messages.map(renderMessage).join("\n")
    : `<p class="empty">No email yet. Sign up or ask for a magic link and it appears here.</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox — Undertone (development)</title>
<style>
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: #f4f4f7; color: #111827; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { margin: 0 0 4px; font-size: 22px; }
  .lead { margin: 0 0 20px; color: #4b5563; }
  article { background: #fff; border-radius: 12px; padding: 16px 20px; margin-bottom: 16px; box-shadow: 0 1px 2px rgb(0 0 0 / 0.06); }
  h2 { margin: 0; font-size: 17px; }
  .meta { margin: 4px 0 12px; color: #6b7280; font-size: 13px; overflow-wrap: anywhere; }
  pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; }
  a { color: #4f46e5; }
  .empty { color: #6b7280; }
</style></head>
<body><main>
<h1>Mailbox</h1>
<p class="lead">Every email the app sent, newest first${filter}. Development only · <a href="">Refresh</a></p>
${body}
</main></body></html>`;
}

/**
 * /dev/mailbox: in development, the outbox is the delivery, and this page is the inbox.
 * Outside development the path does not exist (a plain 404).
 */
export const mailboxRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!isDevelopment(c.env)) return c.text("Not found", 404);
    await next();
  })
  .get("/mailbox", async (c) => {
    const to = c.req.query("to") || undefined;
    c.header("Cache-Control", "no-store");
    return c.html(renderPage(await listMailbox(c.var.db, to), to));
  });
