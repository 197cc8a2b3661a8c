import { SUMMARY_SCALES } from "@shared/check-in-summary";
import type { JudgementOverview } from "@shared/console/judgement";
import { formatDate } from "@shared/time";
import { Card, DataTable, ErrorCard, ListSkeleton } from "@/components/ui";
import { useJudgementOverview } from "../console/api";

/**
 * Sentiment Data's "Where the reader is wrong" (issue 24 §7, §8): the readings salespeople
 * corrected in their closing summaries, per score and band chosen, and the check-ins the LLM
 * judge and the reader disagreed on. Labels and figures only.
 */
export function JudgementCard() {
  const overview = useJudgementOverview();
  return (
    <Card
      title="Where the reader is wrong"
      description="Readings salespeople corrected in their closing summary, and check-ins where the AI judge and the built-in reader disagreed (last 90 days)."
      bodyClassName=""
    >
      {overview.isError ? (
        <ErrorCard title={`Error loading corrections: ${overview.error.message}`} onRetry={() => overview.refetch()} />
      ) : overview.data ? (
        <JudgementBody data={overview.data} />
      ) : (
        <ListSkeleton rows={3} label="Loading corrections" />
      )}
    </Card>
  );
}

function JudgementBody({ data }: { data: JudgementOverview }) {
  return (
    <div className="flex flex-col gap-4 p-5">
      <p className="text-sm text-soft" data-testid="corrected-checkins">
        {data.correctedCheckIns} of {data.completed} completed check-ins had a reading corrected by the salesperson.
      </p>
      <DataTable
        label="Corrections per score"
        testId="corrections-table"
        columns={[
          { label: "Score" },
          { label: "Corrected", numeric: true },
          { label: "To the lowest band", numeric: true },
          { label: "To the middle", numeric: true },
          { label: "To the highest band", numeric: true },
        ]}
      >
        {data.corrections.map((row) => {
          const scale = SUMMARY_SCALES[row.dimension];
          return (
            <tr key={row.dimension} data-dimension={row.dimension}>
              <td className="font-medium">{scale.label}</td>
              <td className="text-right tabular-nums" data-testid={`corrections-${row.dimension}`}>
                {row.total}
              </td>
              <td className="text-right tabular-nums" title={scale.bands.low.words}>
                {row.byChosen.low}
              </td>
              <td className="text-right tabular-nums" title={scale.bands.middle.words}>
                {row.byChosen.middle}
              </td>
              <td className="text-right tabular-nums" title={scale.bands.high.words}>
                {row.byChosen.high}
              </td>
            </tr>
          );
        })}
      </DataTable>
      <div>
        <h3 className="text-sm font-semibold">Disputed check-ins ({data.disputedTotal})</h3>
        {data.disputed.length === 0 ? (
          <p className="mt-1 text-sm text-muted">No check-in was disputed in this window.</p>
        ) : (
          <ul className="mt-2 flex flex-col divide-y divide-base-300 text-sm" data-testid="disputed-list">
            {data.disputed.map((row) => (
              <li key={row.checkInId} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">{row.organizationName}</span>
                <span className="text-soft">
                  {row.disputes
                    .map((d) => `${SUMMARY_SCALES[d.dimension].label}: judge ${d.llm}, reader ${d.reader}`)
                    .join(" · ")}
                </span>
                <span className="text-muted">{formatDate(row.completedAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
