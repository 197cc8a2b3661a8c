import type { PlanStatusResponse } from "@shared/billing";
import type { OrganizationAdminsResponse } from "@shared/organization-admins";
import type { CheckInSettingsResponse } from "@shared/schedule";
import { DEFAULT_GLOBAL_SETTINGS, organizationDefaultsFrom } from "@shared/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PLAN_STATUS_QUERY_KEY } from "../../../src/routes/dashboard/billing-api";
import { AdminList } from "../../../src/routes/dashboard/settings/AdminsPanel";
import { PlanPanel } from "../../../src/routes/dashboard/settings/PlanPanel";
import { SettingsForm } from "../../../src/routes/dashboard/settings/SettingsPage";

/**
 * Settings shows every date one way ("Nov 26, 2026"): the plan, the schedule's next period,
 * a pending invitation (this week's digest: tests/unit/notify-rules.test.ts). Noon UTC keeps
 * the day the same in any zone.
 */
const DAY = "2026-11-26T12:00:00.000Z";
const SHOWN = "Nov 26, 2026";
/** Any other way of writing a date: ISO, numeric, a month in full. */
const OTHER_FORMAT =
  /\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|January|February|March|April|June|July|August|September|October|November|December/;

function render(node: ReactNode, data: [readonly unknown[], unknown][] = []) {
  const client = new QueryClient();
  for (const [key, value] of data) client.setQueryData(key, value);
  const outlet = <Outlet context={{ choosePlan: () => undefined }} />;
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route element={outlet}>
            <Route index element={node} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ");

describe("dates on the Settings page", () => {
  it("the plan card: a trial's end", () => {
    const trial: PlanStatusResponse = {
      trial: {
        id: "t1",
        organizationId: "o1",
        userId: "u1",
        trialStartDate: "2026-11-12T12:00:00.000Z",
        trialEndDate: DAY,
        trialStatus: "active",
        chosenAt: "2026-11-12T12:00:00.000Z",
      },
      subscription: null,
      paymentsConfigured: true,
      planChosen: true,
    };
    const shown = text(render(<PlanPanel />, [[PLAN_STATUS_QUERY_KEY, trial]]));
    expect(shown).toContain(SHOWN);
    expect(shown).not.toMatch(OTHER_FORMAT);
  });

  it("the schedule's next period", () => {
    const settings = organizationDefaultsFrom(DEFAULT_GLOBAL_SETTINGS);
    const loaded: CheckInSettingsResponse = {
      settings: { ...settings, schedulingEnabled: true },
      defaults: settings,
      customized: true,
      updatedAt: DAY,
      nextCheckInsAt: DAY,
      dailyLimits: {
        day: "2026-11-26",
        checkIns: { used: 0, limit: 10 },
        aiRequests: { used: 0, limit: 10 },
        emails: { used: 0, limit: 10 },
      },
    };
    const shown = text(render(<SettingsForm loaded={loaded} />));
    expect(shown).toContain(`the next period starts ${SHOWN}`);
    expect(shown).not.toMatch(OTHER_FORMAT);
  });

  it("a pending invitation", () => {
    const data: OrganizationAdminsResponse = {
      admins: [],
      invitations: [{ id: "i1", email: "casey@example.com", expiresAt: DAY, invitedBy: "owner@example.com" }],
      requireAdminTwoFactor: false,
    };
    const shown = text(render(<AdminList data={data} onRemove={() => undefined} onRevoke={() => undefined} />));
    expect(shown).toContain(`Invited, until ${SHOWN}`);
    expect(shown).not.toMatch(OTHER_FORMAT);
  });
});
