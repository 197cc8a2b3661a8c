import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/toast/toast-store";

const OUTCOMES: Record<string, { title: string; description: string; variant?: "destructive" }> = {
  connected: { title: "Slack connected", description: "Choose a channel for alerts and the digest." },
  denied: { title: "Slack not connected", description: "The install was cancelled in Slack.", variant: "destructive" },
  invalid_state: {
    title: "Slack not connected",
    description: "That install link expired or was not yours. Please try Add to Slack again.",
    variant: "destructive",
  },
  failed: {
    title: "Slack not connected",
    description: "Slack did not complete the install. Please try again.",
    variant: "destructive",
  },
};

/** After "Add to Slack", the callback returns here with ?slack=…: say what happened once, then drop it. */
export function useSlackOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get("slack");
  useEffect(() => {
    if (!outcome) return;
    const message = OUTCOMES[outcome];
    if (message) toast(message);
    setParams(
      (current) => {
        current.delete("slack");
        return current;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
