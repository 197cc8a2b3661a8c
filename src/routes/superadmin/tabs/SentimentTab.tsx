import { COMPARISON_SORTS, COMPARISON_WINDOWS, type SentimentSummary } from "@shared/console/sentiment";
import { DAY_MS, formatDate, utcDay } from "@shared/time";
import { useState } from "react";
import {
  Badge,
  Card,
  ChoiceSelect,
  DataTable,
  DownloadButton,
  EmptyState,
  ErrorCard,
  ListSkeleton,
  PagedCardBody,
  StatCard,
  StatGridSkeleton,
  TabHeader,
  useDownload,
  usePage,
} from "@/components/ui";
import { qs, useCompanyComparison, useSentimentSummary } from "../console/api";
import { dataQuality, pastTimeAgo, weekOverWeek } from "../console/display";
import { JudgementCard } from "./JudgementCard";

const WINDOW_LABELS: Record<(typeof COMPARISON_WINDOWS)[number], string> = {
  "7": "Last 7 days",
  "30": "Last 30 days",
  "90": "Last 90 days",
  "365": "Last 12 months",
};
const SORT_LABELS: Record<(typeof COMPARISON_SORTS)[number], string> = {
  responses: "Most responses",
  morale: "Lowest morale",
  confidence: "Lowest confidence",
  stress: "Highest stress",
  name: "Name",
};

/** Spec 2 §2 Sentiment Data: six cards with week-over-week lines, volume, quality and comparison. */
export function SentimentTab() {
  const summary = useSentimentSummary();
  const [days, setDays] = useState<(typeof COMPARISON_WINDOWS)[number]>("30");
  const [sort, setSort] = useState<(typeof COMPARISON_SORTS)[number]>("responses");
  const { page, setPage, filtering } = usePage();
  const comparison = useCompanyComparison({ days, sort, page });
  const exports = useDownload();

  const exportData = () => {
    const to = Date.now();
    const from = to - Number(days) * DAY_MS;
    void exports.download(`/api/admin/reports/sentiment${qs({ from: utcDay(from), to: utcDay(to) })}`, "sentiment.csv");
  };

  return (
    <div className="space-y-6">
      <TabHeader
        title="Sentiment Data"
        description="How salespeople across every organization are doing, from their check-ins."
        actions={
          <DownloadButton busy={exports.pending !== null} onClick={exportData}>
            Export Data
          </DownloadButton>
        }
      />

      {summary.isError ? (
        <ErrorCard
          title={`Error loading sentiment data: ${summary.error.message}`}
          onRetry={() => void summary.refetch()}
        />
      ) : summary.data ? (
        <SentimentCards data={summary.data} />
      ) : (
        <StatGridSkeleton count={6} />
      )}

      <JudgementCard />

      <Card
        title="Cross-company analysis"
        description="Each organization's averages side by side (0–100; stress and blockers: lower is better)."
        bodyClassName=""
        actions={
          <div className="flex flex-wrap gap-2">
            <ChoiceSelect
              className="w-44"
              label="Time window"
              value={days}
              onChange={filtering(setDays)}
              options={COMPARISON_WINDOWS.map((w) => ({ value: w, label: WINDOW_LABELS[w] }))}
            />
            <ChoiceSelect
              className="w-44"
              label="Sort organizations"
              value={sort}
              onChange={filtering(setSort)}
              options={COMPARISON_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            />
          </div>
        }
      >
        <PagedCardBody
          query={comparison}
          loading={<ListSkeleton rows={4} label="Loading comparison" />}
          error={(message) => ({ title: `Error loading sentiment data: ${message}` })}
          empty={
            <EmptyState
              icon="heart"
              title="No sentiment data available yet"
              hint="Organizations appear here once their salespeople complete check-ins in this window."
            />
          }
          pagination={{ page, onPage: setPage, label: "organizations" }}
        >
          {(data) => (
            <DataTable
              label="Organizations by sentiment"
              columns={[
                { label: "Organization" },
                { label: "Responses", numeric: true },
                { label: "Morale", numeric: true },
                { label: "Quota conf.", numeric: true },
                { label: "Stress", numeric: true },
                { label: "Team dyn.", numeric: true },
                { label: "Sales str.", numeric: true },
                { label: "Blockers", numeric: true },
                { label: "Active alerts", numeric: true },
                { label: "Last response" },
              ]}
            >
              {data.items.map((row) => (
                <tr key={row.organizationId} data-testid="comparison-row">
                  <td className="font-medium">{row.organizationName}</td>
                  <td className="text-right tabular-nums">{row.responses}</td>
                  <ScoreCell value={row.morale} />
                  <ScoreCell value={row.confidence} />
                  <ScoreCell value={row.stress} inverted />
                  <ScoreCell value={row.teamDynamics} />
                  <ScoreCell value={row.salesStrength} />
                  <td className="text-right tabular-nums">{row.blockers}</td>
                  <td className="text-right">
                    {row.activeAlerts > 0 ? (
                      <Badge variant="destructive">{row.activeAlerts}</Badge>
                    ) : (
                      <span className="text-muted">0</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap" title={formatDate(row.lastResponseAt)}>
                    {pastTimeAgo(row.lastResponseAt)}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </PagedCardBody>
      </Card>
    </div>
  );
}

/** A score with its health colour: ≥ 60 fine, 40–59 watch, < 40 concern (reversed for stress). */
function ScoreCell({ value, inverted = false }: { value: number; inverted?: boolean }) {
  const health = inverted ? 100 - value : value;
  const tone = health >= 60 ? "text-success" : health >= 40 ? "text-warning-content" : "text-error";
  return <td className={`text-right font-medium tabular-nums ${tone}`}>{value}</td>;
}

function SentimentCards({ data }: { data: SentimentSummary }) {
  const quality = dataQuality(data.total_responses);
  // Each card says what it covers (issue 13 §4); its trend compares this week's mean with last week's.
  const sample =
    data.sample_size === data.total_responses
      ? `all ${data.sample_size} responses`
      : `the latest ${data.sample_size} of ${data.total_responses} responses`;
  const maxWeek = Math.max(1, ...data.volume.weekly.map((w) => w.responses));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <StatCard
          testId="sentiment-morale"
          label="Morale"
          hint={`Average of ${sample}`}
          value={data.global_morale}
          icon="heart"
          trend={{ change: data.trends.morale, text: weekOverWeek(data.trends.morale, "points") }}
        />
        <StatCard
          label="Quota Confidence"
          hint={`Average of ${sample}`}
          value={data.global_confidence}
          icon="trendUp"
          trend={{ change: data.trends.confidence, text: weekOverWeek(data.trends.confidence, "points") }}
        />
        <StatCard
          label="Burnout Risks"
          value={data.global_stress}
          hint={`Average stress of ${sample}; lower is better`}
          icon="alert"
          trend={{ change: data.trends.stress, text: weekOverWeek(data.trends.stress, "points"), inverted: true }}
        />
        <StatCard
          label="Team Dynamics"
          hint={`Average of ${sample}`}
          value={data.global_team_dynamics}
          icon="users"
          trend={{ change: data.trends.team_dynamics, text: weekOverWeek(data.trends.team_dynamics, "points") }}
        />
        <StatCard
          label="Sales Strength"
          hint={`Average of ${sample}`}
          value={data.global_sales_strength}
          icon="sparkle"
          trend={{ change: data.trends.sales_strength, text: weekOverWeek(data.trends.sales_strength, "points") }}
        />
        <StatCard
          label="Blockers"
          value={data.global_blockers_count}
          hint={`Named in ${sample}; lower is better`}
          icon="clipboard"
          trend={{ change: data.trends.blockers, text: weekOverWeek(data.trends.blockers, "count"), inverted: true }}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title="Response Volume" description="Completed check-ins per week, last 8 weeks.">
          <div className="flex items-end justify-between gap-4">
            <div>
              <p className="text-3xl font-bold tabular-nums" data-testid="sentiment-total-responses">
                {data.total_responses}
              </p>
              <p className="text-sm text-soft">
                responses in all · {data.volume.last_7_days} this week · {data.volume.last_30_days} in 30 days
              </p>
            </div>
          </div>
          <div
            className="mt-4 flex h-24 items-end gap-1.5"
            role="img"
            aria-label={`Weekly responses: ${data.volume.weekly.map((w) => w.responses).join(", ")}`}
          >
            {data.volume.weekly.map((week) => (
              <div key={week.weekStart} className="flex flex-1 flex-col items-center gap-1">
                <div
                  className="w-full rounded-t bg-secondary/70"
                  style={{ height: `${Math.max(4, (week.responses / maxWeek) * 80)}px` }}
                  title={`${week.responses} in the week from ${formatDate(week.weekStart)}`}
                />
              </div>
            ))}
          </div>
        </Card>
        <Card title="Data Quality">
          <div className="flex items-center gap-3">
            <Badge variant={quality.label === "High" ? "success" : "muted"}>{quality.label}</Badge>
            <p className="text-sm text-soft">{quality.text}</p>
          </div>
          <p className="mt-4 text-sm text-muted">
            Global values average the newest 1,000 responses; week-over-week lines compare the last 7 days with the 7
            before. Team dynamics is the average of morale and quota confidence.
          </p>
        </Card>
      </div>
    </>
  );
}
