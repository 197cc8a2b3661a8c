import { roleLabel } from "@shared/domain";
import { Badge, DailyLimitsList, ErrorCard, ListSkeleton, Modal, organizationStatusVariant } from "@/components/ui";
import { useOrganizationDetail } from "../console/api";
import { formatDate, formatDateTime, usd } from "../console/display";

/** One organization's details (Business Management, Overview, Billing and Support open it). */
export function OrganizationDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useOrganizationDetail(id);
  const data = detail.data;
  return (
    <Modal
      title={data?.organization.name ?? "Organization"}
      description={data?.organization.domain ?? undefined}
      onClose={onClose}
      size="lg"
    >
      {detail.isPending ? (
        <ListSkeleton rows={4} label="Loading organization" />
      ) : detail.isError ? (
        <ErrorCard
          title="Could not load the organization"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
        />
      ) : data ? (
        <div className="space-y-5">
          <div className="flex flex-wrap gap-2">
            <Badge variant={organizationStatusVariant(data.organization.status)}>{data.organization.status}</Badge>
            <Badge variant="outline">{data.organization.subscriptionTier}</Badge>
            <Badge variant="muted">{data.organization.industry ?? "Industry not specified"}</Badge>
          </div>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ["Users", data.organization.userCount],
              ["Active salespeople", data.teamMembers.active],
              ["Check-ins (30 days)", data.organization.activityCount],
              ["Open alerts", data.openAlerts],
              ["Check-ins completed", data.checkIns.completed],
              ["Pending check-ins", data.checkIns.pending],
              ["Inactive salespeople", data.teamMembers.inactive],
              ["Created", formatDate(data.organization.createdAt)],
            ].map(([label, value]) => (
              <div key={String(label)} className="rounded-field bg-base-200 p-3">
                <dt className="text-xs text-muted">{label}</dt>
                <dd className="mt-0.5 font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <h3 className="text-sm font-semibold">Billing</h3>
              <p className="mt-1 text-sm text-soft">
                {data.subscription
                  ? `Subscription ${data.subscription.status} · ${data.subscription.salespersonCount} billable · ${usd(data.subscription.monthlyCost)}/month`
                  : data.trial
                    ? `Free trial (${data.trial.status}) until ${formatDate(data.trial.endsAt)}`
                    : "No subscription or trial"}
              </p>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Last check-in</h3>
              <p className="mt-1 text-sm text-soft">
                {data.checkIns.lastCompletedAt ? formatDateTime(data.checkIns.lastCompletedAt) : "None completed yet"}
              </p>
            </div>
          </div>
          <div>
            <h3 className="text-sm font-semibold">Today's limits</h3>
            <p className="mb-2 text-xs text-muted">Its daily caps, used so far today (UTC).</p>
            <DailyLimitsList limits={data.dailyLimits} />
          </div>
          <div>
            <h3 className="text-sm font-semibold">Accounts</h3>
            {data.accounts.length === 0 ? (
              <p className="mt-1 text-sm text-soft">No sign-in accounts belong to this organization.</p>
            ) : (
              <ul className="mt-2 divide-y divide-base-300 rounded-field border border-base-300">
                {data.accounts.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="min-w-0">
                      <span className="font-medium">{a.name}</span>
                      <span className="block truncate text-muted">{a.email}</span>
                    </span>
                    <Badge variant="outline">{roleLabel(a.role)}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
    </Modal>
  );
}
