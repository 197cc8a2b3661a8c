import { REPORT_KINDS, type ReportKind } from "@shared/console/reports";
import { DAY_MS, utcDay } from "@shared/time";
import { useId, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Card, ConsoleIcon, type ConsoleIconName, DownloadButton, TabHeader, useDownload } from "@/components/ui";
import { qs } from "../console/api";

const REPORTS: Record<ReportKind, { title: string; description: string; icon: ConsoleIconName }> = {
  organizations: {
    title: "Organizations",
    description:
      "Every organization with its plan, team size, and the check-ins, average scores and alerts in the range.",
    icon: "building",
  },
  users: {
    title: "Users",
    description: "Accounts and salespeople who joined in the range, with role, organization and status.",
    icon: "users",
  },
  sentiment: {
    title: "Sentiment",
    description: "One line per check-in response recorded in the range, with all five scores and conversation quality.",
    icon: "heart",
  },
  alerts: {
    title: "Alerts",
    description: "Alerts raised in the range, with priority, status, organization and salesperson.",
    icon: "bell",
  },
};

const PRESETS = [
  { label: "Last 7 days", days: 7 },
  { label: "Last 30 days", days: 30 },
  { label: "Last 90 days", days: 90 },
  { label: "Last 12 months", days: 365 },
] as const;

/** Reporting & Exports (the spec leaves it 'will be implemented here'): CSV downloads for a date range. */
export function ReportingTab() {
  const [to, setTo] = useState(() => utcDay(Date.now()));
  const [from, setFrom] = useState(() => utcDay(Date.now() - 29 * DAY_MS));
  const exports = useDownload();
  const rangeErrorId = useId();
  const rangeError = from && to && from > to ? "The start date must be on or before the end date." : null;

  const download = async (kind: ReportKind) => {
    const path = `/api/admin/reports/${kind}${qs({ from, to })}`;
    if (await exports.download(path, `${kind}-${from}-to-${to}.csv`, kind)) {
      toast({ title: "Report downloaded", description: `${REPORTS[kind].title}, ${from} to ${to}.` });
    }
  };

  return (
    <div className="space-y-6">
      <TabHeader
        title="Reporting & Exports"
        description="CSV files for spreadsheets and BI tools. Dates are whole days in UTC."
      />
      <Card title="Date range">
        <div className="flex flex-col gap-4 md:flex-row md:items-end">
          <label className="grid gap-1">
            <span className="text-sm font-medium">From</span>
            <input
              type="date"
              className={`input input-sm ${rangeError ? "input-error" : ""}`}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? rangeErrorId : undefined}
              value={from}
              max={to}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label className="grid gap-1">
            <span className="text-sm font-medium">To</span>
            <input
              type="date"
              className={`input input-sm ${rangeError ? "input-error" : ""}`}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? rangeErrorId : undefined}
              value={to}
              min={from}
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-1">
            {PRESETS.map((p) => (
              <button
                key={p.days}
                type="button"
                className="btn btn-ghost btn-xs"
                onClick={() => {
                  setTo(utcDay(Date.now()));
                  setFrom(utcDay(Date.now() - (p.days - 1) * DAY_MS));
                }}
              >
                {p.label}
              </button>
            ))}
          </div>
        </div>
        {rangeError ? (
          <p id={rangeErrorId} role="alert" className="mt-2 text-sm text-error">
            {rangeError}
          </p>
        ) : null}
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        {REPORT_KINDS.map((kind) => (
          <Card key={kind}>
            <div className="flex items-start gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-field bg-primary/8 text-primary">
                <ConsoleIcon name={REPORTS[kind].icon} />
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{REPORTS[kind].title}</h3>
                <p className="mt-1 text-sm text-soft">{REPORTS[kind].description}</p>
                <DownloadButton
                  className="mt-3"
                  busy={exports.pending === kind}
                  disabled={exports.pending !== null || rangeError !== null || !from || !to}
                  onClick={() => void download(kind)}
                  testId={`report-${kind}`}
                >
                  Download CSV
                </DownloadButton>
              </div>
            </div>
          </Card>
        ))}
      </div>
    </div>
  );
}
