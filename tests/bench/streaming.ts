/** What the stand-in records of a stream (its StreamTiming) and a client of a reply (load.ts ReplyTrace). */
export type StreamTiming = { prompt: string; tokenAt: number[]; tokens: string[] };
export type ReplyTrace = { prompt: string; deltas: { at: number; text: string }[] };

/**
 * What the app adds to the provider's stream. For each reply seen by a client, the
 * stand-in's stream for the same user message: first_token overhead = first delta at the
 * client − the stand-in's first token byte; gap overhead = each gap between two tokens at
 * the client − the same gap at the stand-in. Both clocks are this machine's.
 */
export type TokenOverheads = {
  firstTokenMs: number[];
  gapMs: number[];
  /** When each gap's later delta reached the client (epoch ms), in the order of gapMs. */
  gapAt: number[];
  matched: number;
  unmatched: number;
};

export function tokenOverheads(replies: readonly ReplyTrace[], streams: readonly StreamTiming[]): TokenOverheads {
  const byPrompt = new Map(streams.map((stream) => [stream.prompt, stream]));
  const result: TokenOverheads = { firstTokenMs: [], gapMs: [], gapAt: [], matched: 0, unmatched: 0 };
  for (const reply of replies) {
    const stream = byPrompt.get(reply.prompt.slice(0, 200));
    const arrivals = stream ? tokenArrivals(stream, reply) : null;
    if (!stream || !arrivals) {
      result.unmatched++;
      continue;
    }
    result.matched++;
    const first = arrivals[0];
    const sentFirst = stream.tokenAt[0];
    if (first !== undefined && sentFirst !== undefined) result.firstTokenMs.push(first - sentFirst);
    for (let k = 1; k < arrivals.length; k++) {
      const clientGap = (arrivals[k] ?? 0) - (arrivals[k - 1] ?? 0);
      const standInGap = (stream.tokenAt[k] ?? 0) - (stream.tokenAt[k - 1] ?? 0);
      result.gapMs.push(clientGap - standInGap);
      result.gapAt.push(arrivals[k] ?? 0);
    }
  }
  return result;
}

/**
 * When each stand-in token reached the client: the first delta whose running text covers
 * it (one delta per token when nothing coalesces). Null if the texts disagree.
 */
export function tokenArrivals(stream: StreamTiming, reply: ReplyTrace): number[] | null {
  const sentText = stream.tokens.join("");
  const receivedText = reply.deltas.map((d) => d.text).join("");
  if (stream.tokens.length === 0 || !receivedText.startsWith(sentText)) return null;
  const arrivals: number[] = [];
  let covered = 0;
  let deltaIndex = 0;
  let tokenEnd = 0;
  for (const token of stream.tokens) {
    tokenEnd += token.length;
    while (covered < tokenEnd && deltaIndex < reply.deltas.length) {
      covered += reply.deltas[deltaIndex]?.text.length ?? 0;
      deltaIndex++;
    }
    const delta = reply.deltas[deltaIndex - 1];
    if (covered < tokenEnd || !delta) return null;
    arrivals.push(delta.at);
  }
  return arrivals;
}

/**
 * Which late deltas (gap overhead over `lateMs`) arrived within `windowMs` after a
 * conversation opened, against the same share for moments spread evenly over the run: how much
 * of the lateness the check-ins' starts cause (README → Performance).
 */
export function lateAfterOpens(
  overheads: TokenOverheads,
  openedAt: readonly number[],
  lateMs = 4,
  windowMs = 10,
): { late: number; nearOpen: number; evenNearOpen: number } {
  const late = overheads.gapAt.filter((_, i) => (overheads.gapMs[i] ?? 0) > lateMs);
  const openedJustBefore = (at: number) => openedAt.some((open) => open <= at && open >= at - windowMs);
  const share = (moments: number[]) => moments.filter(openedJustBefore).length / Math.max(1, moments.length);
  const first = Math.min(...overheads.gapAt);
  const span = Math.max(...overheads.gapAt) - first;
  const even = Array.from({ length: 2000 }, (_, i) => first + (span * (i + 0.5)) / 2000);
  return { late: late.length, nearOpen: share(late), evenNearOpen: share(even) };
}
