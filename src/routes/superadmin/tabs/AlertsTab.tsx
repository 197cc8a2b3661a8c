import { ALERT_VIEWS } from "@shared/console/alerts";
import { okSchema } from "@shared/console/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import {
  Badge,
  Card,
  ChoiceSelect,
  ConsoleIcon,
  EmptyState,
  ErrorCard,
  FilterSelect,
  ListSkeleton,
  Pagination,
  QueryCardBody,
  StatCard,
  StatGridSkeleton,
  TabHeader,
  usePage,
} from "@/components/ui";
import { api } from "@/lib/api";
import { adminKeys, useAlertSummary, useAlerts } from "../console/api";
import { pastTimeAgo, priorityDotClass } from "../console/display";
import { AlertDetailsDialog, PRIORITY_VARIANT } from "./AlertDetailsDialog";
import { DeliveriesCard } from "./DeliveriesCard";

const PRIORITY_FILTERS = [
  { value: "high", label: "Urgent and high" },
  { value: "medium_low", label: "Medium and low" },
] as const;

const REFRESH_HINT = "Please try refreshing the page or contact support if the issue persists.";
const VIEW_LABELS: Record<(typeof ALERT_VIEWS)[number], string> = {
  active: "Active",
  unread: "Unread",
  resolved: "Resolved",
  all: "All",
};

/** Spec 2 §2 Alerts & Notifications, with working View Details and Resolve. */
export function AlertsTab() {
  const summary = useAlertSummary();
  const [view, setView] = useState<(typeof ALERT_VIEWS)[number]>("active");
  const [priority, setPriority] = useState("");
  const { page, setPage, filtering } = usePage();
  const [showAll, setShowAll] = useState(false);
  const list = useAlerts({ view, priority, page: showAll ? page : 1 });
  const [viewing, setViewing] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const resolve = useMutation({
    mutationFn: (id: string) =>
      api(`/api/admin/alerts/${encodeURIComponent(id)}/resolve`, okSchema, { method: "POST" }),
    onSuccess: () => {
      toast({ title: "Alert resolved", description: "The alert is marked as handled." });
      void queryClient.invalidateQueries({ queryKey: adminKeys.alerts });
      void queryClient.invalidateQueries({ queryKey: adminKeys.sentiment });
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to resolve the alert. Please try again.", variant: "destructive" }),
  });

  const s = summary.data;
  return (
    <div className="space-y-6">
      <TabHeader
        title="Alerts & Notifications"
        description="Risk alerts raised by check-ins across every organization."
      />
      {summary.isError ? (
        <ErrorCard
          title={`Error loading alerts: ${summary.error.message}`}
          hint={REFRESH_HINT}
          onRetry={() => void summary.refetch()}
        />
      ) : s ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard testId="alerts-active" label="Total Active" value={s.totalActive} icon="bell" />
          <StatCard label="High Priority" value={s.highPriority} hint="Urgent and high" icon="alert" />
          <StatCard label="Medium / Low" value={s.mediumLow} icon="activity" />
        </div>
      ) : (
        <StatGridSkeleton count={3} />
      )}

      <Card
        title={`${VIEW_LABELS[view]} alerts${list.data ? ` (${list.data.total})` : ""}`}
        bodyClassName=""
        actions={
          <div className="flex flex-wrap gap-2">
            <ChoiceSelect
              className="w-44"
              label="Which alerts"
              value={view}
              onChange={filtering(setView)}
              options={ALERT_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
            />
            <FilterSelect
              className="w-44"
              label="Priority"
              value={priority}
              onChange={filtering(setPriority)}
              allLabel="All priorities"
              options={PRIORITY_FILTERS}
            />
          </div>
        }
      >
        <QueryCardBody
          query={list}
          loading={<ListSkeleton rows={5} label="Loading alerts" />}
          error={(message) => ({ title: `Error loading alerts: ${message}`, hint: REFRESH_HINT })}
          isEmpty={(data) => data.items.length === 0}
          empty={<EmptyState icon="check" title={view === "active" ? "No active alerts" : "No alerts found"} />}
        >
          {(data) => (
            <>
              <ul className="divide-y divide-base-300">
                {data.items.map((alert) => (
                  <li
                    key={alert.id}
                    className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start"
                    data-testid="alert-row"
                  >
                    <span
                      className={`mt-1.5 hidden size-2.5 shrink-0 rounded-full sm:block ${priorityDotClass(alert.priority)}`}
                      aria-hidden="true"
                    />
                    <div className="min-w-0 flex-1 space-y-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <Badge variant={PRIORITY_VARIANT[alert.priority]}>{alert.priority}</Badge>
                        <Badge variant="outline">{alert.alert_type}</Badge>
                        {alert.status === "unread" ? <Badge variant="secondary">new</Badge> : null}
                        {alert.status === "resolved" ? <Badge variant="success">resolved</Badge> : null}
                      </div>
                      <p className="text-sm font-medium">{alert.message}</p>
                      <p className="text-xs text-muted">
                        {alert.user_name} · {alert.organization_name} · {pastTimeAgo(alert.created_at)}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setViewing(alert.id)}>
                        View Details
                      </button>
                      {alert.status !== "resolved" ? (
                        <button
                          type="button"
                          className="btn btn-sm"
                          onClick={() => resolve.mutate(alert.id)}
                          disabled={resolve.isPending && resolve.variables === alert.id}
                        >
                          {resolve.isPending && resolve.variables === alert.id ? (
                            <span className="loading loading-spinner loading-xs" />
                          ) : (
                            <ConsoleIcon name="check" className="size-4" />
                          )}
                          Resolve
                        </button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
              {showAll ? (
                <Pagination page={page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="alerts" />
              ) : data.total > data.items.length ? (
                <div className="border-t border-base-300 p-3 text-center">
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setShowAll(true)}>
                    View All {data.total} Alerts
                  </button>
                </div>
              ) : null}
            </>
          )}
        </QueryCardBody>
      </Card>

      <DeliveriesCard />

      {viewing ? (
        <AlertDetailsDialog
          id={viewing}
          onClose={() => setViewing(null)}
          onResolve={(id) => resolve.mutate(id, { onSuccess: () => setViewing(null) })}
          resolving={resolve.isPending}
        />
      ) : null}
    </div>
  );
}
