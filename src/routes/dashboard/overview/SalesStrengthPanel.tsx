import type { SalesStrengthProfile } from "@shared/insights";
import { useState } from "react";
import { Link } from "react-router";
import { scoreTone } from "../charts/Meters";
import { fullName } from "../labels";

const BANDS = [
  { key: "strong", label: "Strong (75+)", className: "bg-success" },
  { key: "solid", label: "Solid (60–74)", className: "bg-secondary" },
  { key: "developing", label: "Developing (<60)", className: "bg-warning" },
] as const;
const BAR = { error: "bg-error", warning: "bg-warning", success: "bg-success" } as const;

/** The sales strength profile: how the team spreads across bands, and each person's bar. */
export function SalesStrengthPanel({ profile }: { profile: SalesStrengthProfile }) {
  const [all, setAll] = useState(false);
  const total = profile.bands.strong + profile.bands.solid + profile.bands.developing;
  if (total === 0) return <p className="text-sm text-soft">No sales strength scores yet.</p>;
  const shown = all ? profile.people : profile.people.slice(0, 8);
  return (
    <div className="flex flex-col gap-4" data-testid="sales-strength">
      <div>
        <p className="text-sm text-soft">
          Team average <span className="text-lg font-bold text-base-content">{profile.average}</span>/100
        </p>
        <div
          className="mt-2 flex h-3 overflow-hidden rounded-full"
          role="img"
          aria-label={BANDS.map((b) => `${profile.bands[b.key]} ${b.label}`).join(", ")}
        >
          {BANDS.map((band) =>
            profile.bands[band.key] > 0 ? (
              <div
                key={band.key}
                className={band.className}
                style={{ width: `${(profile.bands[band.key] / total) * 100}%` }}
              />
            ) : null,
          )}
        </div>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-soft">
          {BANDS.map((band) => (
            <li key={band.key} className="flex items-center gap-1.5">
              <span className={`size-2 rounded-full ${band.className}`} aria-hidden="true" />
              {band.label}: <span className="font-semibold text-base-content">{profile.bands[band.key]}</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="flex flex-col gap-2">
        {shown.map((person) => (
          <li key={person.id} className="grid grid-cols-[minmax(0,8rem)_1fr_2rem] items-center gap-2 text-sm">
            <Link to={`/dashboard/team/${encodeURIComponent(person.id)}`} className="link link-hover truncate">
              {fullName(person)}
            </Link>
            <span className="h-2 overflow-hidden rounded-full bg-base-200">
              <span
                className={`block h-full rounded-full ${BAR[scoreTone(person.value)]}`}
                style={{ width: `${person.value}%` }}
              />
            </span>
            <span className="text-right font-semibold tabular-nums">{person.value}</span>
          </li>
        ))}
      </ul>
      {profile.people.length > 8 ? (
        <button type="button" className="btn btn-ghost btn-sm self-start" onClick={() => setAll((value) => !value)}>
          {all
            ? "Show fewer"
            : profile.scored && profile.scored > profile.people.length
              ? `Show the top ${profile.people.length}`
              : `Show all ${profile.people.length}`}
        </button>
      ) : null}
    </div>
  );
}
