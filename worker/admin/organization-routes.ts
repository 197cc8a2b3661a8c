import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { cancelLiveSubscription } from "../billing/stripe-subscription";
import { disconnectOpenChats } from "../checkin/suspension";
import { allShardDbs, dbFor, syncOrganizationCopy } from "../db/shards";
import { ApiError, notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  type OrganizationDeleted,
  organizationInputSchema,
  organizationListQuerySchema,
  organizationUpdateSchema,
} from "../shared/console/organizations";
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  organizationDetail,
  updateOrganization,
} from "./organizations";

/**
 * /api/admin/organizations: Business Management's list, details, create, edit and delete.
 * The plan's lifecycle is never set here (issue 25 §2); the tier only where Stripe does not
 * own it (§8); a delete cancels a live Stripe subscription first (§1).
 */
const ORGANIZATION_NOT_FOUND = "Organization not found";
export const TIER_OWNED_BY_STRIPE =
  "This organization's tier follows its Stripe subscription; it changes when the subscription does.";

export const organizationRoutes = new Hono<ConsoleEnv>()
  .get("/", zv("query", organizationListQuerySchema), async (c) =>
    c.json(await listOrganizations(c.var.db, c.req.valid("query"), Date.now(), allShardDbs(c.env))),
  )
  .get("/:id", async (c) => {
    const id = c.req.param("id");
    const detail = await organizationDetail(c.var.db, id, await dbFor(c.env, id));
    if (!detail) throw notFound(ORGANIZATION_NOT_FOUND);
    return c.json(detail);
  })
  .post("/", zv("json", organizationInputSchema), async (c) => {
    const created = await createOrganization(c.env, c.var.db, c.req.valid("json"));
    c.set("audit", {
      action: "organization.create",
      targetType: "organization",
      targetId: created.id,
      organizationId: created.id,
      details: { name: created.name, status: created.status, tier: created.subscriptionTier },
    });
    return c.json(created, 201);
  })
  .patch("/:id", zv("json", organizationUpdateSchema), async (c) => {
    const id = c.req.param("id");
    const before = await getOrganization(c.var.db, id);
    if (!before) throw notFound(ORGANIZATION_NOT_FOUND);
    const patch = c.req.valid("json");
    if (
      patch.subscriptionTier !== undefined &&
      patch.subscriptionTier !== before.subscriptionTier &&
      before.tierOwnedByStripe
    ) {
      throw new ApiError(409, "tier_owned_by_stripe", TIER_OWNED_BY_STRIPE);
    }
    const updated = await updateOrganization(c.var.db, id, patch, allShardDbs(c.env));
    if (!updated) throw notFound(ORGANIZATION_NOT_FOUND);
    // The shard's copy follows its name: the console searches and orders a shard's rows by it.
    if (updated.name !== before.name) await syncOrganizationCopy(c.env, id);
    if (updated.access === "suspended" && before.access !== "suspended") {
      await disconnectOpenChats(c.env, await dbFor(c.env, id), id);
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["name", "domain", "industry", "access", "subscriptionTier"] as const) {
      if (before[key] !== updated[key]) changes[key] = { from: before[key], to: updated[key] };
    }
    c.set("audit", {
      action: "organization.update",
      targetType: "organization",
      targetId: id,
      organizationId: id,
      details: { changes },
    });
    return c.json(updated);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await getOrganization(c.var.db, id))) throw notFound(ORGANIZATION_NOT_FOUND);
    // Stripe first: an organization must never be gone while its subscription still bills.
    const stripeSubscriptionCancelled = await cancelLiveSubscription(c.var.db, c.var.config, id);
    const deleted = await deleteOrganization(c.env, c.var.db, id);
    if (!deleted) throw notFound(ORGANIZATION_NOT_FOUND);
    c.set("audit", {
      action: "organization.delete",
      targetType: "organization",
      targetId: id,
      organizationId: id,
      details: { name: deleted.name, stripeSubscriptionCancelled },
    });
    const body: OrganizationDeleted = { ok: true, stripeSubscriptionCancelled };
    return c.json(body);
  });
