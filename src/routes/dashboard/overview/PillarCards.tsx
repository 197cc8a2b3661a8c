import { type PillarCard, trendText, trendTone } from "@shared/insights";
import { PILLAR_CARDS, PILLAR_LABELS } from "@shared/pillars";
import { Icon } from "@/components/Icon";
import { ScoreGauge } from "../charts/Meters";

const TONE_STYLE = {
  better: "text-success",
  worse: "text-error",
  flat: "text-muted",
  none: "text-muted",
} as const;

type Reference = "last week" | "previous check-in";

export function TrendLine({ card, reference = "last week" }: { card: PillarCard; reference?: Reference }) {
  const tone = trendTone(card);
  // The arrow shows better or worse, not up or down: for stress and blockers it is inverted (spec 2 §7).
  return (
    <p className={`flex items-center gap-1 text-xs font-medium ${TONE_STYLE[tone]}`}>
      {tone === "better" || tone === "worse" ? (
        <Icon name="trend" className={`size-3.5 ${tone === "worse" ? "-scale-y-100" : ""}`} />
      ) : null}
      <span className={tone === "none" ? "font-normal" : ""}>{trendText(card, reference)}</span>
      {tone === "better" || tone === "worse" ? <span className="sr-only">({tone})</span> : null}
    </p>
  );
}

export function PillarCards({
  cards,
  testId = "pillar-cards",
  reference = "last week",
}: {
  cards: readonly PillarCard[];
  testId?: string;
  reference?: Reference;
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-6" data-testid={testId}>
      {cards.map((card) => (
        <li
          key={card.pillar}
          className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:p-4"
          data-pillar={card.pillar}
          title={PILLAR_LABELS[card.pillar]}
        >
          <p className="text-xs font-semibold tracking-wide text-soft uppercase">{PILLAR_CARDS[card.pillar].label}</p>
          {card.notDiscussed ? (
            <p className="text-base font-semibold text-muted" data-testid={`pillar-${card.pillar}`}>
              Not discussed
            </p>
          ) : card.uncertain && card.changeUnit !== "count" ? (
            // Weak or conflicting evidence (issue 24 §5): no firm band, the figure only as a hint.
            <p className="text-xl font-semibold text-warning-content" data-testid={`pillar-${card.pillar}`}>
              Uncertain
              <span className="ml-1 text-xs font-normal text-muted">(reads {card.value ?? "–"}/100)</span>
            </p>
          ) : card.changeUnit === "count" ? (
            <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid={`pillar-${card.pillar}`}>
              {card.value ?? 0}
              <span className="ml-1 text-sm font-medium text-muted">reported</span>
            </p>
          ) : (
            <div className="flex items-end justify-between gap-1">
              <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid={`pillar-${card.pillar}`}>
                {card.value ?? "–"}
                {card.value !== null ? <span className="text-sm font-medium text-muted">/100</span> : null}
              </p>
              <ScoreGauge
                value={card.value}
                label={PILLAR_CARDS[card.pillar].label}
                lowerIsBetter={card.lowerIsBetter}
                className="mb-1 w-12 shrink-0"
              />
            </div>
          )}
          {card.corrected ? (
            <p className="text-xs font-medium text-info" data-testid={`corrected-${card.pillar}`}>
              Their own correction
            </p>
          ) : null}
          {card.disputed ? (
            <p className="text-xs text-warning-content" data-testid={`disputed-${card.pillar}`}>
              AI judge and reader disagreed
            </p>
          ) : null}
          {card.notDiscussed ? (
            // The stored value is the spec's neutral default: a trend over it would mean nothing.
            <p className="text-xs text-muted">No answers touched it</p>
          ) : (
            <TrendLine card={card} reference={reference} />
          )}
          <p className="mt-auto pt-1 text-[11px] leading-snug text-muted">{PILLAR_CARDS[card.pillar].hint}</p>
        </li>
      ))}
    </ul>
  );
}
