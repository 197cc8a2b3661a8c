import { TEAM_SEARCH_MAX_CHARS, type TeamMember } from "@shared/team";
import { timeAgo } from "@shared/time";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { Panel, SearchInput } from "@/components/ui";
import { fullName } from "../labels";

/** A list this long gets a search box; a short one reads at a glance. */
const SEARCH_FROM = 10;

export type MemberActions = {
  send: (member: TeamMember) => void;
  edit: (member: TeamMember) => void;
  togglePause: (member: TeamMember) => void;
  remove: (member: TeamMember) => void;
  /** The member whose pause or resume is on its way (its button waits). */
  pausingId: string | null;
};

function StatusLine({ member }: { member: TeamMember }) {
  if (member.status === "inactive") return <span className="badge badge-sm badge-ghost">Paused</span>;
  const last = member.lastCheckIn;
  if (!last) return <span className="text-xs text-muted">No check-in yet</span>;
  if (last.status === "completed" && last.completedAt) {
    return <span className="text-xs text-soft">Checked in {timeAgo(last.completedAt)}</span>;
  }
  if (last.status === "pending") return <span className="badge badge-sm badge-info badge-soft">Check-in waiting</span>;
  return <span className="text-xs text-muted">Last check-in expired</span>;
}

function MemberRow({ member, actions }: { member: TeamMember; actions: MemberActions }) {
  return (
    <li
      className="flex flex-col gap-3 py-3 md:flex-row md:items-center"
      data-member={member.email ?? undefined}
      data-member-id={member.id}
    >
      <div className="min-w-0 flex-1">
        <Link to={`/dashboard/team/${encodeURIComponent(member.id)}`} className="link link-hover font-semibold">
          {fullName(member)}
        </Link>
        {member.jobTitle || member.region ? (
          <p className="truncate text-sm text-muted">{[member.jobTitle, member.region].filter(Boolean).join(" · ")}</p>
        ) : null}
        <p className="truncate text-sm text-muted">{member.email ?? "No email"}</p>
      </div>
      <div className="md:w-44">
        <StatusLine member={member} />
      </div>
      <div className="flex flex-wrap gap-1">
        {member.status === "active" && member.lastCheckIn?.status !== "pending" ? (
          <button
            type="button"
            className="btn btn-sm btn-primary w-full sm:w-auto"
            onClick={() => actions.send(member)}
          >
            <Icon name="send" className="size-4" />
            Send check-in
          </button>
        ) : null}
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => actions.edit(member)}>
          Edit
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost px-2.5"
          onClick={() => actions.togglePause(member)}
          disabled={actions.pausingId === member.id}
        >
          {member.status === "active" ? "Pause" : "Resume"}
        </button>
        <button type="button" className="btn btn-sm btn-ghost text-error-strong" onClick={() => actions.remove(member)}>
          Remove
        </button>
      </div>
    </li>
  );
}

const people = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "person" : "people"}`;

/**
 * The Members panel: the team in name order, a page at a time ("Show more"), with a search by
 * name or email once the team is longer than a glance.
 */
export function MembersPanel({
  members,
  total,
  search,
  onSearch,
  searching,
  hasMore,
  loadingMore,
  onShowMore,
  actions,
}: {
  members: TeamMember[];
  /** Members matching the search over every page (the whole team without one). */
  total: number;
  search: string;
  onSearch: (value: string) => void;
  /** A new search's first page is on its way. */
  searching: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  actions: MemberActions;
}) {
  const filtered = search.trim() !== "";
  // While a new search is on its way the list is the one before it: its count would mislead.
  const subtitle = searching
    ? "Searching…"
    : filtered
      ? `${people(total)} match “${search.trim()}”`
      : members.length < total
        ? `Showing ${members.length.toLocaleString("en-US")} of ${people(total)}`
        : people(total);
  return (
    <Panel
      title="Members"
      subtitle={<span aria-live="polite">{subtitle}</span>}
      testId="members"
      actions={
        filtered || total > SEARCH_FROM ? (
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <SearchInput
              value={search}
              onChange={onSearch}
              placeholder="Search name or email…"
              label="Search team members"
              maxLength={TEAM_SEARCH_MAX_CHARS}
            />
            {searching ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          </div>
        ) : null
      }
    >
      {members.length === 0 ? (
        <p className="py-6 text-center text-sm text-soft" data-testid="members-no-match">
          No team member matches “{search.trim()}”.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300">
          {members.map((member) => (
            <MemberRow key={member.id} member={member} actions={actions} />
          ))}
        </ul>
      )}
      {hasMore ? (
        <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onShowMore} disabled={loadingMore}>
          {loadingMore ? <span className="loading loading-spinner loading-xs" /> : null}
          Show more
        </button>
      ) : null}
    </Panel>
  );
}
