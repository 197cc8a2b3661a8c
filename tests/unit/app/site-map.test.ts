import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { appRoutes } from "../../../src/app-routes";
import { PAGES } from "../../../src/routes/pages";
import { CONSOLE_TABS } from "../../../src/routes/superadmin/console/display";
import { API_GROUPS } from "../../../src/routes/superadmin/site-map/api-inventory";
import { categoryCounts, filterSiteMap, SITE_MAP, siteMapText } from "../../../src/routes/superadmin/site-map/site-map";

/** Every path the real router matches, written from the root ("/dashboard/team"); an index route repeats its parent's. */
function routedPaths(routes: readonly RouteObject[], parent = ""): string[] {
  return routes.flatMap((route) => {
    const own = route.index ? parent || "/" : route.path ? `${parent}/${route.path}`.replace("//", "/") : null;
    const children = route.children ? routedPaths(route.children, own ?? parent) : [];
    return own === null ? children : [own, ...children];
  });
}

describe("site map", () => {
  it("lists exactly the routes the router serves", () => {
    const routed = routedPaths(appRoutes).map((path) => (path === "/*" ? "*" : path));
    expect(new Set(routed)).toEqual(new Set(Object.keys(PAGES)));
  });

  it("shows every page, every console tab and every Worker route group once", () => {
    const shown = SITE_MAP.map((entry) => entry.path);
    expect(shown.length).toBe(new Set(shown).size);
    for (const path of Object.keys(PAGES).filter((p) => p !== "/superadmin")) {
      expect(
        SITE_MAP.some((entry) => entry.name === PAGES[path as keyof typeof PAGES].name),
        path,
      ).toBe(true);
    }
    for (const tab of CONSOLE_TABS) expect(shown).toContain(`/superadmin?tab=${tab.id}`);
    expect(SITE_MAP.length).toBe(Object.keys(PAGES).length - 1 + CONSOLE_TABS.length + Object.keys(API_GROUPS).length);
    expect(shown).toContain("/dashboard/team/{memberId}");
    expect(shown).toContain("/check-in/{id}?token={token}");
  });

  it("counts each category from the entries it lists", () => {
    const counts = categoryCounts(SITE_MAP);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(SITE_MAP.length);
    const superAdmin = SITE_MAP.filter((entry) => entry.category === "SuperAdmin");
    expect(counts.SuperAdmin).toBe(superAdmin.length);
    // The 12 tabs, the operator login, the operator API and its development-only demo helpers.
    expect(counts.SuperAdmin).toBe(CONSOLE_TABS.length + 3);
  });

  it("filters by search, access and category", () => {
    expect(filterSiteMap(SITE_MAP, { search: "mailbox", access: "all", category: "all" }).map((e) => e.path)).toEqual([
      "/dev/mailbox",
    ]);
    const admin = filterSiteMap(SITE_MAP, { search: "", access: "admin", category: "all" });
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((e) => e.access === "admin")).toBe(true);
    expect(
      filterSiteMap(SITE_MAP, { search: "", access: "all", category: "Check-Ins" })
        .map((e) => e.path)
        .sort(),
    ).toEqual(["/api/check-in/{id}/ws?token={token}", "/check-in/{id}?token={token}"]);
  });

  it("downloads as 'path | name | access | description' lines", () => {
    const text = siteMapText(SITE_MAP.slice(0, 2));
    expect(text).toBe(
      "/ | Landing | public | What Undertone does, pricing and sign-up\n/landing | Landing (old address) | public | Redirects to /\n",
    );
  });
});
