import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { notificationDeliveries, organizations } from "../db/schema";
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
  const [rows, [total], counts] = await Promise.all([
    db
      .select({ delivery: notificationDeliveries, organizationName: organizations.name })
      .from(notificationDeliveries)
      .leftJoin(organizations, eq(organizations.id, notificationDeliveries.organizationId))
      .where(where)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(notificationDeliveries).where(where),
    deliveryCounts(db),
  ]);
  const body: DeliveryList = {
    items: rows.map(({ delivery: d, organizationName }) => ({
      id: d.id,
      organizationName: organizationName ?? "Unknown Organization",
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
    counts,
  };
  return c.json(body);
});
