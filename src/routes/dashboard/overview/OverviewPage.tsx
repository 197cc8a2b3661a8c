import { INSIGHT_RANGES, type InsightRange, type InsightsResponse, RANGE_WEEKS } from "@shared/insights";
import { answeredPercent, checkInsAnsweredText, peopleThisWeekText } from "@shared/participation-text";
import { plural } from "@shared/plural";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { Icon } from "@/components/Icon";
import { LoadError, PageHeader, Panel, PanelSkeleton } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { Ring, ScoreGauge } from "../charts/Meters";
import { TrendChart, WeeklyBarsChart } from "../charts/TrendChart";
import { useAiCoaching, useInsights } from "../data/insights";
import { AlertsPanel } from "./AlertsPanel";
import { BlockersPanel } from "./BlockersPanel";
import { CoachingList } from "./CoachingList";
import { GettingStarted } from "./GettingStarted";
import { OverallIndex } from "./OverallIndex";
import { PeopleTable } from "./PeopleTable";
import { PillarCards, TrendLine } from "./PillarCards";
import { SalesStrengthPanel } from "./SalesStrengthPanel";

/** The range lives in the URL (?range=12w), so a reload or a shared link keeps it. */
export function useRange(): [InsightRange, (range: InsightRange) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get("range");
  const range = INSIGHT_RANGES.find((r) => r === value) ?? "12w";
  const setRange = (next: InsightRange) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set("range", next);
        return copy;
      },
      { replace: true },
    );
  return [range, setRange];
}

export function RangePicker({ range, onChange }: { range: InsightRange; onChange: (range: InsightRange) => void }) {
  return (
    <fieldset className="join" aria-label="Period">
      {INSIGHT_RANGES.map((option) => (
        <button
          key={option}
          type="button"
          className={`btn btn-sm join-item ${option === range ? "btn-primary" : "btn-outline border-base-300 bg-base-100"}`}
          aria-pressed={option === range}
          onClick={() => onChange(option)}
        >
          <span className="sm:hidden">{RANGE_WEEKS[option]}w</span>
          <span className="hidden sm:inline">{RANGE_WEEKS[option]} weeks</span>
        </button>
      ))}
    </fieldset>
  );
}

function windowText(insights: InsightsResponse): string {
  const { weeksAgo } = insights.current;
  if (weeksAgo === null) return "no check-ins answered in this period";
  if (weeksAgo === 0) return "last 7 days";
  return `latest answers ${weeksAgo} ${plural(weeksAgo, "week")} ago`;
}

/** /dashboard — the insights a head of sales opens on Monday. */
export function OverviewPage() {
  const [range, setRange] = useRange();
  const insights = useInsights(range);

  useDocumentTitle("Overview — Undertone");

  const names = useMemo(
    () => new Map((insights.data?.people ?? []).map((person) => [person.id, person.firstName])),
    [insights.data],
  );

  const data = insights.data;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-5">
      <PageHeader
        title="Overview"
        subtitle={
          data
            ? `Team pulse · ${data.team.activeMembers.toLocaleString("en-US")} ${data.team.activeMembers === 1 ? "salesperson" : "salespeople"} · ${data.hasData ? windowText(data) : "waiting for the first check-in"}`
            : "Loading…"
        }
        actions={data?.hasData ? <RangePicker range={range} onChange={setRange} /> : null}
      />

      {insights.isError && !data ? (
        <LoadError message="We couldn't load your team's insights." onRetry={() => insights.refetch()} />
      ) : null}
      {insights.isPending ? <PanelSkeleton rows={4} /> : null}

      {data && !data.hasData ? (
        <GettingStarted
          members={data.team.totalMembers}
          anyCheckInSent={data.team.anyCheckInSent}
          pending={data.participation.pending}
        />
      ) : null}

      {data?.hasData ? <Dashboard insights={data} names={names} /> : null}
    </div>
  );
}

function Dashboard({ insights, names }: { insights: InsightsResponse; names: ReadonlyMap<string, string> }) {
  const weeks = RANGE_WEEKS[insights.range];
  const card = (pillar: string) => insights.pillars.find((c) => c.pillar === pillar);
  const morale = card("morale");
  const confidence = card("quota_confidence");
  // Everyone's count (issue 26); an older Worker sent everyone, so count them.
  const atRisk = insights.riskCounts?.high ?? insights.people.filter((person) => person.risk === "high").length;
  const ai = useAiCoaching(insights.range, insights.aiCoachingAvailable && insights.coaching.length > 0);
  // The AI's wording applies only to actions still current (same ids as the rules now give).
  const currentIds = new Set(insights.coaching.map((action) => action.id));
  const coaching =
    ai.data?.source === "ai" && ai.data.coaching.every((action) => currentIds.has(action.id))
      ? ai.data.coaching
      : insights.coaching;
  const { participation } = insights;

  return (
    <>
      <section className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Headline figures">
        {[
          { label: "Team Morale Score", card: morale, testId: "morale-score" },
          { label: "Quota Confidence Index", card: confidence, testId: "quota-confidence-index" },
        ].map(({ label, card: item, testId }) => (
          <div
            key={label}
            className="flex flex-col rounded-box border border-base-300 bg-base-100 p-4"
            data-testid={testId}
          >
            <p className="text-sm font-medium text-soft">{label}</p>
            <div className="mt-1 flex flex-wrap items-end justify-between gap-2">
              <p className="text-4xl font-bold tracking-tight tabular-nums">
                {item?.value ?? "–"}
                <span className="text-base font-medium text-muted">/100</span>
              </p>
              <ScoreGauge value={item?.value ?? null} label={label} className="w-20 sm:w-24" />
            </div>
            {item ? (
              <div className="mt-auto pt-2">
                <TrendLine card={item} />
              </div>
            ) : null}
          </div>
        ))}
        <div
          className="flex flex-col items-start gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-center sm:gap-3"
          data-testid="participation"
        >
          <Ring value={participation.rate} label="Check-ins answered" className="size-16 shrink-0 sm:size-20">
            {/* 14 px in the 64-px ring of a phone, 18 px in the 80-px one: "100%" clears the stroke. */}
            <span className="text-sm font-bold tabular-nums sm:text-lg">{answeredPercent(participation)}</span>
          </Ring>
          <div className="min-w-0">
            <p className="text-sm font-medium text-soft">Participation</p>
            {/* The ring's percent is this sentence's share; the people are a separate count. */}
            <p className="text-sm" data-testid="participation-check-ins">
              {checkInsAnsweredText(participation, weeks)}
            </p>
            <p className="text-xs text-muted" data-testid="participation-people">
              {peopleThisWeekText(participation)}
            </p>
          </div>
        </div>
        <a
          href="#alerts"
          className={`flex flex-col rounded-box border p-4 ${insights.alerts.open > 0 ? "border-error/40 bg-error/5" : "border-base-300 bg-base-100"}`}
          data-testid="alerts-summary"
        >
          <p className="flex items-center gap-1.5 text-sm font-medium text-soft">
            <Icon name="alert" className={`size-4 ${insights.alerts.open > 0 ? "text-error" : ""}`} />
            Burnout &amp; risk alerts
          </p>
          <p className="mt-1 text-4xl font-bold tabular-nums">{insights.alerts.open}</p>
          <p className="mt-auto text-xs text-muted">
            {atRisk > 0 ? `${atRisk} ${atRisk === 1 ? "person" : "people"} at risk` : "Nobody at high risk"}
          </p>
        </a>
      </section>

      <OverallIndex overall={insights.overall} />

      <section aria-label="The six pillars">
        <PillarCards cards={insights.pillars} />
      </section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel
          title="Coaching actions"
          subtitle="Concrete next steps, from this week's scores, blockers and alerts"
          testId="coaching-panel"
        >
          <CoachingList actions={coaching} names={names} />
          {ai.isFetching ? (
            <p className="mt-3 flex items-center gap-2 text-xs text-muted">
              <span className="loading loading-dots loading-xs" /> Refining with AI…
            </p>
          ) : null}
        </Panel>
        <div id="alerts" className="scroll-mt-20">
          <Panel
            title="Burnout and risk alerts"
            subtitle="Open alerts by person. Resolve one once you have acted on it."
            actions={
              insights.alerts.open > 0 ? <span className="badge badge-error">{insights.alerts.open} open</span> : null
            }
          >
            <AlertsPanel alerts={insights.alerts.items} total={insights.alerts.open} />
          </Panel>
        </div>
      </div>

      <Panel title="Trends" subtitle={`Weekly team averages over the last ${weeks} weeks`} testId="trends">
        <TrendChart points={insights.trend} />
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold">Blockers reported</h3>
            <WeeklyBarsChart points={insights.trend} metric="blockers" />
          </div>
          <div className="min-w-0">
            <h3 className="mb-2 text-sm font-semibold">Participation</h3>
            <WeeklyBarsChart points={insights.trend} metric="participation" />
          </div>
        </div>
      </Panel>

      <div className="grid gap-5 lg:grid-cols-2">
        <Panel title="Top reported blockers" subtitle={`Themes named in check-ins, last ${weeks} weeks`}>
          <BlockersPanel themes={insights.blockers} weeks={weeks} />
        </Panel>
        <Panel title="Sales strength profile" subtitle="Each person's latest check-in">
          <SalesStrengthPanel profile={insights.salesStrength} />
        </Panel>
      </div>

      <Panel
        title="People"
        subtitle="Latest check-in per person, the ones who need you first"
        actions={
          <Link to="/dashboard/team" className="btn btn-ghost btn-sm">
            Manage team
          </Link>
        }
      >
        <PeopleTable people={insights.people} total={insights.team.totalMembers} />
      </Panel>
    </>
  );
}
