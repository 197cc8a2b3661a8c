import {
  type CheckInInfo,
  CLOSED_ANSWERS,
  type ClaimRequestBody,
  type ClosedReason,
  checkInInfoSchema,
  ERROR_MESSAGES,
  MAX_MESSAGE_CHARS,
  OPEN_ELSEWHERE_CODE,
  type OpenElsewhere,
  openElsewhereSchema,
} from "@shared/checkin-protocol";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import * as z from "zod/mini";
import { toast } from "@/components/toast/toast-store";
import { ApiRequestError, api } from "@/lib/api";
import { ChatScreen } from "./ChatScreen";
import { SubmittedPage } from "./Completed";
import { chatReducer, initialChat } from "./chat-state";
import { claimAttempt } from "./claim-attempt";
import { CheckInConnection } from "./connection";
import { MovedNotice } from "./MovedNotice";
import { NotMePage, notMeParamsFrom } from "./NotMePage";
import { OtherDeviceScreen } from "./OtherDeviceScreen";
import { StartScreen } from "./StartScreen";
import { rememberSubmitted, submittedHere } from "./submitted";
import { NOTHING_TYPED, type TypedAhead, useTypedAhead } from "./typed-ahead";

/**
 * /check-in/{id}?token=: the salesperson's private chat. States: loading, error with 'Return
 * to Home' (spec 2 §2), "Start my check-in" (nobody owns the chat yet: opening the link
 * claims nothing, README → Chat ownership), the chat over the check-in's WebSocket, and —
 * for any browser but the one that owns the chat — 'This check-in is already open on another
 * device'. A fresh link's `claim` turns that last screen into "Continue my check-in here".
 * (Just over 300 lines: the page's states and the moves between them, in one place.)
 */
type Link = { id: string; token: string; claim: string };
type Load =
  | { state: "loading" }
  | { state: "error"; message: string; title?: string }
  | { state: "start"; info: CheckInInfo | null; link: Link }
  | { state: "elsewhere"; details: OpenElsewhere; link: Link }
  | { state: "ready"; info: CheckInInfo; link: Link; started?: boolean }
  /** This browser submitted it: the link answers not found now, the page says thank you. */
  | { state: "submitted"; link: Link };

export function linkFromLocation(location: Pick<Location, "pathname" | "search">): Link {
  const id = decodeURIComponent(location.pathname.replace(/^\/check-in\/?/, "").split("/")[0] ?? "");
  const params = new URLSearchParams(location.search);
  return { id, token: params.get("token") ?? "", claim: params.get("claim") ?? "" };
}

const apiPath = (link: Link, action = "") =>
  `/api/check-in/${encodeURIComponent(link.id)}${action}?token=${encodeURIComponent(link.token)}`;

/** An answer that means "another browser owns this chat", read from a 409. */
function elsewhereOf(error: unknown): OpenElsewhere | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || error.code !== OPEN_ELSEWHERE_CODE) return null;
  const details = z.safeParse(openElsewhereSchema, error.details);
  return details.success ? details.data : null;
}

/** Read only: the chat for its owner, "Start" when nobody owns it, the other-device screen otherwise. */
async function openLink(link: Link, signal?: AbortSignal): Promise<Load> {
  try {
    const info = await api(apiPath(link), checkInInfoSchema, signal ? { signal } : {});
    return info.device ? { state: "ready", info, link } : { state: "start", info, link };
  } catch (error) {
    const details = elsewhereOf(error);
    if (!details) throw error;
    // A fresh link: this browser may take the chat over, by a click (a scanner never clicks).
    return link.claim ? { state: "start", info: null, link } : { state: "elsewhere", details, link };
  }
}

const REFUSED_WHILE_CLOSING = "That answer wasn't sent: your check-in was already wrapping up.";
const LOAD_FAILED = "We couldn't load your check-in. Please check your connection and try again.";
/**
 * A chat closed for good, by why: the API's 410 code and message (the shared table), and the
 * page's title (a snapshot's `closedReason` and a later visit's 410 show the same). The page
 * never suggests the link might work again.
 */
const CLOSED: Record<ClosedReason, { code: string; title: string; message: string }> = {
  not_me: { ...CLOSED_ANSWERS.not_me, title: "This check-in was closed" },
  revoked: { ...CLOSED_ANSWERS.revoked, title: "This check-in was withdrawn" },
};
const FINAL_TITLES = new Set(Object.values(CLOSED).map((closed) => closed.title));

/** The 410s of a closed check-in ("This wasn't me", or the Admin revoked it), with their titles. */
function closedTitle(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  return Object.values(CLOSED).find((closed) => closed.code === error.code)?.title ?? null;
}

/** A refusal the page shows as its final state (closed for good: 410, with its own title). */
function refusedLoad(error: ApiRequestError): Load {
  const title = closedTitle(error);
  return title ? { state: "error", message: error.message, title } : { state: "error", message: error.message };
}

/** The check-in link, or the "This wasn't me" link a move's email carries (same path, its own page). */
export function CheckInPage() {
  const notMe = notMeParamsFrom(window.location);
  return notMe ? <NotMePage params={notMe} /> : <CheckInChatPage />;
}

function CheckInChatPage() {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [starting, setStarting] = useState<{ kind: "idle" | "starting" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const typedAhead = useTypedAhead(starting.kind === "starting");

  useEffect(() => {
    const link = linkFromLocation(window.location);
    const controller = new AbortController();
    if (!link.id || !link.token) {
      setLoad({ state: "error", message: "Missing check-in ID or token" });
      toast({ title: "Initialization Error", description: "Missing check-in ID or token", variant: "destructive" });
      return;
    }
    // A reload after submitting: this browser knows the check-in is done, so it asks nothing
    // (the link's GET would answer a submitted check-in 404, an error in the console for no news).
    if (submittedHere(link.id)) {
      setLoad({ state: "submitted", link });
      return;
    }
    openLink(link, controller.signal)
      .then(setLoad)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof ApiRequestError && error.status < 500 ? error.message : LOAD_FAILED;
        setLoad(
          error instanceof ApiRequestError && error.status < 500 ? refusedLoad(error) : { state: "error", message },
        );
        toast({ title: "Initialization Error", description: message, variant: "destructive" });
      });
    return () => controller.abort();
  }, []);

  // "Start my check-in" / "Continue my check-in here": the claim, safe to repeat from this page.
  const start = useCallback(async (link: Link) => {
    setStarting({ kind: "starting" });
    const body: ClaimRequestBody = { attempt: claimAttempt(link.id), ...(link.claim ? { claim: link.claim } : {}) };
    try {
      const info = await api(apiPath(link, "/claim"), checkInInfoSchema, { method: "POST", body });
      // A fresh link's claim works once: a reload should not carry it again.
      if (link.claim)
        window.history.replaceState(
          null,
          "",
          `/check-in/${encodeURIComponent(link.id)}?token=${encodeURIComponent(link.token)}`,
        );
      setStarting({ kind: "idle" });
      setLoad({ state: "ready", info, link: { ...link, claim: "" }, started: true });
    } catch (error) {
      const details = elsewhereOf(error);
      if (details) {
        setStarting({ kind: "idle" });
        setLoad({ state: "elsewhere", details, link: { ...link, claim: "" } });
        return;
      }
      // Revoked (or closed by "This wasn't me") while the start screen was open: say so, for good.
      if (error instanceof ApiRequestError && closedTitle(error)) {
        setStarting({ kind: "idle" });
        setLoad(refusedLoad(error));
        return;
      }
      setStarting({
        kind: "error",
        message: error instanceof ApiRequestError && error.status < 500 ? error.message : LOAD_FAILED,
      });
    }
  }, []);

  // The socket was closed or refused in a way that may mean the chat moved to another device.
  // Still this browser's: what the link says now (e.g. that its tabs are full), or null.
  const recheck = useCallback(
    (link: Link): Promise<CheckInInfo | null> =>
      openLink({ ...link, claim: "" })
        .then((next) => {
          if (next.state === "elsewhere") setLoad(next);
          return next.state === "ready" ? next.info : null;
        })
        .catch((error: unknown) => {
          // Closed while this tab was away (it missed the snapshot that says why): say so, for good.
          if (error instanceof ApiRequestError && closedTitle(error)) setLoad(refusedLoad(error));
          // Otherwise offline or the check-in ended: the chat's own reconnect and snapshot say so.
          return null;
        }),
    [],
  );

  // The other-device screen reads the link again when the tab is shown: the move may have been
  // answered, or the chat closed ("This wasn't me"), meanwhile.
  const elsewhereLink = load.state === "elsewhere" ? load.link : null;
  useEffect(() => {
    if (!elsewhereLink) return;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      openLink({ ...elsewhereLink, claim: "" })
        .then((next) => {
          if (next.state === "elsewhere") setLoad(next);
        })
        .catch((error: unknown) => {
          if (error instanceof ApiRequestError && error.status < 500) setLoad(refusedLoad(error));
        });
    };
    document.addEventListener("visibilitychange", refresh);
    return () => document.removeEventListener("visibilitychange", refresh);
  }, [elsewhereLink]);
  const gone = useCallback((error: ApiRequestError) => setLoad(refusedLoad(error)), []);

  if (load.state === "loading") return <Loading />;
  if (load.state === "error")
    return <LoadError message={load.message} {...(load.title ? { title: load.title } : {})} />;
  if (load.state === "submitted") return <SubmittedPage reachOutPath={apiPath(load.link, "/reach-out")} />;
  if (load.state === "start") {
    const { link } = load;
    return (
      <StartScreen info={load.info} moving={load.info === null} state={starting} onStart={() => void start(link)} />
    );
  }
  if (load.state === "elsewhere") {
    return (
      <OtherDeviceScreen
        details={load.details}
        freshLinkPath={apiPath(load.link, "/fresh-link")}
        handoverPath={apiPath(load.link, "/handover")}
        onGone={gone}
      />
    );
  }
  return (
    <LiveChat
      info={load.info}
      link={load.link}
      onOwnership={recheck}
      started={load.started === true}
      typedAhead={load.started === true ? typedAhead.current : NOTHING_TYPED}
    />
  );
}

function LiveChat({
  info,
  link,
  onOwnership,
  started,
  typedAhead,
}: {
  info: CheckInInfo;
  link: Link;
  onOwnership: (link: Link) => Promise<CheckInInfo | null>;
  started: boolean;
  /** What was typed after "Start my check-in" was pressed, before the answer box was there. */
  typedAhead: TypedAhead;
}) {
  const [view, dispatch] = useReducer(chatReducer, initialChat);
  // Refused because this browser has the chat open in too many tabs (the link says so; a
  // browser hides the socket's 429): said in place of "Connecting…" while it keeps retrying.
  const [tabsFull, setTabsFull] = useState(false);
  const connection = useRef<CheckInConnection | null>(null);
  const sentAhead = useRef(typedAhead.sent);

  const { id, token } = link;
  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${window.location.host}/api/check-in/${encodeURIComponent(id)}/ws?token=${encodeURIComponent(token)}`;
    const link = new CheckInConnection(url, `undertone:checkin-outbox:${id}`, (event) => {
      if (event.kind === "frame") {
        dispatch({ kind: "frame", frame: event.frame, now: Date.now() });
        const frame = event.frame;
        if (frame.type === "completed" || (frame.type === "snapshot" && frame.status === "completed"))
          rememberSubmitted(id);
        if (frame.type === "error" && frame.code !== "rate_limited") {
          toast({
            title: "Message Error",
            description:
              frame.code === "internal_error"
                ? "There was an issue processing your message. Please try again."
                : frame.code === "check_in_closed" && frame.clientId
                  ? // An answer that arrived once the summary was up: the chat is not over, only closed to answers.
                    REFUSED_WHILE_CLOSING
                  : ERROR_MESSAGES[frame.code],
            variant: "destructive",
          });
        }
      } else if (event.kind === "status") {
        dispatch({ kind: "status", status: event.status });
        if (event.status === "open") setTabsFull(false);
      } else if (event.kind === "ownership")
        void onOwnership({ id, token, claim: "" }).then((info) => setTabsFull(info?.tabsFull === true));
      else if (event.kind === "refused") dispatch({ kind: "refused", entry: event.entry, code: event.code });
      else dispatch({ kind: "outbox", entries: event.entries });
    });
    connection.current = link;
    link.start();
    // Answers sent with Enter before the box was there join the outbox like any answer, once: on
    // the next task, so development mode's throwaway first run of this effect does not send them.
    const sendAhead = setTimeout(() => {
      for (const content of sentAhead.current) link.sendMessage(content);
      sentAhead.current = [];
    }, 0);
    return () => {
      clearTimeout(sendAhead);
      link.stop();
      connection.current = null;
    };
  }, [id, token, onOwnership]);

  // "This wasn't me" closed the chat, or the Admin revoked it, on every device: say so, instead of "expired".
  const closed = view.closedReason ? CLOSED[view.closedReason] : null;
  if (closed) return <LoadError message={closed.message} title={closed.title} />;
  return (
    <ChatScreen
      info={info}
      view={view}
      notice={view.earlierHidden ? <MovedNotice earlierHidden={view.earlierHidden} /> : null}
      maxChars={MAX_MESSAGE_CHARS}
      onSend={(content) => connection.current?.sendMessage(content)}
      onPause={() => connection.current?.send({ type: "pause" })}
      onResume={() => connection.current?.send({ type: "resume" })}
      onCorrect={(dimension, band) => connection.current?.send({ type: "summary.correct", dimension, band })}
      onConfirm={() => {
        // Confirmed, it completes now (or when the summary's wait ends, if this frame is lost).
        rememberSubmitted(id);
        connection.current?.send({ type: "summary.confirm" });
      }}
      reachOutPath={apiPath(link, "/reach-out")}
      focusComposer={started}
      tabsFull={tabsFull}
      draft={typedAhead.draft}
    />
  );
}

function Loading() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3" aria-busy="true">
      <span className="loading loading-spinner loading-lg text-primary" />
      <p className="text-sm text-soft" role="status">
        Loading your check-in…
      </p>
    </main>
  );
}

function LoadError({ message, title = "We couldn't open this check-in" }: { message: string; title?: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-xl">{title}</h1>
          <p className="text-soft" role="alert">
            {message}
          </p>
          {FINAL_TITLES.has(title) ? null : (
            <p className="text-sm text-muted">
              A check-in link works until the check-in is submitted or expires. If you expected a new one, ask your
              manager to send it again.
            </p>
          )}
          <div className="card-actions mt-2">
            <a href="/" className="btn btn-primary">
              Return to Home
            </a>
          </div>
        </div>
      </div>
    </main>
  );
}
