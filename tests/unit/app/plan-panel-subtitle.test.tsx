import type { PlanStatusResponse } from "@shared/billing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, Outlet, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { PLAN_STATUS_QUERY_KEY } from "../../../src/routes/dashboard/billing-api";
import { PlanPanel } from "../../../src/routes/dashboard/settings/PlanPanel";

/**
 * Settings → Plan and billing promised "Stripe's billing page to cancel it" to a Free Trial,
 * which has no such page (no Manage billing button): the card says what the trial is instead.
 */
function render(status: PlanStatusResponse) {
  const client = new QueryClient();
  client.setQueryData(PLAN_STATUS_QUERY_KEY, status);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Routes>
          <Route element={<Outlet context={{ choosePlan: () => undefined }} />}>
            <Route index element={<PlanPanel />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const trial: PlanStatusResponse = {
  trial: {
    id: "t1",
    organizationId: "o1",
    userId: "u1",
    trialStartDate: new Date(Date.now() - 86_400_000).toISOString(),
    trialEndDate: new Date(Date.now() + 13 * 86_400_000).toISOString(),
    trialStatus: "active",
    chosenAt: new Date(Date.now() - 86_400_000).toISOString(),
  },
  subscription: null,
  paymentsConfigured: false,
  planChosen: true,
};

describe("the plan card of a Free Trial", () => {
  it("promises no billing page it does not have, and says there is nothing to cancel", () => {
    const html = render(trial);
    expect(html).not.toContain("Manage billing");
    expect(html).not.toContain("Stripe&#x27;s billing page");
    expect(html).toContain("A Free Trial needs no card and ends by itself: there is nothing to cancel.");
  });
});
