import type { EarlierHidden } from "@shared/checkin-protocol";
import { openedWhen } from "./device-label";

/**
 * On the device a fresh link moved the chat to: the conversation continues here, and the
 * messages before the move stay on the other device unless it chooses to show them
 * (README → Chat ownership). The interviewer still has them, so the salesperson carries on.
 */
export function MovedNotice({ earlierHidden }: { earlierHidden: EarlierHidden }) {
  return (
    <section
      className="rounded-box border border-info/40 bg-base-100 p-3 text-sm"
      aria-labelledby="moved-notice-title"
      data-testid="moved-notice"
    >
      <h2 id="moved-notice-title" className="font-medium">
        Your check-in continues here
      </h2>
      <p className="mt-1 text-soft" role="status">
        {earlierHidden.declined
          ? "Your other device chose to keep the earlier messages there, so they are not shown here."
          : `It moved here ${openedWhen(earlierHidden.movedAt)}. The earlier messages stay on your other device unless you choose to show them here from that device.`}
      </p>
      <p className="mt-1 text-soft">
        The interviewer remembers the conversation so far: just carry on where you left off.
      </p>
    </section>
  );
}
