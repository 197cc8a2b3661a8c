import type { CoachingAction } from "@shared/insights";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { COACHING_BADGE } from "../labels";

/** Coaching actions: what to do this week, with the figures behind each. */
export function CoachingList({
  actions,
  names,
  emptyText = "No coaching actions right now.",
}: {
  actions: readonly CoachingAction[];
  /** id → first name, to link an action to the person it is about. */
  names?: ReadonlyMap<string, string>;
  emptyText?: string;
}) {
  if (actions.length === 0) return <p className="text-sm text-soft">{emptyText}</p>;
  return (
    <ol className="flex flex-col gap-3" data-testid="coaching-actions">
      {actions.map((action) => {
        const badge = COACHING_BADGE[action.priority];
        const [only] = action.teamMemberIds.length === 1 ? action.teamMemberIds : [];
        const name = only ? names?.get(only) : undefined;
        return (
          <li
            key={action.id}
            className="rounded-field border border-base-300 bg-base-100 p-3"
            data-coaching={action.id}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className={`badge badge-sm ${badge.className}`}>{badge.label}</span>
              {action.source === "ai" ? (
                <span className="badge badge-sm badge-primary badge-soft">
                  <Icon name="sparkle" className="size-3" />
                  AI
                </span>
              ) : null}
            </div>
            <p className="mt-1.5 flex items-start gap-2 font-semibold leading-snug">
              <Icon name="target" className="mt-0.5 size-4 text-primary" />
              {action.title}
            </p>
            <p className="mt-1 pl-6 text-sm leading-relaxed text-soft">{action.detail}</p>
            {only && name ? (
              <Link
                to={`/dashboard/team/${encodeURIComponent(only)}`}
                className="link link-primary mt-1 ml-6 inline-block text-sm"
              >
                Open {name}'s insights
              </Link>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
