import type { AlertItem } from "@shared/insights";
import { timeAgo } from "@shared/time";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { toast } from "@/components/toast/toast-store";
import { useResolveAlert } from "../data/insights";
import { alertCategoryLabel, fullName, PRIORITY_BADGE } from "../labels";

type Group = { key: string; name: string; memberId: string | null; alerts: AlertItem[] };

function byPerson(alerts: readonly AlertItem[]): Group[] {
  const groups = new Map<string, Group>();
  for (const alert of alerts) {
    const key = alert.teamMember?.id ?? "unknown";
    const group = groups.get(key) ?? {
      key,
      name: alert.teamMember ? fullName(alert.teamMember) : "A former team member",
      memberId: alert.teamMember?.id ?? null,
      alerts: [],
    };
    group.alerts.push(alert);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Open risk alerts, grouped by the person they are about, each resolvable. */
export function AlertsPanel({
  alerts,
  total,
  showNames = true,
}: {
  alerts: readonly AlertItem[];
  total: number;
  showNames?: boolean;
}) {
  const resolve = useResolveAlert();
  const open = alerts.filter((alert) => alert.status !== "resolved");
  const root = useRef<HTMLDivElement>(null);
  // The pressed Resolve button leaves with its alert: focus moves to the next alert's button
  // (or the panel, once none is left) instead of falling back to the top of the page.
  const resolved = useRef<{ id: string; index: number } | null>(null);
  const openIds = open.map((alert) => alert.id).join(" ");
  useEffect(() => {
    const last = resolved.current;
    if (!last || openIds.split(" ").includes(last.id)) return;
    resolved.current = null;
    const active = document.activeElement;
    if (active && active !== document.body && !root.current?.contains(active)) return; // they moved on
    const buttons = root.current?.querySelectorAll<HTMLButtonElement>("button[data-resolve]") ?? [];
    (buttons[Math.min(last.index, buttons.length - 1)] ?? root.current)?.focus();
  }, [openIds]);
  const onResolve = (alert: AlertItem) => {
    // Its place among the buttons, in the order they are drawn (grouped by person).
    const index = byPerson(open)
      .flatMap((group) => group.alerts)
      .indexOf(alert);
    resolved.current = { id: alert.id, index };
    resolve.mutate(alert.id, {
      onSuccess: () => toast({ title: "Alert resolved", description: alertCategoryLabel(alert.category) }),
      onError: (error) =>
        toast({ title: "Could not resolve the alert", description: error.message, variant: "destructive" }),
    });
  };

  if (open.length === 0) {
    return (
      <div ref={root} tabIndex={-1} className="focus:outline-none">
        <p className="flex items-center gap-2 text-sm text-soft" data-testid="alerts-empty">
          <span className="size-2 rounded-full bg-success" aria-hidden="true" />
          No open risk alerts. Alerts appear here when a check-in crosses a risk line.
        </p>
      </div>
    );
  }
  return (
    <div ref={root} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none" data-testid="alerts-panel">
      {byPerson(open).map((group) => (
        <section
          key={group.key}
          className="rounded-field border border-base-300 bg-base-100 p-3"
          aria-label={group.name}
        >
          {showNames ? (
            <h3 className="mb-2 font-semibold">
              {group.memberId ? (
                <Link to={`/dashboard/team/${encodeURIComponent(group.memberId)}`} className="link link-hover">
                  {group.name}
                </Link>
              ) : (
                group.name
              )}
            </h3>
          ) : null}
          <ul className="flex flex-col gap-2">
            {group.alerts.map((alert) => (
              <li
                key={alert.id}
                className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between"
                data-alert={alert.category}
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className={`badge badge-sm ${PRIORITY_BADGE[alert.priority]}`}>{alert.priority}</span>
                    <span className="font-medium">{alertCategoryLabel(alert.category)}</span>
                    <span className="text-xs text-muted">{timeAgo(alert.createdAt)}</span>
                  </p>
                  <p className="mt-1 text-sm text-soft">{alert.message}</p>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline shrink-0 self-start"
                  data-resolve=""
                  onClick={() => onResolve(alert)}
                  disabled={resolve.isPending && resolve.variables === alert.id}
                >
                  {resolve.isPending && resolve.variables === alert.id ? (
                    <span className="loading loading-spinner loading-xs" />
                  ) : null}
                  Resolve
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {total > open.length ? (
        <p className="text-xs text-muted">
          Showing the {open.length} most urgent of {total} open alerts.
        </p>
      ) : null}
    </div>
  );
}
