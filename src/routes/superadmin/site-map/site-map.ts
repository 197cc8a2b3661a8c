import {
  type Access,
  PAGES,
  type PageInfo,
  type PagePath,
  type RouteKind,
  SITE_MAP_CATEGORIES,
  type SiteMapCategory,
} from "../../pages";
import { CONSOLE_TABS, type ConsoleTabId } from "../console/display";
import { API_GROUPS, type ApiGroupInfo } from "./api-inventory";

/**
 * The Site Map tab's inventory (spec 2 §2), built from the tables the app itself runs on:
 * the router's pages (src/routes/pages.ts), the console's tabs (CONSOLE_TABS) and the
 * Worker's route groups (api-inventory.ts). Nothing here is a second list to keep in step.
 */
export type RouteEntry = {
  path: string;
  name: string;
  description: string;
  access: Access;
  category: SiteMapCategory;
  kind: RouteKind;
  /** The React component (pages) or Worker module (API) that serves it. */
  component: string;
  features: string[];
  developmentOnly?: boolean;
};

/** What each console tab is for; the tabs themselves (ids, labels, order) are CONSOLE_TABS. */
const TAB_INFO: Record<ConsoleTabId, { description: string; features: string[] }> = {
  overview: {
    description: "Platform totals, recent organizations, activity and system status",
    features: ["Organizations, users and check-ins", "Recent activity"],
  },
  businesses: {
    description: "Create, edit, inspect and delete organizations",
    features: ["Search and filters", "Users and activity per organization"],
  },
  users: {
    description: "Everyone on the platform, with role counts",
    features: ["Search, role filter, pages", "CSV export", "Bulk invite sales reps or admins"],
  },
  sentiment: {
    description: "Platform-wide sentiment, trends and a cross-company comparison",
    features: ["Week-over-week trends", "Response volume"],
  },
  checkins: {
    description: "Question bank, AI agent configuration and global check-in settings",
    features: ["Import and export questions", "Test the AI agent"],
  },
  billing: { description: "Subscriptions and revenue", features: ["$2.00 per billable salesperson"] },
  alerts: { description: "Risk alerts across organizations", features: ["View details", "Resolve"] },
  reporting: { description: "CSV reports for a date range", features: ["Organizations, users, sentiment, alerts"] },
  sitemap: { description: "This inventory", features: ["Search, filters, download"] },
  settings: {
    description: "Which providers are configured and reachable",
    features: ["AI, email, payments", "Never shows a secret"],
  },
  support: {
    description: "Find an account, organization or salesperson; resend verification",
    features: ["Search", "Resend verification email"],
  },
  audit: { description: "Every operator change and role change", features: ["Filters by action, actor and date"] },
};

const shown = (path: string, shownAs: string | undefined) => shownAs ?? path.replace(/:(\w+)/g, "{$1}");

/** The console is one route with a tab parameter: the Site Map lists each tab as its own entry. */
function consoleTabs(): RouteEntry[] {
  const console = PAGES["/superadmin"];
  return CONSOLE_TABS.map((tab) => ({
    path: `/superadmin?tab=${tab.id}`,
    name: tab.label,
    description: TAB_INFO[tab.id].description,
    access: console.access,
    category: console.category,
    kind: "page",
    component: console.component,
    features: TAB_INFO[tab.id].features,
  }));
}

export function buildSiteMap(): RouteEntry[] {
  const pages = (Object.keys(PAGES) as PagePath[]).flatMap((path): RouteEntry[] => {
    if (path === "/superadmin") return consoleTabs();
    const { shownAs, ...info }: PageInfo = PAGES[path];
    return [{ ...info, path: shown(path, shownAs) }];
  });
  const groups = Object.entries(API_GROUPS).map(([path, group]): RouteEntry => {
    const { shownAs, ...info }: ApiGroupInfo = group;
    return { ...info, path: shown(path, shownAs) };
  });
  const order = (entry: RouteEntry) => SITE_MAP_CATEGORIES.indexOf(entry.category);
  return [...pages, ...groups].sort((a, b) => order(a) - order(b));
}

export const SITE_MAP: readonly RouteEntry[] = buildSiteMap();

export type SiteMapFilter = { search: string; access: Access | "all"; category: SiteMapCategory | "all" };

export function filterSiteMap(entries: readonly RouteEntry[], filter: SiteMapFilter): RouteEntry[] {
  const needle = filter.search.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (filter.access === "all" || e.access === filter.access) &&
      (filter.category === "all" || e.category === filter.category) &&
      (!needle ||
        e.path.toLowerCase().includes(needle) ||
        e.name.toLowerCase().includes(needle) ||
        e.description.toLowerCase().includes(needle)),
  );
}

export function categoryCounts(entries: readonly RouteEntry[]): Record<SiteMapCategory, number> {
  const counts = Object.fromEntries(SITE_MAP_CATEGORIES.map((c) => [c, 0])) as Record<SiteMapCategory, number>;
  for (const entry of entries) counts[entry.category] += 1;
  return counts;
}

/** The download: one line per route, 'path | name | access | description'. */
export function siteMapText(entries: readonly RouteEntry[]): string {
  return `${entries.map((e) => `${e.path} | ${e.name} | ${e.access} | ${e.description}`).join("\n")}\n`;
}
