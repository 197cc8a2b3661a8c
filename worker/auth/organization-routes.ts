import { Hono } from "hono";
import type { AppEnv } from "../lib/app-env";
import { badRequest, forbidden } from "../lib/errors";
import { zv } from "../lib/validate";
import { isPlausibleEmail } from "../shared/auth";
import type { EnsureOrganizationResponse } from "../shared/organization";
import {
  invitationSignUpSchema,
  invitationTokenSchema,
  inviteAdminRequestSchema,
  twoFactorRuleSchema,
} from "../shared/organization-admins";
import { acceptInvitation, previewInvitation, signUpWithInvitation } from "./admins/accept";
import { inviteAdmin, listOrganizationAdmins, removeAdmin, revokeInvitation, setTwoFactorRule } from "./admins/manage";
import { publicOrigin } from "./auth";
import { type AdminEnv, requireAdmin, requireUser, type UserEnv } from "./middleware";
import { ensureOrganization } from "./organization";
import { adoptBrowserTimeZone, browserTimeZone } from "./organization-time-zone";
import { authRateLimit } from "./rate-limits";

/** POST /api/organization/ensure — replaces ensure_user_organization (spec 1 §7 item 8). */
const ensureRoutes = new Hono<UserEnv>().use(requireUser).post("/", async (c) => {
  const user = c.var.user;
  // Operators work across organizations and belong to none.
  if (user.role !== "Admin") throw forbidden("Only organization admins have an organization.");
  const organization = await ensureOrganization(c.env, c.var.platform, user);
  // The browser's time zone becomes the organization's default (schedules, the weekly digest).
  const timeZone = browserTimeZone(await c.req.json().catch(() => null));
  if (timeZone) await adoptBrowserTimeZone(c.var.platform, organization.id, timeZone);
  const body: EnsureOrganizationResponse = {
    organization: { id: organization.id, name: organization.name },
    created: organization.created,
  };
  return c.json(body);
});

/** The organization's Admins (issue 25 §5): list, invite, revoke an invitation, remove. */
const adminsRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", async (c) => c.json(await listOrganizationAdmins(c.var.platform, c.var.user)))
  .post("/invitations", zv("json", inviteAdminRequestSchema), async (c) => {
    const email = c.req.valid("json").email.toLowerCase();
    if (!isPlausibleEmail(email)) throw badRequest("Please enter a valid email address.");
    const origin = publicOrigin(c.var.config, c.req.raw);
    return c.json(await inviteAdmin(c.var.platform, c.env, c.var.user, email, origin), 201);
  })
  .delete("/invitations/:id", async (c) => {
    await revokeInvitation(c.var.platform, c.var.user, c.req.param("id"));
    return c.body(null, 204);
  })
  .delete("/:userId", async (c) => {
    await removeAdmin(c.var.platform, c.var.user, c.req.param("userId"));
    return c.body(null, 204);
  });

/** PUT /api/organization/two-factor — whether every Admin needs a second factor. */
const twoFactorRuleRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .put("/", zv("json", twoFactorRuleSchema), async (c) =>
    c.json(await setTwoFactorRule(c.var.platform, c.var.user, c.req.valid("json").requireAdminTwoFactor)),
  );

/** The invited person: what the link is for (anyone holding it), and a new account made with it. */
const invitationRoutes = new Hono<AppEnv>()
  .post("/preview", authRateLimit("invitation"), zv("json", invitationTokenSchema), async (c) =>
    c.json(await previewInvitation(c.var.platform, c.req.valid("json").token)),
  )
  .post("/sign-up", authRateLimit("invitation"), zv("json", invitationSignUpSchema), async (c) =>
    c.json(await signUpWithInvitation(c.var.platform, c.env, c.req.valid("json"))),
  );

/** POST /api/organization/invitations/accept — the signed-in invitee joins. */
const acceptRoutes = new Hono<UserEnv>()
  .use(requireUser)
  .post("/", authRateLimit("invitation"), zv("json", invitationTokenSchema), async (c) =>
    c.json(await acceptInvitation(c.var.platform, c.env, c.req.valid("json").token, c.var.user)),
  );

/**
 * /api/organization. Each part is its own router with its own guard: a guard `use()`d on
 * this router would reach every path under the prefix, the public invitation routes too.
 */
export const organizationRoutes = new Hono<AppEnv>()
  .route("/ensure", ensureRoutes)
  .route("/admins", adminsRoutes)
  .route("/two-factor", twoFactorRuleRoutes)
  .route("/invitations/accept", acceptRoutes)
  .route("/invitations", invitationRoutes);
