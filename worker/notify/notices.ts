import type { Database } from "../db/client";
import type { AppConfig } from "../lib/config";
import type { Message } from "./channels/channel";
import type { Audience, Notice, NoticeKind, NoticeOf } from "./messages";

/**
 * Renderers: the words of each notice, produced by the consumer when it sends. Each feature
 * owns its own (alerts and the digest here, check-in invitations in worker/team, the trial's
 * in worker/billing); worker/index.ts hands the full set to the consumer, and its type makes
 * the compiler name a kind nobody renders.
 */
export type RenderContext = { db: Database; config: AppConfig; organizationId: string };

/** Nothing to send any more, and why (the check-in closed meanwhile): the console shows the reason. */
export type NotSent = { notSent: string };

/** `audience` "group" is a conversation several people read: no names, no individual scores. */
export type NoticeRenderer<K extends NoticeKind> = (
  ctx: RenderContext,
  notice: NoticeOf<K>,
  audience: Audience,
) => Promise<Message | NotSent>;

export type NoticeRenderers = { readonly [K in NoticeKind]: NoticeRenderer<K> };

export function renderNotice(
  renderers: NoticeRenderers,
  ctx: RenderContext,
  notice: Notice,
  audience: Audience,
): Promise<Message | NotSent> {
  // The map is keyed by kind, so the renderer found takes exactly this notice.
  const renderer = renderers[notice.kind] as NoticeRenderer<typeof notice.kind>;
  return renderer(ctx, notice, audience);
}
