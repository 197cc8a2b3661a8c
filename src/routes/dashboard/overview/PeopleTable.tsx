import type { PersonRow } from "@shared/insights";
import { timeAgo } from "@shared/time";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "@/components/ui";
import { scoreTone } from "../charts/Meters";
import { fullName, RISK_BADGE } from "../labels";

const TONE_TEXT = {
  error: "text-error",
  warning: "text-warning-content bg-warning/25",
  success: "text-success",
} as const;

function Score({
  value,
  lowerIsBetter = false,
  uncertain = false,
}: {
  value: number | undefined;
  lowerIsBetter?: boolean;
  uncertain?: boolean;
}) {
  if (value === undefined) return <span className="text-muted">–</span>;
  // Weak or conflicting evidence (issue 24 §5): no firm band, so no colour either.
  if (uncertain) {
    return (
      <span className="rounded px-1 text-muted" title={`Uncertain (reads ${value})`} data-uncertain="true">
        ?<span className="sr-only"> uncertain, reads {value}</span>
      </span>
    );
  }
  const tone = scoreTone(value, lowerIsBetter);
  return <span className={`rounded px-1 font-semibold tabular-nums ${TONE_TEXT[tone]}`}>{value}</span>;
}

const COLUMNS = [
  { key: "morale", label: "Morale", dimension: "morale" },
  { key: "confidence", label: "Confidence", dimension: "confidence" },
  { key: "stress", label: "Stress", lowerIsBetter: true, dimension: "stress" },
  { key: "salesStrength", label: "Strength", dimension: "sales_strength" },
] as const;

const isUncertain = (person: PersonRow, column: (typeof COLUMNS)[number]) =>
  person.latest?.uncertain?.includes(column.dimension) ?? false;

const TABLE_COLUMNS: readonly DataColumn[] = [
  { label: "Person" },
  { label: "Status" },
  ...COLUMNS.map((column) => ({ label: column.label, numeric: true })),
  { label: "Last check-in" },
  { label: "Answered", numeric: true },
  { label: "Alerts", numeric: true },
];

/**
 * The team, the ones who need you first, each linking to their own view. A large team's
 * Overview lists its first 50 (issue 26); `total` says how many there are, the Team page has all.
 */
export function PeopleTable({ people, total = people.length }: { people: readonly PersonRow[]; total?: number }) {
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return people;
    return people.filter((person) =>
      [person.firstName, person.lastName, person.jobTitle ?? "", person.region ?? ""].some((text) =>
        text.toLowerCase().includes(needle),
      ),
    );
  }, [people, query]);

  return (
    <div className="flex flex-col gap-3" data-testid="people">
      {total > people.length ? (
        <p className="text-sm text-soft" data-testid="people-shown">
          The {people.length} who need you first, of {total.toLocaleString("en-US")}.{" "}
          <Link to="/dashboard/team" className="link">
            Everyone is on the Team page
          </Link>
          .
        </p>
      ) : null}
      {people.length > 8 ? (
        <label className="input input-sm w-full sm:max-w-xs">
          <span className="sr-only">Find a person</span>
          <input
            type="search"
            placeholder="Find by name, title or region"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      ) : null}

      <ul className="flex flex-col divide-y divide-base-300 sm:hidden">
        {shown.map((person) => (
          <li key={person.id} className="py-2.5">
            <div className="flex items-center justify-between gap-2">
              <Link to={`/dashboard/team/${encodeURIComponent(person.id)}`} className="link link-hover font-medium">
                {fullName(person)}
              </Link>
              <span className={`badge badge-sm ${RISK_BADGE[person.risk].className}`}>
                {RISK_BADGE[person.risk].label}
              </span>
            </div>
            {person.latest ? (
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-soft">
                {COLUMNS.map((column) => (
                  <span key={column.key}>
                    {column.label}{" "}
                    <Score
                      value={person.latest?.[column.key]}
                      lowerIsBetter={"lowerIsBetter" in column}
                      uncertain={isUncertain(person, column)}
                    />
                  </span>
                ))}
              </p>
            ) : (
              <p className="mt-1 text-xs text-muted">No check-in answered yet</p>
            )}
          </li>
        ))}
      </ul>

      <DataTable label="Team" className="hidden sm:block" columns={TABLE_COLUMNS}>
        {shown.map((person) => (
          <tr key={person.id} className="hover:bg-base-200/50">
            <td>
              <Link to={`/dashboard/team/${encodeURIComponent(person.id)}`} className="link link-hover font-medium">
                {fullName(person)}
              </Link>
              <p className="text-xs text-muted">
                {[person.jobTitle, person.region].filter(Boolean).join(" · ") || " "}
              </p>
            </td>
            <td>
              <span className={`badge badge-sm whitespace-nowrap ${RISK_BADGE[person.risk].className}`}>
                {RISK_BADGE[person.risk].label}
              </span>
            </td>
            {COLUMNS.map((column) => (
              <td key={column.key} className="text-right">
                <Score
                  value={person.latest?.[column.key]}
                  lowerIsBetter={"lowerIsBetter" in column}
                  uncertain={isUncertain(person, column)}
                />
              </td>
            ))}
            <td className="whitespace-nowrap text-soft">{person.latest ? timeAgo(person.latest.recordedAt) : "–"}</td>
            <td className="text-right text-soft tabular-nums" title="Check-ins answered of those sent in this period">
              {person.sentInRange > 0 ? `${person.completedInRange}/${person.sentInRange}` : "–"}
            </td>
            <td className="text-right tabular-nums">{person.openAlerts > 0 ? person.openAlerts : "–"}</td>
          </tr>
        ))}
      </DataTable>
      {shown.length === 0 ? <p className="text-sm text-muted">Nobody matches “{query}”.</p> : null}
      {/* The "?" has a hover title only: say it in words for phones and the keyboard. */}
      {shown.some((person) => COLUMNS.some((column) => isUncertain(person, column))) ? (
        <p className="text-xs text-muted" data-testid="people-uncertain-legend">
          ? = uncertain: too little or conflicting evidence in the conversation to show a firm reading.
        </p>
      ) : null}
    </div>
  );
}
