import { utcDay } from "@shared/time";
import { useMemo, useState } from "react";
import {
  Badge,
  type BadgeVariant,
  Card,
  ChoiceSelect,
  ConsoleIcon,
  EmptyState,
  SearchInput,
  saveBlob,
  TabHeader,
  useTabs,
} from "@/components/ui";
import { ACCESS_LEVELS, type Access, SITE_MAP_CATEGORIES, type SiteMapCategory } from "../../pages";
import { categoryCounts, filterSiteMap, SITE_MAP, siteMapText } from "./site-map";

const ACCESS_VARIANT: Record<Access, BadgeVariant> = {
  public: "success",
  authenticated: "secondary",
  admin: "warning",
  superadmin: "destructive",
};

/** Spec 2 §2 Site Map: the route inventory, searchable, filterable and downloadable. */
export function SiteMapTab() {
  const [search, setSearch] = useState("");
  const [access, setAccess] = useState<Access | "all">("all");
  const [category, setCategory] = useState<SiteMapCategory | "all">("all");
  const tabProps = useTabs<SiteMapCategory | "all">(["all", ...SITE_MAP_CATEGORIES], category, setCategory);
  const [details, setDetails] = useState(false);
  const counts = useMemo(() => categoryCounts(SITE_MAP), []);
  const entries = filterSiteMap(SITE_MAP, { search, access, category });

  const download = () => {
    const name = `undertone-site-map-${utcDay(Date.now())}.txt`;
    saveBlob(new Blob([siteMapText(entries)], { type: "text/plain;charset=utf-8" }), name);
  };

  return (
    <div className="space-y-6">
      <TabHeader
        title="Site Map"
        description={`${SITE_MAP.length} routes: pages, the check-in link and the API groups, with who may open them.`}
        actions={
          <>
            <button type="button" className="btn btn-sm" onClick={() => setDetails((v) => !v)} aria-pressed={details}>
              <ConsoleIcon name="eye" className="size-4" />
              {details ? "Hide Details" : "Show Details"}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={download}>
              <ConsoleIcon name="download" className="size-4" />
              Download Site Map
            </button>
          </>
        }
      />
      <Card bodyClassName="flex flex-col gap-3 p-4 md:flex-row md:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search path, name or description…"
          label="Search routes"
        />
        <ChoiceSelect<Access | "all">
          className="w-full md:w-48"
          label="Filter by access"
          value={access}
          onChange={setAccess}
          options={[
            { value: "all", label: "All access levels" },
            ...ACCESS_LEVELS.map((a) => ({ value: a, label: a })),
          ]}
        />
      </Card>
      <div role="tablist" aria-label="Route categories" className="tabs tabs-box w-full overflow-x-auto">
        <button
          type="button"
          {...tabProps("all")}
          className={`tab whitespace-nowrap ${category === "all" ? "tab-active" : ""}`}
          onClick={() => setCategory("all")}
        >
          All ({SITE_MAP.length})
        </button>
        {SITE_MAP_CATEGORIES.map((c) => (
          <button
            key={c}
            type="button"
            {...tabProps(c)}
            className={`tab whitespace-nowrap ${category === c ? "tab-active" : ""}`}
            onClick={() => setCategory(c)}
          >
            {c} ({counts[c]})
          </button>
        ))}
      </div>
      <Card bodyClassName="">
        {entries.length === 0 ? (
          <EmptyState icon="map" title="No routes match" hint="Try adjusting your search criteria" />
        ) : (
          <ul className="divide-y divide-base-300">
            {entries.map((entry) => (
              <li key={entry.path} className="px-5 py-3" data-testid="route-entry">
                <div className="flex flex-wrap items-center gap-2">
                  <code className="rounded bg-base-200 px-1.5 py-0.5 text-xs break-all">{entry.path}</code>
                  <span className="font-medium">{entry.name}</span>
                  <Badge variant={ACCESS_VARIANT[entry.access]}>{entry.access}</Badge>
                  {entry.kind !== "page" ? <Badge variant="outline">{entry.kind}</Badge> : null}
                  {entry.developmentOnly ? <Badge variant="muted">development only</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-soft">{entry.description}</p>
                {details ? (
                  <div className="mt-2 text-xs text-muted">
                    <p>
                      Served by <code>{entry.component}</code> · {entry.category}
                    </p>
                    <ul className="mt-1 flex flex-wrap gap-1">
                      {entry.features.map((f) => (
                        <li key={f} className="badge badge-ghost badge-sm">
                          {f}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
