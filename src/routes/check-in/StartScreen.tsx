import type { CheckInInfo } from "@shared/checkin-protocol";
import { LogoMark } from "@/components/LogoMark";

/**
 * What a browser sees before it owns the chat (README → Chat ownership): opening the link
 * claims nothing, so a mail scanner or a link preview cannot take the chat; the salesperson
 * takes it with this button. With a fresh link's claim in the address, the same screen moves
 * the chat here instead ("Continue my check-in here").
 */
export function StartScreen({
  info,
  moving,
  state,
  onStart,
}: {
  /** Null on a fresh link's screen: the chat is someone else's until it moves, so nothing of it is shown. */
  info: Pick<CheckInInfo, "firstName" | "organizationName" | "durationMinutes"> | null;
  /** A fresh link: the chat is open on another device and moves here. */
  moving: boolean;
  state: { kind: "idle" | "starting" } | { kind: "error"; message: string };
  onStart: () => void;
}) {
  const busy = state.kind === "starting";
  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4" data-testid="start-screen">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <LogoMark />
          <h1 className="card-title text-xl leading-snug">
            {moving || !info ? "Continue your check-in here" : `Hi ${info.firstName}, ready for your check-in?`}
          </h1>
          {moving || !info ? (
            <p className="text-soft">
              Your check-in is open on another device. Continue here and it moves to this device, where it picks up
              where you left off; the other device can no longer see it.
            </p>
          ) : (
            <p className="text-soft">
              A private chat of about {info.durationMinutes} minutes about how work is going at {info.organizationName}.
              Your manager sees scores and themes, never your words.
            </p>
          )}
          <p className="text-sm text-muted">
            {moving
              ? "The link in your email works once."
              : "Once you start, the check-in stays on this device: the link will not open it anywhere else."}
          </p>
          <button
            type="button"
            className="btn btn-primary mt-1 w-full sm:w-auto"
            onClick={onStart}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? <span className="loading loading-spinner loading-xs" /> : null}
            {moving ? "Continue my check-in here" : "Start my check-in"}
          </button>
          {state.kind === "error" ? (
            <p className="text-sm text-error" role="alert">
              {state.message}
            </p>
          ) : null}
        </div>
      </div>
    </main>
  );
}
