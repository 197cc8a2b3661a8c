import { useRef, useState } from "react";
import { ConsoleIcon } from "@/components/ui";
import { useDismiss } from "@/components/useDismiss";
import { useNotifications } from "./api";
import { badgeText, cutMessage, pastTimeAgo, priorityDotClass } from "./display";

/**
 * Spec 2 §2: the bell with the unread count (99+ above 99) and the 'Platform Notifications'
 * dropdown: at most 5 unread alerts with priority dots, messages cut to 50 characters,
 * 'View all N notifications' when there are more, 'No new notifications' when none.
 */
export function NotificationBell({ onViewAll }: { onViewAll: () => void }) {
  const notifications = useNotifications();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useDismiss(open, () => setOpen(false), root);

  const unread = notifications.data?.unreadCount ?? 0;
  const badge = badgeText(unread);
  const items = notifications.data?.items ?? [];

  return (
    <div className="relative" ref={root}>
      <button
        type="button"
        className="btn btn-ghost btn-circle relative"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((v) => !v)}
      >
        <ConsoleIcon name="bell" className="size-5" />
        {/* The name is the visible badge inside words: "Notifications 4 unread". */}
        <span className="sr-only">Notifications</span>
        {badge ? (
          <>
            <span
              className="badge badge-error badge-xs absolute -top-0.5 -right-0.5 h-5 min-w-5 px-1 font-semibold"
              data-testid="notification-badge"
            >
              {badge}
            </span>
            <span className="sr-only"> unread</span>
          </>
        ) : null}
      </button>
      {open ? (
        <div
          // On a phone the bell is not at the header's right end, so a panel hung from it ran off the
          // left edge: there it spans the screen under the header instead.
          className="fixed inset-x-4 top-16 z-50 mt-2 rounded-box border border-base-300 bg-base-100 shadow-xl sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:w-[22rem]"
          role="dialog"
          aria-label="Platform Notifications"
        >
          <div className="flex items-center justify-between border-b border-base-300 px-4 py-3">
            <p className="font-semibold">Platform Notifications</p>
            {unread > 0 ? <span className="text-xs text-muted">{unread} unread</span> : null}
          </div>
          {notifications.isPending ? (
            <div className="p-4">
              <div className="skeleton h-4 w-full" />
              <div className="skeleton mt-2 h-4 w-2/3" />
            </div>
          ) : notifications.isError ? (
            <p className="p-4 text-sm text-error">Could not load notifications.</p>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-soft">No new notifications</p>
          ) : (
            <ul className="max-h-80 divide-y divide-base-300 overflow-y-auto">
              {items.map((item) => (
                <li key={item.id} className="flex gap-3 px-4 py-3" data-testid="notification-item">
                  <span
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${priorityDotClass(item.priority)}`}
                    role="img"
                    aria-label={`${item.priority} priority`}
                  />
                  <div className="min-w-0">
                    <p className="text-sm" title={item.message}>
                      {cutMessage(item.message)}
                    </p>
                    <p className="mt-0.5 text-xs text-muted">
                      {item.organization_name} · {pastTimeAgo(item.created_at)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {unread > items.length ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm w-full rounded-t-none border-t border-base-300"
              onClick={() => {
                setOpen(false);
                onViewAll();
              }}
            >
              View all {unread} notifications
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
