import { eq, sql } from "drizzle-orm";
import * as z from "zod/mini";
import { type Database, platformOf } from "../db/client";
import { checkIns, slackInstallations } from "../db/schema";
import { DELIVERY_ROUTES, type DeliveryRoute } from "../shared/domain";

/**
 * Where a check-in's link goes, fixed when the check-in is created (issue 22 item 1): the
 * INSERT that creates it reads the member's address in its own SELECT and stores the route
 * and address on the row. Invitations, resends, reminders, Slack DMs and fresh links read
 * them from the check-in, never from the member as the member is now.
 */

/** The route and address a check-in was created with (README → Chat ownership). */
export type Delivery = { route: DeliveryRoute; address: string | null };

export const deliveryRow = z.object({ route: z.enum(DELIVERY_ROUTES), address: z.nullable(z.string()) });

/**
 * Whether the organization sends its invitations as Slack DMs. Its Slack installation is the
 * platform's (Slack's events name a workspace, not an organization), so it is read there, before
 * the INSERT that runs in the organization's shard (worker/db/shards.ts).
 */
export async function slackDmInvitations(db: Database, organizationId: string): Promise<boolean> {
  const [row] = await platformOf(db)
    .select({ on: slackInstallations.dmInvitations })
    .from(slackInstallations)
    .where(eq(slackInstallations.organizationId, organizationId));
  return row?.on === true;
}

/** What decides a new check-in's route, read in the INSERT's own SELECT from the member row `tm`. */
export const routeOfMember = (slackDm: boolean) => sql`case
  when tm.email is null then 'handover'
  when ${slackDm ? 1 : 0} = 1 then 'slack_dm'
  else 'email' end`;

/**
 * The route and address an open check-in uses. A check-in created before routes were stored
 * (drizzle/0009 fills every open one; only a row written in the moment between the migration
 * and the new code lacks them) has them fixed now, once, from its member: the email lock
 * keeps that address from changing while the check-in is open.
 */
export async function deliveryOf(
  db: Database,
  checkIn: Pick<typeof checkIns.$inferSelect, "id" | "deliveryRoute" | "deliveryAddress">,
): Promise<Delivery> {
  if (checkIn.deliveryRoute) return { route: checkIn.deliveryRoute, address: checkIn.deliveryAddress };
  const [owner] = await db
    .select({ organizationId: checkIns.organizationId })
    .from(checkIns)
    .where(eq(checkIns.id, checkIn.id));
  const slackDm = owner ? await slackDmInvitations(db, owner.organizationId) : false;
  await db.run(sql`update check_ins set
      delivery_route = (select ${routeOfMember(slackDm)} from team_members tm where tm.id = check_ins.team_member_id),
      delivery_address = (select tm.email from team_members tm where tm.id = check_ins.team_member_id)
    where id = ${checkIn.id} and delivery_route is null`);
  const [row] = await db
    .select({ route: checkIns.deliveryRoute, address: checkIns.deliveryAddress })
    .from(checkIns)
    .where(eq(checkIns.id, checkIn.id));
  // Nothing to read (the check-in or its member is gone): nowhere to send.
  return deliveryRow.safeParse(row).data ?? { route: "handover", address: null };
}

export type SendableDelivery = { route: "email" | "slack_dm"; address: string };

/** The stored delivery, if it has an address to send to (a handed-over link has none). */
export function sendable(delivery: Delivery): SendableDelivery | null {
  return delivery.route !== "handover" && delivery.address !== null
    ? { route: delivery.route, address: delivery.address }
    : null;
}
