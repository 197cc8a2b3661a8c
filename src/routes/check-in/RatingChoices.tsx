import { type RatingKind, SELF_RATINGS, SKIP_RATING } from "@shared/self-rating";

const GROUP_LABELS: Record<RatingKind, string> = {
  burnout: "Rate your level of burnout",
  confidence: "Rate how confident you are of hitting your target",
};

/**
 * The one-tap rating (issue 24 §6): the question's five choices and Skip, as buttons under the
 * conversation. A tap sends the choice's words as an ordinary answer (what the scoring reads,
 * shared/self-rating.ts), so typing a number instead works the same way.
 */
export function RatingChoices({ kind, onChoose }: { kind: RatingKind; onChoose: (answer: string) => void }) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid="rating-choices">
      <legend className="mb-2 text-xs font-medium text-soft">
        {GROUP_LABELS[kind]} — tap one, type a number, or skip
      </legend>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:flex-wrap">
        {SELF_RATINGS[kind].choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className="btn btn-outline btn-sm h-auto min-h-9 justify-start py-1.5 text-left font-normal normal-case leading-snug"
            onClick={() => onChoose(choice.label)}
          >
            {choice.label}
          </button>
        ))}
        <button type="button" className="btn btn-ghost btn-sm min-h-9" onClick={() => onChoose(SKIP_RATING)}>
          {SKIP_RATING}
        </button>
      </div>
    </fieldset>
  );
}
