import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  type DeliveryChannel,
  type DeliveryStatus,
} from "@shared/notifications";
import { useState } from "react";
import {
  Badge,
  type BadgeVariant,
  Card,
  DataTable,
  EmptyState,
  FilterSelect,
  ListSkeleton,
  PagedCardBody,
  usePage,
} from "@/components/ui";
import { useDeliveries } from "@/routes/superadmin/console/api";
import { formatTimestamp, pastTimeAgo } from "@/routes/superadmin/console/display";

const STATUS_VARIANT: Record<DeliveryStatus, BadgeVariant> = {
  queued: "muted",
  sending: "secondary",
  retrying: "warning",
  delivered: "success",
  failed: "destructive",
};
const STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) }));
const CHANNEL_OPTIONS = DELIVERY_CHANNELS.map((value) => ({ value, label: DELIVERY_CHANNEL_LABELS[value] }));

/**
 * Alerts & Notifications → Deliveries: every alert email, digest, invitation and Slack post
 * the notifications queue handled, with its channel, status and attempts.
 */
export function DeliveriesCard() {
  const [status, setStatus] = useState<DeliveryStatus | "">("");
  const [channel, setChannel] = useState<DeliveryChannel | "">("");
  const { page, setPage, filtering } = usePage();
  const query = useDeliveries({ status, channel, page });
  const counts = query.data?.counts;
  return (
    <Card
      title="Notification deliveries"
      description={
        counts
          ? `${counts.delivered} delivered · ${counts.pending} on their way or retrying · ${counts.failed} failed`
          : "Alert emails, digests, invitations and Slack posts, as the queue delivered them."
      }
      bodyClassName=""
      actions={
        <div className="flex flex-wrap gap-2">
          <FilterSelect
            className="w-36"
            label="Delivery status"
            value={status}
            onChange={filtering(setStatus)}
            allLabel="All statuses"
            options={STATUS_OPTIONS}
          />
          <FilterSelect
            className="w-32"
            label="Channel"
            value={channel}
            onChange={filtering(setChannel)}
            allLabel="All channels"
            options={CHANNEL_OPTIONS}
          />
        </div>
      }
    >
      <PagedCardBody
        query={query}
        loading={<ListSkeleton rows={4} label="Loading deliveries" />}
        error={(message) => ({ title: `Error loading deliveries: ${message}` })}
        empty={<EmptyState icon="bell" title="No deliveries yet" />}
        pagination={{ page, onPage: setPage, label: "deliveries" }}
      >
        {(data) => (
          <DataTable
            label="Notification deliveries"
            columns={[
              { label: "What" },
              { label: "Channel" },
              { label: "To" },
              { label: "Status" },
              { label: "Attempts", numeric: true },
              { label: "When" },
            ]}
          >
            {data.items.map((d) => (
              <tr key={d.id} data-testid="delivery-row">
                <td className="max-w-72">
                  <p className="truncate font-medium" title={d.subject}>
                    {d.subject}
                  </p>
                  <p className="text-xs text-muted">
                    {d.kind} · {d.organizationName}
                  </p>
                </td>
                <td>{DELIVERY_CHANNEL_LABELS[d.channel]}</td>
                <td className="max-w-48 truncate" title={d.recipient}>
                  {d.recipient}
                </td>
                <td>
                  <Badge variant={STATUS_VARIANT[d.status]}>{d.status}</Badge>
                  {d.lastError && d.status !== "delivered" ? (
                    <p className="mt-1 max-w-48 truncate text-xs text-error" title={d.lastError}>
                      {d.lastError}
                    </p>
                  ) : null}
                </td>
                <td className="text-right tabular-nums">{d.attempts}</td>
                <td title={formatTimestamp(Date.parse(d.deliveredAt ?? d.createdAt))}>
                  {pastTimeAgo(Date.parse(d.deliveredAt ?? d.createdAt))}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </PagedCardBody>
    </Card>
  );
}
