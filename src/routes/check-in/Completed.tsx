import { reachOutResponseSchema } from "@shared/checkin-protocol";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { api } from "@/lib/api";
import type { ChatView } from "./chat-state";

export const COMPLETED_TEXT = "Thanks! Your check-in has been submitted.";

/** The end of the chat: submitted (with the reach-out request, spec 2 §4) or expired. */
export function Completed({ status, reachOutPath }: { status: ChatView["status"]; reachOutPath: string }) {
  const [reachOut, setReachOut] = useState<"idle" | "saving" | "done">("idle");
  if (status === "expired") {
    return (
      <div className="rounded-box bg-base-100 p-5 text-center shadow-sm" role="status">
        <p className="font-medium">This check-in has expired.</p>
      </div>
    );
  }

  async function requestReachOut() {
    setReachOut("saving");
    try {
      await api(reachOutPath, reachOutResponseSchema, { method: "POST" });
      setReachOut("done");
    } catch {
      setReachOut("idle");
      toast({
        title: "Error",
        description: "We couldn't send that request. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="rounded-box bg-base-100 p-5 text-center shadow-sm" role="status">
      <div className="mx-auto mb-2 flex size-10 items-center justify-center rounded-full bg-success/15 text-success">
        <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
          <path d="M5 13l4 4L19 7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </div>
      <p className="text-lg font-semibold">{COMPLETED_TEXT}</p>
      <p className="mt-1 text-sm text-soft">You can close this page.</p>
      <label className="mt-4 inline-flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="checkbox checkbox-primary checkbox-sm"
          checked={reachOut !== "idle"}
          disabled={reachOut !== "idle"}
          onChange={() => void requestReachOut()}
        />
        I'd like my manager to reach out
      </label>
      {reachOut === "done" ? (
        <p className="mt-2 text-sm text-success">Thanks. Your manager will be asked to get in touch.</p>
      ) : null}
    </div>
  );
}

/** A reload of the link after submitting: the spec's completion message, as the chat ended with it. */
export function SubmittedPage({ reachOutPath }: { reachOutPath: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-4">
      <div className="w-full max-w-md">
        <h1 className="sr-only">Your check-in</h1>
        <Completed status="completed" reachOutPath={reachOutPath} />
        <p className="mt-4 text-center">
          <a href="/" className="btn btn-ghost btn-sm">
            Return to Home
          </a>
        </p>
      </div>
    </main>
  );
}
