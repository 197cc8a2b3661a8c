import type { AdminSubscription } from "@shared/console/billing";
import { PRICE_PER_SALESPERSON_USD } from "@shared/domain";
import { formatDate } from "@shared/time";
import { useState } from "react";
import {
  Badge,
  Card,
  ConsoleIcon,
  EmptyState,
  ErrorCard,
  FilterSelect,
  ListSkeleton,
  Modal,
  PagedCardBody,
  StatCard,
  StatGridSkeleton,
  TabHeader,
  usePage,
} from "@/components/ui";
import { useBillingSummary, useSubscriptions } from "../console/api";
import { usd } from "../console/display";
import { OrganizationDetailsDialog } from "./OrganizationDetailsDialog";

const SUBSCRIPTION_FILTERS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Not active" },
] as const;

const REFRESH_HINT = "Please try refreshing the page or contact support if the issue persists.";

/** Spec 2 §2 Billing & Plan Management, at $2.00 per billable salesperson a month. */
export function BillingTab() {
  const summary = useBillingSummary();
  const [status, setStatus] = useState("");
  const { page, setPage, filtering } = usePage();
  const list = useSubscriptions({ status, page });
  const [managing, setManaging] = useState<AdminSubscription | null>(null);

  const s = summary.data;
  return (
    <div className="space-y-6">
      <TabHeader title="Billing & Plan Management" description="Subscriptions and revenue across the platform." />
      {summary.isError ? (
        <ErrorCard
          title={`Error loading billing data: ${summary.error.message}`}
          hint={REFRESH_HINT}
          onRetry={() => void summary.refetch()}
        />
      ) : s ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            testId="billing-subscriptions"
            label="Total Subscriptions"
            value={s.totalSubscriptions}
            hint={`${s.activeSubscriptions} active · ${s.activeTrials} on free trial`}
            icon="card"
          />
          <StatCard
            testId="billing-revenue"
            label="Monthly Revenue"
            value={usd(s.monthlyRevenue)}
            hint="From active subscriptions"
            icon="trendUp"
          />
          <StatCard
            label="Billable Users"
            value={s.billableUsers}
            hint={`@${usd(PRICE_PER_SALESPERSON_USD)} per user/month`}
            icon="users"
          />
          <StatCard
            label="Avg Revenue / Organization"
            value={usd(s.averageRevenuePerOrganization)}
            hint="Per active subscription"
            icon="building"
          />
        </div>
      ) : (
        <StatGridSkeleton />
      )}

      <Card
        title="Organization subscriptions"
        bodyClassName=""
        actions={
          <FilterSelect
            className="w-44"
            label="Filter subscriptions"
            value={status}
            onChange={filtering(setStatus)}
            allLabel="All subscriptions"
            options={SUBSCRIPTION_FILTERS}
          />
        }
      >
        <PagedCardBody
          query={list}
          loading={<ListSkeleton rows={5} label="Loading subscriptions" />}
          error={(message) => ({ title: `Error loading billing data: ${message}`, hint: REFRESH_HINT })}
          empty={
            <EmptyState
              icon="card"
              title="No subscriptions found"
              hint="Subscriptions appear when an organization starts the Pro plan."
            />
          }
          pagination={{ page, onPage: setPage, label: "subscriptions" }}
        >
          {(data) => (
            <ul className="divide-y divide-base-300">
              {data.items.map((sub) => (
                <li key={sub.id} className="flex flex-wrap items-center gap-3 px-5 py-3" data-testid="subscription-row">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{sub.organization_name}</p>
                    <p className="text-sm text-muted">
                      {sub.current_salesperson_count} salespeople · {usd(sub.monthly_cost)}/month · since{" "}
                      {formatDate(sub.created_at)}
                      {sub.ends_at ? ` · cancelled, ends ${formatDate(sub.ends_at)}` : ""}
                      {sub.ended_at ? ` · ended ${formatDate(sub.ended_at)}` : ""}
                    </p>
                  </div>
                  <Badge variant={sub.subscription_status === "active" ? "success" : "muted"}>
                    {sub.subscription_status}
                  </Badge>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setManaging(sub)}>
                    Manage Billing
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedCardBody>
      </Card>

      {managing ? <ManageBillingDialog subscription={managing} onClose={() => setManaging(null)} /> : null}
    </div>
  );
}

function ManageBillingDialog({ subscription, onClose }: { subscription: AdminSubscription; onClose: () => void }) {
  const [viewOrganization, setViewOrganization] = useState(false);
  if (viewOrganization) return <OrganizationDetailsDialog id={subscription.organization_id} onClose={onClose} />;
  const rows: [string, string][] = [
    ["Status", subscription.subscription_status],
    ["Billable salespeople", String(subscription.current_salesperson_count)],
    [
      "Monthly cost",
      `${usd(subscription.monthly_cost)} (${subscription.current_salesperson_count} × ${usd(PRICE_PER_SALESPERSON_USD)})`,
    ],
    [
      "Current period ends",
      subscription.current_period_end ? formatDate(subscription.current_period_end) : "Not reported yet",
    ],
    ...(subscription.ends_at ? [["Cancelled, ends on", formatDate(subscription.ends_at)] as [string, string]] : []),
    ...(subscription.ended_at ? [["Ended on", formatDate(subscription.ended_at)] as [string, string]] : []),
    ["Subscribed since", formatDate(subscription.created_at)],
    ["Stripe customer", subscription.stripe_customer_id ?? "None yet"],
  ];
  return (
    <Modal
      title={subscription.organization_name}
      description="Billing is handled in Stripe; changes there reach Undertone through the webhook."
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={() => setViewOrganization(true)}>
            View organization
          </button>
          {subscription.stripe_customer_id ? (
            <a
              className="btn btn-primary"
              href={`https://dashboard.stripe.com/customers/${encodeURIComponent(subscription.stripe_customer_id)}`}
              target="_blank"
              rel="noreferrer"
            >
              <ConsoleIcon name="card" className="size-4" />
              Open in Stripe
            </a>
          ) : null}
        </>
      }
    >
      <dl className="divide-y divide-base-300 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-soft">{label}</dt>
            <dd className="text-right font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
