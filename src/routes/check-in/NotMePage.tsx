import { CLOSED_ANSWERS, type NotMeInfo, notMeInfoSchema, notMeResponseSchema } from "@shared/checkin-protocol";
import { useEffect, useState } from "react";
import { LogoMark } from "@/components/LogoMark";
import { ApiRequestError, api } from "@/lib/api";
import { openedWhen } from "./device-label";

/**
 * "This wasn't me", from the email a move sends: `/check-in/{id}?move=&at=&notme=`. Opening
 * it only reads (a mail scanner may open it); the button closes the chat on every device and
 * alerts the operator (README → Chat ownership).
 */
export type NotMeParams = { id: string; move: string; at: string; notme: string };

export function notMeParamsFrom(location: Pick<Location, "pathname" | "search">): NotMeParams | null {
  const params = new URLSearchParams(location.search);
  const notme = params.get("notme");
  if (notme === null) return null;
  const id = decodeURIComponent(location.pathname.replace(/^\/check-in\/?/, "").split("/")[0] ?? "");
  return { id, move: params.get("move") ?? "", at: params.get("at") ?? "", notme };
}

type State =
  | { kind: "loading" }
  | { kind: "invalid"; message: string }
  | { kind: "ready"; info: NotMeInfo; sending: boolean; error: string | null }
  | { kind: "done"; state: "closed" | "ended" };

const FAILED = "We couldn't reach Undertone just now. Please check your connection and try again.";
const messageOf = (error: unknown) => (error instanceof ApiRequestError && error.status < 500 ? error.message : FAILED);

export function NotMePage({ params }: { params: NotMeParams }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const path = `/api/check-in/${encodeURIComponent(params.id)}/not-me`;
  const query = new URLSearchParams({ move: params.move, at: params.at, notme: params.notme }).toString();

  useEffect(() => {
    const controller = new AbortController();
    api(`${path}?${query}`, notMeInfoSchema, { signal: controller.signal })
      .then((info) =>
        setState(
          info.state === "closed"
            ? { kind: "done", state: "closed" }
            : { kind: "ready", info, sending: false, error: null },
        ),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ kind: "invalid", message: messageOf(error) });
      });
    return () => controller.abort();
  }, [path, query]);

  async function confirm(info: NotMeInfo) {
    setState({ kind: "ready", info, sending: true, error: null });
    try {
      const answer = await api(path, notMeResponseSchema, {
        method: "POST",
        body: { move: params.move, at: params.at, notme: params.notme },
      });
      setState({ kind: "done", state: answer.state });
    } catch (error) {
      setState({ kind: "ready", info, sending: false, error: messageOf(error) });
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4" data-testid="not-me-page">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body gap-3">
          <LogoMark />
          {state.kind === "loading" ? (
            <p className="flex items-center gap-2 text-sm text-soft" role="status">
              <span className="loading loading-spinner loading-sm text-primary" /> Checking your link…
            </p>
          ) : null}
          {state.kind === "invalid" ? (
            <>
              <h1 className="card-title text-xl">This link can't be used</h1>
              <p className="text-soft" role="alert">
                {state.message}
              </p>
            </>
          ) : null}
          {state.kind === "ready" ? (
            <Confirm
              info={state.info}
              sending={state.sending}
              error={state.error}
              onConfirm={() => void confirm(state.info)}
            />
          ) : null}
          {state.kind === "done" ? (
            <>
              <h1 className="card-title text-xl" data-testid="not-me-done">
                {state.state === "closed" ? "Your check-in is closed" : "Thanks for telling us"}
              </h1>
              <p className="text-soft" role="status">
                {state.state === "closed"
                  ? CLOSED_ANSWERS.not_me.message
                  : "This check-in had already ended, so there was nothing to close. We have alerted the people who run Undertone."}
              </p>
            </>
          ) : null}
          {state.kind !== "loading" ? (
            <div className="card-actions mt-1">
              <a href="/" className="btn btn-ghost btn-sm">
                Return to Home
              </a>
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}

function Confirm({
  info,
  sending,
  error,
  onConfirm,
}: {
  info: NotMeInfo;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const open = info.state === "open";
  return (
    <>
      <h1 className="card-title text-xl leading-snug">Wasn't that you?</h1>
      <p className="text-soft">
        Your {info.organizationName} check-in moved to a new device {openedWhen(info.movedAt)}.
        {open
          ? " If that wasn't you, close it: neither device can continue it, what was said is discarded, and we alert the people who run Undertone. Your manager can send you a new check-in."
          : " The check-in has already ended. You can still tell us it wasn't you, and we alert the people who run Undertone."}
      </p>
      <p className="text-sm text-muted">If it was you, there is nothing to do: just close this page.</p>
      <button
        type="button"
        className="btn btn-error mt-1 w-full sm:w-auto"
        onClick={onConfirm}
        disabled={sending}
        aria-busy={sending}
      >
        {sending ? <span className="loading loading-spinner loading-xs" /> : null}
        {open ? "It wasn't me: close my check-in" : "It wasn't me: alert Undertone"}
      </button>
      {error ? (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
