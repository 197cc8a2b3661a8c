import { RANGE_WEEKS } from "@shared/insights";
import { timeAgo } from "@shared/time";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { Icon } from "@/components/Icon";
import { LoadError, PageHeader, Panel, PanelSkeleton } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { ApiRequestError } from "@/lib/api";
import { TrendChart } from "../charts/TrendChart";
import { useMemberInsights } from "../data/insights";
import { useTeamMember } from "../data/team";
import { fullName, RISK_BADGE } from "../labels";
import { AlertsPanel } from "../overview/AlertsPanel";
import { BlockersPanel } from "../overview/BlockersPanel";
import { CoachingList } from "../overview/CoachingList";
import { RangePicker, useRange } from "../overview/OverviewPage";
import { PillarCards } from "../overview/PillarCards";
import { CheckInsList } from "./CheckInsList";
import { ReadingNotes } from "./ReadingNotes";
import { SendCheckInDialog } from "./SendCheckInDialog";

/** /dashboard/team/:memberId — one person's pillars and trends, blockers, alerts and coaching. */
export function PersonPage() {
  const { memberId = "" } = useParams();
  const [range, setRange] = useRange();
  const insights = useMemberInsights(memberId, range);
  const one = useTeamMember(memberId);
  const [sending, setSending] = useState(false);
  const data = insights.data;
  const member = one.data?.member;

  useDocumentTitle(`${data ? fullName(data.member) : "Team member"} — Undertone`);

  const back = (
    <Link to="/dashboard/team" className="btn btn-ghost btn-sm -ml-3 w-fit">
      <Icon name="arrowLeft" className="size-4" />
      Team
    </Link>
  );

  if (insights.isError && !data) {
    const missing = insights.error instanceof ApiRequestError && insights.error.status === 404;
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        {back}
        {missing ? (
          <p className="rounded-box border border-base-300 bg-base-100 p-6">
            This team member does not exist (any more).
          </p>
        ) : (
          <LoadError message="We couldn't load this person's insights." onRetry={() => insights.refetch()} />
        )}
      </div>
    );
  }
  if (!data) {
    return (
      <div className="mx-auto flex max-w-6xl flex-col gap-4">
        {back}
        <PanelSkeleton rows={4} />
      </div>
    );
  }

  const weeks = RANGE_WEEKS[range];
  const risk = RISK_BADGE[data.risk];
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-5" data-testid="person-page">
      {back}
      <PageHeader
        title={fullName(data.member)}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span className={`badge badge-sm ${risk.className}`}>{risk.label}</span>
            {data.member.status === "inactive" ? <span className="badge badge-sm badge-ghost">Paused</span> : null}
            <HeaderDetails
              details={[data.member.jobTitle, data.member.region].filter(Boolean).join("\u00a0· ")}
              lastCheckIn={data.latest ? timeAgo(data.latest.recordedAt) : null}
            />
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <RangePicker range={range} onChange={setRange} />
            {/* As on the Team page: one check-in at a time, so none to send while one is waiting. */}
            {member?.status === "active" && member.lastCheckIn?.status === "pending" ? (
              <span className="badge badge-info badge-soft self-center">Check-in waiting</span>
            ) : member?.status === "active" ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => setSending(true)}>
                <Icon name="send" className="size-4" />
                Send check-in
              </button>
            ) : null}
          </div>
        }
      />

      {data.latest ? <ReadingNotes latest={data.latest} firstName={data.member.firstName} /> : null}
      {data.latest ? (
        <PillarCards cards={data.pillars} testId="person-pillars" reference="previous check-in" />
      ) : (
        <p className="rounded-box border border-base-300 bg-base-100 p-5 text-sm text-soft">
          {data.member.firstName} hasn't completed a check-in yet. Their scores appear here after the first one.
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Coaching actions" subtitle={`For ${data.member.firstName}, from their scores and blockers`}>
          <CoachingList
            actions={data.coaching}
            emptyText={
              data.latest ? "Nothing to act on right now." : "Coaching actions appear after the first check-in."
            }
          />
        </Panel>
        <Panel title="Risk alerts" subtitle="Open alerts first; resolve one once you have acted on it">
          <AlertsPanel
            alerts={data.alerts}
            total={data.alerts.filter((a) => a.status !== "resolved").length}
            showNames={false}
          />
        </Panel>
      </div>

      {data.latest ? (
        <Panel title={`${data.member.firstName}'s trends`} subtitle={`Weekly, last ${weeks} weeks`}>
          <TrendChart points={data.trend} height={240} />
        </Panel>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Blockers they reported" subtitle={`Last ${weeks} weeks`}>
          <BlockersPanel themes={data.blockers} weeks={weeks} />
        </Panel>
        <Panel
          title="Check-ins"
          subtitle={
            data.participation.rate === null
              ? "None closed yet"
              : `${data.participation.rate}% answered over ${weeks} weeks (${data.participation.completed} of ${data.participation.completed + data.participation.expired})`
          }
        >
          <CheckInsList teamMemberId={data.member.id} />
        </Panel>
      </div>

      {sending && member ? <SendCheckInDialog member={member} onClose={() => setSending(false)} /> : null}
    </div>
  );
}

/**
 * "Account Executive · West · last check-in just now": each separator is glued to the text
 * before it (a no-break space), so a narrow screen wraps after a "·" and no line starts with one;
 * without a title or region there is no separator at all.
 */
function HeaderDetails({ details, lastCheckIn }: { details: string; lastCheckIn: string | null }) {
  if (!details && !lastCheckIn) return null;
  if (!lastCheckIn) return <span>{details}</span>;
  if (!details) return <span>Last check-in {lastCheckIn}</span>;
  return (
    <span data-testid="person-details">
      {details}
      {"\u00a0· "}
      <span className="whitespace-nowrap">last check-in {lastCheckIn}</span>
    </span>
  );
}
