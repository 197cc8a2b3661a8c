import {
  type CheckInInfo,
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
import { chatReducer, initialChat } from "./chat-state";
import { CheckInConnection } from "./connection";
import { OtherDeviceScreen } from "./OtherDeviceScreen";

/**
 * /check-in/{id}?token=: the salesperson's private chat. Four states: loading, error with
 * 'Return to Home' (spec 2 §2), the chat over the check-in's WebSocket, and — for any
 * browser but the one that owns the chat — 'This check-in is already open on another
 * device' (README → Chat ownership).
 */
type Load =
  | { state: "loading" }
  | { state: "error"; message: string }
  | { state: "elsewhere"; details: OpenElsewhere; id: string; token: string }
  | { state: "ready"; info: CheckInInfo; id: string; token: string };

export function linkFromLocation(location: Pick<Location, "pathname" | "search">) {
  const id = decodeURIComponent(location.pathname.replace(/^\/check-in\/?/, "").split("/")[0] ?? "");
  const params = new URLSearchParams(location.search);
  return { id, token: params.get("token") ?? "", claim: params.get("claim") ?? "" };
}

const infoPath = (id: string, token: string, claim = "") =>
  `/api/check-in/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}${claim ? `&claim=${encodeURIComponent(claim)}` : ""}`;

/** The answer to the link: the chat for its owner, the other-device screen for anyone else. */
async function openLink(id: string, token: string, claim: string, signal?: AbortSignal): Promise<Load> {
  try {
    const info = await api(infoPath(id, token, claim), checkInInfoSchema, signal ? { signal } : {});
    return { state: "ready", info, id, token };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409 && error.code === OPEN_ELSEWHERE_CODE) {
      const details = z.safeParse(openElsewhereSchema, error.details);
      if (details.success) return { state: "elsewhere", details: details.data, id, token };
    }
    throw error;
  }
}

export function CheckInPage() {
  const [load, setLoad] = useState<Load>({ state: "loading" });

  useEffect(() => {
    const { id, token, claim } = linkFromLocation(window.location);
    const controller = new AbortController();
    if (!id || !token) {
      setLoad({ state: "error", message: "Missing check-in ID or token" });
      toast({ title: "Initialization Error", description: "Missing check-in ID or token", variant: "destructive" });
      return;
    }
    openLink(id, token, claim, controller.signal)
      .then((next) => {
        // A fresh link's claim works once: a reload should not carry it again.
        if (claim)
          window.history.replaceState(
            null,
            "",
            `/check-in/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
          );
        setLoad(next);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof ApiRequestError && error.status < 500
            ? error.message
            : "We couldn't load your check-in. Please check your connection and try again.";
        setLoad({ state: "error", message });
        toast({ title: "Initialization Error", description: message, variant: "destructive" });
      });
    return () => controller.abort();
  }, []);

  // The socket was closed or refused in a way that may mean the chat moved to another device.
  const recheck = useCallback((id: string, token: string) => {
    openLink(id, token, "")
      .then((next) => {
        if (next.state === "elsewhere") setLoad(next);
      })
      .catch(() => {
        // Offline or the check-in ended: the chat's own reconnect and snapshot say so.
      });
  }, []);

  if (load.state === "loading") return <Loading />;
  if (load.state === "error") return <LoadError message={load.message} />;
  if (load.state === "elsewhere") {
    return (
      <OtherDeviceScreen
        details={load.details}
        freshLinkPath={`/api/check-in/${encodeURIComponent(load.id)}/fresh-link?token=${encodeURIComponent(load.token)}`}
      />
    );
  }
  return <LiveChat info={load.info} id={load.id} token={load.token} onOwnership={recheck} />;
}

function LiveChat({
  info,
  id,
  token,
  onOwnership,
}: {
  info: CheckInInfo;
  id: string;
  token: string;
  onOwnership: (id: string, token: string) => void;
}) {
  const [view, dispatch] = useReducer(chatReducer, initialChat);
  const connection = useRef<CheckInConnection | null>(null);

  useEffect(() => {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${scheme}//${window.location.host}/api/check-in/${encodeURIComponent(id)}/ws?token=${encodeURIComponent(token)}`;
    const link = new CheckInConnection(url, `undertone:checkin-outbox:${id}`, (event) => {
      if (event.kind === "frame") {
        dispatch({ kind: "frame", frame: event.frame, now: Date.now() });
        const frame = event.frame;
        if (frame.type === "error" && frame.code !== "rate_limited") {
          toast({
            title: "Message Error",
            description:
              frame.code === "internal_error"
                ? "There was an issue processing your message. Please try again."
                : ERROR_MESSAGES[frame.code],
            variant: "destructive",
          });
        }
      } else if (event.kind === "status") dispatch({ kind: "status", status: event.status });
      else if (event.kind === "ownership") onOwnership(id, token);
      else dispatch({ kind: "outbox", entries: event.entries });
    });
    connection.current = link;
    link.start();
    return () => {
      link.stop();
      connection.current = null;
    };
  }, [id, token, onOwnership]);

  return (
    <ChatScreen
      info={info}
      view={view}
      maxChars={MAX_MESSAGE_CHARS}
      onSend={(content) => connection.current?.sendMessage(content)}
      onPause={() => connection.current?.send({ type: "pause" })}
      onResume={() => connection.current?.send({ type: "resume" })}
      reachOutPath={`/api/check-in/${encodeURIComponent(id)}/reach-out?token=${encodeURIComponent(token)}`}
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

function LoadError({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <h1 className="card-title text-xl">We couldn't open this check-in</h1>
          <p className="text-soft" role="alert">
            {message}
          </p>
          <p className="text-sm text-muted">
            A check-in link works until the check-in is submitted or expires. If you expected a new one, ask your
            manager to send it again.
          </p>
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
