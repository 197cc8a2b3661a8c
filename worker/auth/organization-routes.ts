import { Hono } from "hono";
import { forbidden } from "../lib/errors";
import type { EnsureOrganizationResponse } from "../shared/organization";
import { requireUser, type UserEnv } from "./middleware";
import { ensureOrganization } from "./organization";
import { adoptBrowserTimeZone, browserTimeZone } from "./organization-time-zone";

/** POST /api/organization/ensure — replaces ensure_user_organization (spec 1 §7 item 8). */
export const organizationRoutes = new Hono<UserEnv>().use(requireUser).post("/ensure", async (c) => {
  const user = c.var.user;
  // Operators work across organizations and belong to none.
  if (user.role !== "Admin") throw forbidden("Only organization admins have an organization.");
  const organization = await ensureOrganization(c.var.db, user);
  // The browser's time zone becomes the organization's default (schedules, the weekly digest).
  const timeZone = browserTimeZone(await c.req.json().catch(() => null));
  if (timeZone) await adoptBrowserTimeZone(c.var.db, organization.id, timeZone);
  const body: EnsureOrganizationResponse = {
    organization: { id: organization.id, name: organization.name },
    created: organization.created,
  };
  return c.json(body);
});
