import { freshLinkResponseSchema, OPEN_ELSEWHERE_MESSAGE, type OpenElsewhere } from "@shared/checkin-protocol";
import { useState } from "react";
import { ApiRequestError, api } from "@/lib/api";
import { deviceSentence } from "./device-label";
import { HandoverPrompt } from "./HandoverPrompt";

/**
 * The screen for any browser that is not the one that owns the chat. It shows nothing of
 * the conversation, says when and on what the chat was opened (so the salesperson can tell
 * whether it was them), and offers a fresh link by email — to the member's own address —
 * which moves the chat to whichever device opens it. A member without an email (their manager
 * handed the link over) is told to ask their manager instead. The device a fresh link moved
 * the chat away from is first asked whether the new one may see the conversation so far.
 */
export function OtherDeviceScreen({
  details,
  freshLinkPath,
  handoverPath,
  onGone,
}: {
  details: OpenElsewhere;
  freshLinkPath: string;
  handoverPath: string;
  onGone: (error: ApiRequestError) => void;
}) {
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "error"; message: string }>({
    kind: "idle",
  });

  async function sendFreshLink() {
    setState({ kind: "sending" });
    try {
      await api(freshLinkPath, freshLinkResponseSchema, { method: "POST" });
      setState({ kind: "sent" });
    } catch (error) {
      setState({
        kind: "error",
        message:
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : "We couldn't send the email just now. Please try again in a minute.",
      });
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4" data-testid="open-elsewhere">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <h1 className="card-title text-xl leading-snug">{OPEN_ELSEWHERE_MESSAGE}</h1>
          <p className="text-soft" data-testid="owner-device">
            {deviceSentence(details.owner)}
          </p>
          {details.handover ? (
            <HandoverPrompt movedAt={details.handover.movedAt} handoverPath={handoverPath} onGone={onGone} />
          ) : null}
          {details.claimRefused ? (
            <p className="text-sm text-error" role="alert" data-testid="claim-refused">
              That fresh link has already been used or has expired. You can ask for another one below.
            </p>
          ) : null}
          <p className="text-sm text-soft">
            To keep the conversation private, a check-in stays on the device that started it, and nothing of it is shown
            here.
          </p>
          {details.freshLink ? (
            <div className="mt-1 rounded-box border border-base-300 p-3">
              <p className="text-sm font-medium">Switched devices, or wasn't that you?</p>
              <p className="mt-1 text-sm text-soft">
                We can email a fresh link to the address this check-in was sent to. Open it on the device you want to
                use and the check-in moves there.
              </p>
              {state.kind === "sent" ? (
                <p className="mt-3 text-sm text-success" role="status">
                  Sent. Check your email and open the new link on this device.
                </p>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-sm mt-3 w-full sm:w-auto"
                  onClick={() => void sendFreshLink()}
                  disabled={state.kind === "sending"}
                >
                  {state.kind === "sending" ? <span className="loading loading-spinner loading-xs" /> : null}
                  Email me a fresh link
                </button>
              )}
              {state.kind === "error" ? (
                <p className="mt-2 text-sm text-error" role="alert">
                  {state.message}
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-soft" data-testid="ask-manager">
              Switched devices, or wasn't that you? Ask your manager to revoke this check-in and give you a new link.
            </p>
          )}
          <div className="card-actions mt-1">
            <a href="/" className="btn btn-ghost btn-sm">
              Return to Home
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}
