import type { OrganizationDetail } from "@shared/console/organizations";
import { roleLabel } from "@shared/domain";
import { formatDate } from "@shared/time";
import {
  Badge,
  DailyLimitsList,
  ErrorCard,
  ListSkeleton,
  Modal,
  organizationStatusLabel,
  organizationStatusVariant,
} from "@/components/ui";
import { useOrganizationDetail } from "../console/api";
import { formatTimestamp, usd } from "../console/display";

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
            <Badge variant={organizationStatusVariant(data.organization.status)}>
              {organizationStatusLabel(data.organization.status)}
            </Badge>
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
              <p className="mt-1 text-sm text-soft" data-testid="organization-billing">
                {billingText(data)}
              </p>
            </div>
            <div>
              <h3 className="text-sm font-semibold">Last check-in</h3>
              <p className="mt-1 text-sm text-soft">
                {data.checkIns.lastCompletedAt ? formatTimestamp(data.checkIns.lastCompletedAt) : "None completed yet"}
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

/** What the subscription or the trial says, with how it ends (issue 25 §1: through the webhook). */
function billingText(data: OrganizationDetail): string {
  const subscription = data.subscription;
  if (subscription) {
    const parts = [
      `Subscription ${subscription.status.replaceAll("_", " ")}`,
      `${subscription.salespersonCount} billable`,
      `${usd(subscription.monthlyCost)}/month`,
    ];
    if (subscription.cancelAtPeriodEnd) {
      parts.push(`cancelled, ends ${formatDate(subscription.cancelAt ?? subscription.currentPeriodEnd ?? Date.now())}`);
    } else if (subscription.endedAt) {
      parts.push(`ended ${formatDate(subscription.endedAt)}`);
    } else if (subscription.currentPeriodEnd) {
      parts.push(`renews ${formatDate(subscription.currentPeriodEnd)}`);
    }
    if (!subscription.liveInStripe && !subscription.endedAt) parts.push("billed outside Stripe");
    return parts.join(" · ");
  }
  if (data.trial) {
    const ends = data.trial.endsAt > Date.now() ? "until" : "ended";
    return `Free trial ${ends} ${formatDate(data.trial.endsAt)}${data.trial.chosen ? "" : " · no plan chosen yet"}`;
  }
  return "No subscription or trial";
}
