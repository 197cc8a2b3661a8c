import { describe, expect, it } from "vitest";
import { API_GROUPS } from "../../src/routes/superadmin/site-map/api-inventory";
import { allRoutes } from "./abuse-routes";

/** The group a Worker route belongs to: /api/<group>, or its first segment elsewhere. */
function groupOf(path: string): string {
  const [first, second] = path.split("/").filter(Boolean);
  return first === "api" ? `/api/${second}` : `/${first}`;
}

describe("the console's Site Map", () => {
  it("lists every route group the Worker mounts, and no other", () => {
    const mounted = new Set(
      allRoutes()
        .map((key) => key.split(" ")[1] ?? "")
        // /check-in/* serves the check-in page, / the prerendered landing page and the legal
        // pages their prerendered files: the Site Map lists them from the SPA's router.
        .filter((path) => !["/", "/termsofservice", "/privacypolicy"].includes(path))
        .map(groupOf)
        .filter((group) => group !== "/check-in"),
    );
    expect([...mounted].sort()).toEqual(Object.keys(API_GROUPS).sort());
  });
});
