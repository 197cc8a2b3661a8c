import { handoverResponseSchema } from "@shared/checkin-protocol";
import { useState } from "react";
import { ApiRequestError, api } from "@/lib/api";
import { openedWhen } from "./device-label";

/**
 * On the device a fresh link moved the chat away from, while it has not answered: may the
 * new device see the conversation so far? Nothing is shown there unless this device says
 * yes; no answer keeps it hidden (README → Chat ownership).
 */
export function HandoverPrompt({
  movedAt,
  handoverPath,
  onGone,
}: {
  movedAt: number;
  handoverPath: string;
  /** The chat ended or was closed meanwhile: the page shows why. */
  onGone: (error: ApiRequestError) => void;
}) {
  const [state, setState] = useState<
    { kind: "asking" | "sending" } | { kind: "done"; approved: boolean } | { kind: "error"; message: string }
  >({ kind: "asking" });

  async function answer(approve: boolean) {
    setState({ kind: "sending" });
    try {
      const { approved } = await api(handoverPath, handoverResponseSchema, { method: "POST", body: { approve } });
      setState({ kind: "done", approved });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 410)) return onGone(error);
      setState({
        kind: "error",
        message:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : "We couldn't send your answer just now. Please try again.",
      });
    }
  }

  if (state.kind === "done") {
    return (
      <p className="rounded-box border border-base-300 p-3 text-sm" role="status" data-testid="handover-answered">
        {state.approved
          ? "Done: the other device now shows the conversation so far."
          : "The earlier messages stay hidden from the other device."}
      </p>
    );
  }
  const busy = state.kind === "sending";
  return (
    <section
      className="rounded-box border border-primary/40 bg-primary/5 p-3"
      aria-labelledby="handover-title"
      data-testid="handover-prompt"
    >
      <h2 id="handover-title" className="font-medium">
        Your check-in moved to another device
      </h2>
      <p className="mt-1 text-sm text-soft" id="handover-question">
        It moved {openedWhen(movedAt)}. Show it the conversation so far? If you don't answer, the earlier messages stay
        hidden there.
      </p>
      <fieldset className="mt-3 flex flex-col gap-2 sm:flex-row" aria-labelledby="handover-question">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void answer(true)}>
          Show the conversation there
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => void answer(false)}>
          Keep it hidden
        </button>
      </fieldset>
      {state.kind === "error" ? (
        <p className="mt-2 text-sm text-error" role="alert">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}
