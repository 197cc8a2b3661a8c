/**
 * The public price list the bench multiplies its counts by (issue 26 §5: the cost of a
 * salesperson). One place, with where each price comes from and when it was read; change a
 * price here and the bench's cost table follows. List prices of the paid plans, without the
 * monthly amounts each plan includes (so the figure is an upper bound for a large deployment).
 *
 * Read from the providers' public pricing pages (as published in 2025; the session that wrote
 * this file could not reach them, so check them before quoting a figure to a customer):
 * - Workers (Standard usage model): https://developers.cloudflare.com/workers/platform/pricing/
 * - Durable Objects: https://developers.cloudflare.com/durable-objects/platform/pricing/
 * - D1: https://developers.cloudflare.com/d1/platform/pricing/
 * - Queues: https://developers.cloudflare.com/queues/platform/pricing/
 * - OpenAI gpt-4o-mini: https://openai.com/api/pricing/
 */
export const PRICES_READ_ON = "2025 list prices (see the sources above)";

export const PRICES = {
  /** Workers: $0.30 per million requests, $0.02 per million CPU milliseconds. */
  workerRequest: 0.3 / 1e6,
  workerCpuMs: 0.02 / 1e6,
  /** Durable Objects: $0.15 per million requests; $12.50 per million GB-s of duration. */
  durableObjectRequest: 0.15 / 1e6,
  durableObjectGbSecond: 12.5 / 1e6,
  /** Every object is billed at 128 MB while active, whatever it uses. */
  durableObjectGb: 0.128,
  /** Incoming WebSocket messages are billed as requests at 20 : 1. */
  webSocketMessagesPerRequest: 20,
  /** D1: $0.001 per million rows read, $1.00 per million rows written. */
  d1RowRead: 0.001 / 1e6,
  d1RowWritten: 1.0 / 1e6,
  /** Queues: $0.40 per million operations; a message up to 64 KB is written, read and deleted: 3. */
  queueOperation: 0.4 / 1e6,
  queueOperationsPerMessage: 3,
  /** gpt-4o-mini: $0.15 per million input tokens, $0.60 per million output tokens. */
  llmInputToken: 0.15 / 1e6,
  llmOutputToken: 0.6 / 1e6,
} as const;

/** What a salesperson pays a month (README, the spec's pricing). */
export const PRICE_PER_SALESPERSON_MONTH_USD = 2;
/** One weekly check-in: 52 / 12 a month. */
export const CHECK_INS_PER_MONTH = 52 / 12;
