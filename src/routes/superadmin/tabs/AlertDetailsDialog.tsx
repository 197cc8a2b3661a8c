import type { AdminAlert } from "@shared/console/alerts";
import { okSchema } from "@shared/console/common";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Badge, type BadgeVariant, ConsoleIcon, ErrorCard, ListSkeleton, Modal } from "@/components/ui";
import { api } from "@/lib/api";
import { adminKeys, useAlertDetail } from "../console/api";
import { formatTimestamp } from "../console/display";

export const PRIORITY_VARIANT: Record<AdminAlert["priority"], BadgeVariant> = {
  urgent: "destructive",
  high: "destructive",
  medium: "warning",
  low: "outline",
};

/** One alert in full (Alerts & Notifications → View Details), with Resolve; opening it marks it read. */
export function AlertDetailsDialog({
  id,
  onClose,
  onResolve,
  resolving,
}: {
  id: string;
  onClose: () => void;
  onResolve: (id: string) => void;
  resolving: boolean;
}) {
  const detail = useAlertDetail(id);
  const queryClient = useQueryClient();
  const status = detail.data?.alert.status;

  // Opening an unread alert marks it read: it leaves the bell, and stays active until resolved.
  useEffect(() => {
    if (status !== "unread") return;
    void api(`/api/admin/alerts/${encodeURIComponent(id)}/read`, okSchema, { method: "POST" })
      .then(() => queryClient.invalidateQueries({ queryKey: adminKeys.alerts }))
      .catch(() => undefined);
  }, [id, status, queryClient]);

  const data = detail.data;
  return (
    <Modal
      title="Alert details"
      onClose={onClose}
      size="lg"
      footer={
        data && data.alert.status !== "resolved" ? (
          <button type="button" className="btn btn-primary" onClick={() => onResolve(id)} disabled={resolving}>
            {resolving ? (
              <span className="loading loading-spinner loading-sm" />
            ) : (
              <ConsoleIcon name="check" className="size-4" />
            )}
            Resolve
          </button>
        ) : undefined
      }
    >
      {detail.isPending ? (
        <ListSkeleton rows={3} label="Loading alert" />
      ) : detail.isError ? (
        <ErrorCard
          title="Could not load the alert"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
        />
      ) : data ? (
        <div className="space-y-5 text-sm">
          <div className="flex flex-wrap gap-2">
            <Badge variant={PRIORITY_VARIANT[data.alert.priority]}>{data.alert.priority}</Badge>
            <Badge variant="outline">{data.alert.alert_type}</Badge>
            <Badge variant="muted">{data.alert.category.replaceAll("_", " ")}</Badge>
            <Badge variant={data.alert.status === "resolved" ? "success" : "secondary"}>{data.alert.status}</Badge>
          </div>
          <p className="text-base font-medium">{data.alert.message}</p>
          <dl className="grid gap-3 sm:grid-cols-2">
            <div>
              <dt className="text-muted">Organization</dt>
              <dd className="font-medium">{data.alert.organization_name}</dd>
            </div>
            <div>
              <dt className="text-muted">Salesperson</dt>
              <dd className="font-medium">
                {data.teamMember
                  ? `${data.teamMember.name}${data.teamMember.jobTitle ? `, ${data.teamMember.jobTitle}` : ""}`
                  : data.alert.user_name}
              </dd>
              {data.teamMember ? <dd className="text-muted">{data.teamMember.email ?? "No email"}</dd> : null}
            </div>
            <div>
              <dt className="text-muted">Raised</dt>
              <dd>{formatTimestamp(data.alert.created_at)}</dd>
            </div>
            <div>
              <dt className="text-muted">Resolved</dt>
              <dd>
                {data.alert.resolved_at
                  ? `${formatTimestamp(data.alert.resolved_at)}${data.resolvedBy ? ` by ${data.resolvedBy}` : ""}`
                  : "Not yet"}
              </dd>
            </div>
          </dl>
          {data.scores ? (
            <div>
              <p className="font-semibold">Scores from that check-in</p>
              <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
                {(
                  [
                    ["Morale", data.scores.morale],
                    ["Confidence", data.scores.confidence],
                    ["Stress", data.scores.stress],
                    ["Sales strength", data.scores.sales_strength],
                    ["Blockers", data.scores.blockers],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-field bg-base-200 p-2 text-center">
                    <p className="text-xs text-muted">{label}</p>
                    <p className="text-lg font-semibold tabular-nums">{value}</p>
                  </div>
                ))}
              </div>
            </div>
          ) : null}
          <p className="text-xs text-muted">
            The conversation itself stays private: managers and operators see scores, themes and alerts, never the
            transcript.
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
