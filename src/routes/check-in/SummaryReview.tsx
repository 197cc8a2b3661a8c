import {
  BANDS,
  type Band,
  type CheckInSummary,
  readingSentence,
  SUMMARY_SCALES,
  type SummaryReading,
} from "@shared/check-in-summary";
import { formatClock } from "@shared/checkin-timer";
import type { ScoreDimension } from "@shared/pillars";
import { useEffect, useId, useRef, useState } from "react";

type Props = {
  summary: CheckInSummary;
  onCorrect: (dimension: ScoreDimension, band: Band) => void;
  onConfirm: () => void;
};

/**
 * The closing summary (issue 24 §7): what the manager will see — each reading in plain words
 * and the blocker themes, never the salesperson's words. Each reading can be marked wrong and
 * replaced by the band they think is right (nothing else to say); Confirm submits now, and
 * doing nothing submits it as shown when the two minutes are up. The countdown keeps ticking
 * while a reading's picker is open (the sentence stays true: doing nothing submits), and each
 * correction restarts it: the object moves the deadline and every device gets the new
 * `completesAt` (worker/checkin/summary.ts).
 */
export function SummaryReview({ summary, onCorrect, onConfirm }: Props) {
  const [confirming, setConfirming] = useState(false);
  const left = useCountdown(summary.completesAt);
  const title = useRef<HTMLHeadingElement>(null);
  // The answer box is disabled as the summary arrives, and its focus falls to the page: a
  // keyboard user would start again from the top, and a screen reader would hear nothing.
  // Focus that was elsewhere on purpose (a link, the Pause button) is left where it is.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === "checkin-message") title.current?.focus();
  }, []);
  return (
    <section
      aria-labelledby="summary-title"
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:p-5"
      data-testid="closing-summary"
    >
      <h2 id="summary-title" ref={title} tabIndex={-1} className="font-semibold focus:outline-none">
        What your manager will see
      </h2>
      <p className="mt-1 text-sm text-soft">
        These are the readings from our chat, never your words. If one is wrong, mark it and pick what's right.
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-base-300" aria-label="Your readings">
        {summary.readings.map((reading) => (
          <ReadingRow key={reading.dimension} reading={reading} onCorrect={onCorrect} />
        ))}
      </ul>
      {/* Not "Blockers:" again: that is the reading above, and "some (not sure)" over "none" read as a contradiction. */}
      <p className="mt-3 text-sm">
        <span className="font-medium">Blockers you mentioned: </span>
        {summary.blockers.length > 0 ? summary.blockers.join(", ") : "none"}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={confirming}
          onClick={() => {
            setConfirming(true);
            onConfirm();
          }}
        >
          {confirming ? "Submitting…" : "Confirm and submit"}
        </button>
        <p className="text-xs text-muted" data-testid="summary-countdown">
          Submitted as shown in {formatClock(left)} if you do nothing.
        </p>
      </div>
    </section>
  );
}

function ReadingRow({
  reading,
  onCorrect,
}: {
  reading: SummaryReading;
  onCorrect: (dimension: ScoreDimension, band: Band) => void;
}) {
  const [open, setOpen] = useState(false);
  const pickerId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const scale = SUMMARY_SCALES[reading.dimension];
  const shown = reading.corrected ?? reading.read;
  const text = readingSentence(reading);
  return (
    <li className="py-2.5" data-dimension={reading.dimension}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-[0.95rem]">
          {text}
          {reading.corrected ? <span className="badge badge-info badge-sm ml-2">your correction</span> : null}
        </p>
        <button
          ref={toggle}
          type="button"
          className="btn btn-ghost btn-xs"
          aria-expanded={open}
          aria-controls={pickerId}
          onClick={() => setOpen(!open)}
        >
          {open ? "Close" : reading.corrected ? "Change" : "This is wrong"}
          <span className="sr-only"> ({scale.label})</span>
        </button>
      </div>
      {open ? (
        // Buttons, not radios: a radio group commits on every arrow key, so each arrow press sent a
        // correction and closed the picker, and a band further along was out of a keyboard's reach.
        <fieldset id={pickerId} className="mt-2">
          <legend className="text-xs text-soft">What's right for {scale.label.toLowerCase()}?</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {BANDS.map((band) => {
              const current = (!reading.uncertain || reading.corrected !== undefined) && shown === band;
              return (
                <button
                  key={band}
                  type="button"
                  className={`btn btn-sm font-normal ${current ? "btn-primary" : "btn-outline"}`}
                  aria-pressed={current}
                  onClick={() => {
                    onCorrect(reading.dimension, band);
                    setOpen(false);
                    // The picker goes away: keep the keyboard on this row, not back at the page's top.
                    toggle.current?.focus();
                  }}
                >
                  {scale.bands[band].words}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}
    </li>
  );
}

/** Milliseconds until `at`, ticking each second. */
function useCountdown(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, at - now);
}
