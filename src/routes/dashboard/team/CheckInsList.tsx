import { plural } from "@shared/plural";
import type { CheckInListItem } from "@shared/team";
import { timeAgo } from "@shared/time";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ConfirmDialog, Modal, PanelSkeleton, useTabs } from "@/components/ui";
import { useCheckInAction, useCheckIns } from "../data/team";
import { fullName } from "../labels";
import { HandOverLink } from "./HandOverLink";

const FILTERS = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "completed", label: "Completed" },
  { value: "expired", label: "Expired" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];

const STATUS_BADGE: Record<CheckInListItem["status"], string> = {
  pending: "badge-info badge-soft",
  completed: "badge-success badge-soft",
  expired: "badge-ghost",
};

function when(item: CheckInListItem): string {
  if (item.status === "completed" && item.completedAt) return `Completed ${timeAgo(item.completedAt)}`;
  if (item.status === "pending") {
    const started = item.startedAt ? "In progress · " : "";
    return `${started}Sent ${timeAgo(item.invitedAt ?? item.createdAt)} · expires ${timeAgo(item.expiresAt)}`;
  }
  return `Sent ${timeAgo(item.invitedAt ?? item.createdAt)} · not answered`;
}

/**
 * The organization's check-ins (or one member's), newest first, with resend and revoke. For
 * a member without an email, Resend is "Copy link": the answer carries the link again. A
 * paused member's open check-in has no Resend, only the reason.
 */
export function CheckInsList({ teamMemberId }: { teamMemberId?: string }) {
  const [filter, setFilter] = useState<Filter>("all");
  const tabProps = useTabs(
    FILTERS.map((option) => option.value),
    filter,
    setFilter,
  );
  const list = useCheckIns(filter, teamMemberId);
  const resend = useCheckInAction("resend");
  const revoke = useCheckInAction("revoke");
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [handOver, setHandOver] = useState<{ url: string; firstName: string; id: string } | null>(null);

  const onResend = (item: CheckInListItem) =>
    resend.mutate(item.id, {
      onSuccess: (result) =>
        result.url
          ? setHandOver({ url: result.url, firstName: item.teamMember.firstName, id: item.id })
          : toast(
              result.email === "failed"
                ? {
                    title: "The email could not be sent",
                    description: "Please try again in a moment.",
                    variant: "destructive",
                  }
                : { title: "Check-in resent", description: `Emailed to ${item.teamMember.email}.` },
            ),
      onError: (error) => toast({ title: "Could not resend", description: error.message, variant: "destructive" }),
    });
  // The app's own dialog, not the browser's confirm box (which automation dismisses unseen).
  const [revoking, setRevoking] = useState<CheckInListItem | null>(null);
  const onRevoke = (item: CheckInListItem) =>
    revoke.mutate(item.id, {
      onSuccess: () => toast({ title: "Check-in revoked", description: "The link no longer works." }),
      onError: (error) => toast({ title: "Could not revoke", description: error.message, variant: "destructive" }),
      onSettled: () => setRevoking(null),
    });

  return (
    <div className="flex flex-col gap-3" data-testid="check-ins">
      <div role="tablist" className="tabs tabs-box tabs-sm w-fit" aria-label="Filter check-ins">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            {...tabProps(option.value)}
            className={`tab ${filter === option.value ? "tab-active" : ""}`}
            onClick={() => setFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      {list.isPending ? <PanelSkeleton rows={2} /> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-error">
          Could not load check-ins.{" "}
          <button type="button" className="link" onClick={() => list.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {list.isSuccess && items.length === 0 ? (
        <p className="text-sm text-muted">{filter === "all" ? "No check-ins sent yet." : `No ${filter} check-ins.`}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-base-300">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            data-check-in={item.id}
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                {teamMemberId ? null : <span className="font-medium">{fullName(item.teamMember)}</span>}
                <span className={`badge badge-sm ${STATUS_BADGE[item.status]}`} data-testid="check-in-status">
                  {item.status}
                </span>
                {item.source === "scheduled" ? <span className="badge badge-sm badge-outline">scheduled</span> : null}
              </p>
              <p className="mt-0.5 text-xs text-muted">
                {when(item)}
                {item.reminderCount > 0
                  ? ` · ${item.reminderCount} ${plural(item.reminderCount, "reminder")} sent`
                  : ""}
              </p>
            </div>
            {item.status === "pending" ? (
              <div className="flex shrink-0 items-center gap-2">
                {item.teamMember.status === "active" ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline"
                    onClick={() => onResend(item)}
                    disabled={resend.isPending && resend.variables === item.id}
                  >
                    {item.teamMember.email === null ? "Copy link" : "Resend"}
                  </button>
                ) : (
                  // No resend for a paused member: no emails reach them (the API refuses it too).
                  <span className="text-xs text-muted" data-testid="resend-paused">
                    Paused: resume {item.teamMember.firstName} to resend
                  </span>
                )}
                <button
                  type="button"
                  className="btn btn-sm btn-ghost text-error-strong"
                  onClick={() => setRevoking(item)}
                  disabled={revoke.isPending && revoke.variables === item.id}
                >
                  Revoke
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm self-start"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage ? <span className="loading loading-spinner loading-xs" /> : null}
          Load more
        </button>
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title="Revoke check-in"
          message={`Revoke ${revoking.teamMember.firstName}'s check-in? The link will stop working.`}
          confirmLabel="Revoke"
          busyLabel="Revoking…"
          destructive
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() => onRevoke(revoking)}
        />
      ) : null}
      {handOver ? (
        <Modal
          title={`${handOver.firstName}'s check-in link`}
          onClose={() => setHandOver(null)}
          returnFocus={() =>
            document.querySelector<HTMLButtonElement>(`li[data-check-in="${CSS.escape(handOver.id)}"] button`)
          }
        >
          <HandOverLink url={handOver.url} firstName={handOver.firstName} />
        </Modal>
      ) : null}
    </div>
  );
}
