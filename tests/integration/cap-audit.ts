import { createSuperAdmin, requestAs } from "./auth-helpers";

/** What the operator's audit log says about daily caps reached (as the console reads it). */
export async function dailyCapAudits(): Promise<{ targetId: string | null; details: unknown }[]> {
  const operator = await createSuperAdmin();
  const response = await requestAs(operator, "/api/admin/audit?action=organization.daily_cap_reached");
  const body = (await response.json()) as { items: { targetId: string | null; details: unknown }[] };
  return body.items;
}
