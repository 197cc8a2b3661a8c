import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { organizationNames } from "../db/fan-out";
import { notificationDeliveries } from "../db/schema";
import { acrossShards, allShardDbs } from "../db/shards";
import { zv } from "../lib/validate";
import { type DeliveryList, deliveryListQuerySchema } from "../shared/notifications";
import { deliveryCounts } from "./deliveries";

const PAGE_SIZE = 20;

/** GET /api/admin/deliveries — every notification the queue delivered, is retrying or gave up on. */
export const deliveryRoutes = new Hono<ConsoleEnv>().get("/", zv("query", deliveryListQuerySchema), async (c) => {
  const { status, channel, page } = c.req.valid("query");
  const db = c.var.db;
  const filters: SQL[] = [];
  if (status) filters.push(eq(notificationDeliveries.status, status));
  if (channel) filters.push(eq(notificationDeliveries.channel, channel));
  const where = filters.length > 0 ? and(...filters) : undefined;
  // Deliveries are the organizations' rows: every shard's first rows up to this page, merged
  // newest first (worker/db/shards.ts); the organizations' names from the platform database.
  const shards = allShardDbs(c.env);
  const offset = (page - 1) * PAGE_SIZE;
  const [rows, totals, counts] = await Promise.all([
    acrossShards(shards, (shard) =>
      shard
        .select()
        .from(notificationDeliveries)
        .where(where)
        .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
        .limit(offset + PAGE_SIZE),
    ),
    acrossShards(shards, (shard) => shard.select({ n: count() }).from(notificationDeliveries).where(where)),
    acrossShards(shards, async (shard) => [await deliveryCounts(shard)]),
  ]);
  const pageRows = rows
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(offset, offset + PAGE_SIZE);
  const names = await organizationNames(
    db,
    pageRows.map((row) => row.organizationId),
  );
  const total = { n: totals.reduce((sum, row) => sum + row.n, 0) };
  const body: DeliveryList = {
    items: pageRows.map((d) => ({
      id: d.id,
      organizationName: names.get(d.organizationId) ?? "Unknown Organization",
      kind: d.kind,
      channel: d.channel,
      recipient: d.recipient,
      subject: d.subject,
      status: d.status,
      attempts: d.attempts,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
      deliveredAt: d.deliveredAt?.toISOString() ?? null,
    })),
    total: total?.n ?? 0,
    page,
    pageSize: PAGE_SIZE,
    counts: {
      delivered: counts.reduce((sum, row) => sum + row.delivered, 0),
      failed: counts.reduce((sum, row) => sum + row.failed, 0),
      pending: counts.reduce((sum, row) => sum + row.pending, 0),
    },
  };
  return c.json(body);
});
