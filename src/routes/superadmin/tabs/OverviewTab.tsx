import type { ActivityEvent } from "@shared/console/overview";
import { PLATFORM_USERS_SCOPE } from "@shared/console/users";
import { plural } from "@shared/plural";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  Badge,
  Card,
  ConsoleIcon,
  type ConsoleIconName,
  EmptyState,
  ErrorCard,
  ListSkeleton,
  organizationStatusLabel,
  organizationStatusVariant,
  QueryCardBody,
  StatCard,
  StatGridSkeleton,
  TabHeader,
} from "@/components/ui";
import { adminKeys, useOrganizations, usePlatformStats, useRecentActivity, useSystemStatus } from "../console/api";
import { growthRate, pastTimeAgo } from "../console/display";
import { OrganizationDetailsDialog } from "./OrganizationDetailsDialog";

const ACTIVITY_ICON: Record<ActivityEvent["kind"], ConsoleIconName> = {
  organization_created: "building",
  user_joined: "users",
  check_in_completed: "chat",
  alert_raised: "alert",
  operator_action: "shield",
  account_action: "activity",
};

const ACTIVITY_VERB: Record<ActivityEvent["kind"], string> = {
  organization_created: "New organization",
  user_joined: "Account created",
  check_in_completed: "Check-in completed",
  alert_raised: "Alert raised",
  operator_action: "Operator action",
  account_action: "Audit log",
};

/** Spec 2 §2 Overview: the platform's numbers from real SQL aggregates, activity and status. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: "businesses" | "settings") => void }) {
  const queryClient = useQueryClient();
  const stats = usePlatformStats();
  const activity = useRecentActivity();
  const organizations = useOrganizations({ page: 1, pageSize: 5 });
  const system = useSystemStatus(false);
  const [viewing, setViewing] = useState<string | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.stats });
    void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
    void queryClient.invalidateQueries({ queryKey: adminKeys.organizations });
    void queryClient.invalidateQueries({ queryKey: adminKeys.system });
  };

  const header = (
    <TabHeader
      title="Platform Overview"
      description="Every organization on Undertone at a glance."
      actions={
        <button type="button" className="btn btn-sm" onClick={refresh} disabled={stats.isFetching}>
          <ConsoleIcon name="refresh" className={`size-4 ${stats.isFetching ? "animate-spin" : ""}`} />
          Refresh
        </button>
      }
    />
  );

  if (stats.isError && !stats.data) {
    return (
      <div className="space-y-6">
        {header}
        <ErrorCard
          title="Error Loading Platform Data"
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
        />
      </div>
    );
  }

  const s = stats.data;
  const count = (n: number) => n.toLocaleString("en-US");
  const perOrganization = s && s.total_organizations > 0 ? Math.round(s.total_users / s.total_organizations) : 0;

  return (
    <div className="space-y-6">
      {header}
      {s ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            testId="stat-organizations"
            label="Total Organizations"
            value={s.total_organizations}
            hint={`+${s.new_organizations_last_30_days} this month`}
            icon="building"
          />
          <StatCard
            testId="stat-users"
            label="Platform Users"
            value={s.total_users}
            hint={`${PLATFORM_USERS_SCOPE}. ${perOrganization.toLocaleString("en-US")} per organization on average.`}
            icon="users"
          />
          <StatCard
            testId="stat-checkins"
            label="Check-ins This Week"
            value={s.checkins_last_7_days}
            hint={`${(s.checkins_last_7_days / 7).toLocaleString("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} per day on average`}
            icon="chat"
          />
          <StatCard
            testId="stat-growth"
            label="Check-in Growth"
            value={growthRate(s.checkins_last_7_days, s.checkins_previous_7_days)}
            hint={`Completed this week vs the week before: ${count(s.checkins_last_7_days)} vs ${count(s.checkins_previous_7_days)} · ${count(s.checkins_last_30_days)} in 30 days · ${count(s.total_checkins)} in all`}
            icon="trendUp"
          />
        </div>
      ) : (
        <StatGridSkeleton />
      )}

      <div className="grid gap-6 xl:grid-cols-3">
        <Card
          title="Recent Organizations"
          description="The newest five."
          className="xl:col-span-2"
          bodyClassName=""
          actions={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onOpenTab("businesses")}>
              Manage all
            </button>
          }
        >
          <QueryCardBody
            query={organizations}
            loading={<ListSkeleton rows={5} label="Loading organizations" />}
            error={(message) => ({ title: "Error Loading Platform Data", message })}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <EmptyState
                icon="building"
                title="No organizations yet"
                hint="Organizations appear here as they sign up."
              />
            }
          >
            {(data) => (
              <ul className="divide-y divide-base-300">
                {data.items.map((org) => (
                  <li key={org.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
                    <div className="min-w-0 grow basis-40">
                      <p className="truncate font-medium" data-testid="recent-organization-name">
                        {org.name}
                      </p>
                      <p className="truncate text-sm text-muted">{org.domain ?? "No domain set"}</p>
                    </div>
                    <Badge variant={organizationStatusVariant(org.status)}>{organizationStatusLabel(org.status)}</Badge>
                    <Badge variant="outline">{org.subscriptionTier}</Badge>
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setViewing(org.id)}>
                      View Details
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </QueryCardBody>
        </Card>

        <SystemStatusCard status={system} onOpenSettings={() => onOpenTab("settings")} />
      </div>

      <Card title="Recent Activity" description="The latest events across all organizations." bodyClassName="">
        <QueryCardBody
          query={activity}
          loading={<ListSkeleton rows={4} label="Loading activity" />}
          error={(message) => ({ title: "Could not load activity", message })}
          isEmpty={(data) => data.events.length === 0}
          empty={<EmptyState icon="activity" title="No activity yet" />}
        >
          {(data) => (
            <ul className="divide-y divide-base-300">
              {data.events.map((event) => (
                <li key={event.id} className="flex items-start gap-3 px-5 py-3">
                  <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-full bg-base-200 text-soft">
                    <ConsoleIcon name={ACTIVITY_ICON[event.kind]} className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    {/* A name without spaces (a pasted address, markup) wraps instead of widening a phone's page. */}
                    <p className="text-sm [overflow-wrap:anywhere]">
                      <span className="font-medium">{ACTIVITY_VERB[event.kind]}</span> · {event.title}
                    </p>
                    <p className="truncate text-sm text-muted">{event.detail}</p>
                  </div>
                  <span className="shrink-0 text-xs text-muted">{pastTimeAgo(event.at)}</span>
                </li>
              ))}
            </ul>
          )}
        </QueryCardBody>
      </Card>

      {viewing ? <OrganizationDetailsDialog id={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function SystemStatusCard({
  status,
  onOpenSettings,
}: {
  status: ReturnType<typeof useSystemStatus>;
  onOpenSettings: () => void;
}) {
  const data = status.data;
  // Issue 25 §7: every row is a real signal, and "System Healthy" only when all of them are.
  const healthy = data?.healthy ?? false;
  const rows: { label: string; value: string; ok: boolean | null }[] = data
    ? [
        ...data.checks.map((check) => ({ label: check.label, value: check.detail, ok: check.ok })),
        {
          label: "Payments",
          value: data.payments.configured ? "Stripe configured" : "Not configured",
          ok: null,
        },
      ]
    : [];
  return (
    <Card
      title="System Status"
      actions={
        data ? (
          <Badge variant={healthy ? "success" : "destructive"}>
            {healthy ? "System Healthy" : faults(data.checks.filter((check) => !check.ok).length)}
          </Badge>
        ) : null
      }
      bodyClassName="p-0"
    >
      {status.isPending ? (
        <ListSkeleton rows={4} label="Checking system status" />
      ) : status.isError ? (
        <div className="p-5">
          <ErrorCard
            title="Could not check the system"
            message={status.error.message}
            onRetry={() => void status.refetch()}
          />
        </div>
      ) : (
        <>
          <ul className="divide-y divide-base-300">
            {rows.map((row) => (
              <li
                key={row.label}
                className="px-5 py-3 text-sm"
                data-testid="system-check"
                data-ok={row.ok === null ? "info" : String(row.ok)}
              >
                <span className="flex items-center gap-2 font-medium">
                  <span
                    className={`size-2 shrink-0 rounded-full ${row.ok === null ? "bg-base-300" : row.ok ? "bg-success" : "bg-error"}`}
                    aria-hidden="true"
                  />
                  {row.label}
                  {row.ok === false ? <span className="sr-only">(fault)</span> : null}
                </span>
                <span
                  className={`mt-0.5 block pl-4 [overflow-wrap:anywhere] ${row.ok === false ? "text-error" : "text-soft"}`}
                >
                  {row.value}
                </span>
              </li>
            ))}
          </ul>
          <div className="border-t border-base-300 px-5 py-3">
            <button type="button" className="btn btn-ghost btn-xs" onClick={onOpenSettings}>
              Provider details
            </button>
          </div>
        </>
      )}
    </Card>
  );
}

const faults = (n: number) => `Degraded · ${n} ${plural(n, "fault")}`;
