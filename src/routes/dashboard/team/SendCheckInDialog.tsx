import type { CreateCheckInResponse, TeamMember } from "@shared/team";
import { useState } from "react";
import { Icon } from "@/components/Icon";
import { toast } from "@/components/toast/toast-store";
import { Modal } from "@/components/ui";
import { formatWeekdayDateTime } from "../charts/format";
import { useSendCheckIn } from "../data/team";
import { fullName } from "../labels";
import { HandOverLink, handOverWarning } from "./HandOverLink";

/**
 * Send a check-in: the private link goes to the member's own email and nowhere else — not
 * to this dialog. The chat belongs to the first browser that starts it from the link, so it must be
 * theirs (README → Chat ownership). Only a member without an email gets theirs through the
 * Admin: then the dialog shows the link to copy, with that warning.
 */
export const OWNERSHIP_NOTE =
  "Whoever starts the check-in from the link first owns the chat: it then works on that device only. If they switch devices, they can have a fresh link sent to the same email.";

export function SendCheckInDialog({
  member,
  onClose,
  returnFocus,
}: {
  member: TeamMember;
  onClose: () => void;
  /** Where focus goes on close if the button that opened it is gone (sent: it is waiting now). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [sent, setSent] = useState<CreateCheckInResponse | null>(null);
  const send = useSendCheckIn();

  const submit = () =>
    send.mutate(
      { teamMemberId: member.id },
      {
        onSuccess: (result) => {
          setSent(result);
          if (result.email === "failed") {
            toast({
              title: "The email could not be sent",
              description: "The check-in is ready: use Resend on the Check-ins list to try again.",
              variant: "destructive",
            });
          }
        },
      },
    );

  return (
    <Modal
      title={sent ? "Check-in sent" : `Send a check-in to ${member.firstName}`}
      onClose={onClose}
      {...(returnFocus ? { returnFocus } : {})}
    >
      {sent ? (
        <SentView result={sent} member={member} onClose={onClose} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-soft">
            {fullName(member)} gets a private link to a short chat with the AI interviewer. You will see their scores,
            themes and any alerts — never the conversation.
          </p>
          {member.email === null ? (
            <>
              <p className="text-sm">
                {member.firstName} has no email, so nothing is emailed: you get the link here, to give to{" "}
                {member.firstName} yourself.
              </p>
              <p className="text-xs text-muted" data-testid="ownership-note">
                {handOverWarning(member.firstName)}
              </p>
            </>
          ) : (
            <>
              <p className="text-sm">
                The link is emailed to <span className="font-medium break-all">{member.email}</span> only; it is not
                shown to you.
              </p>
              <p className="text-xs text-muted" data-testid="ownership-note">
                {OWNERSHIP_NOTE}
              </p>
            </>
          )}
          {send.isError ? (
            <p role="alert" className="alert alert-error alert-soft text-sm">
              {send.error.message}
            </p>
          ) : null}
          <div className="modal-action mt-0">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={submit} disabled={send.isPending}>
              {send.isPending ? (
                <span className="loading loading-spinner loading-sm" />
              ) : (
                <Icon name="send" className="size-4" />
              )}
              Send check-in
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function SentView({
  result,
  member,
  onClose,
}: {
  result: CreateCheckInResponse;
  member: TeamMember;
  onClose: () => void;
}) {
  if (result.url) {
    return (
      <div className="flex flex-col gap-4" data-testid="check-in-sent">
        <p className="text-sm">
          The check-in is ready. It works until {formatWeekdayDateTime(result.expiresAt)}. You can copy the link again
          later from the Check-ins list.
        </p>
        <HandOverLink url={result.url} firstName={member.firstName} />
        <DoneAction onClose={onClose} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="check-in-sent">
      <p className="flex items-start gap-2 text-sm">
        <span
          className={`grid size-6 shrink-0 place-items-center rounded-full ${
            result.email === "failed" ? "bg-error text-error-content" : "bg-success text-success-content"
          }`}
        >
          <Icon name={result.email === "failed" ? "x" : "check"} className="size-3.5" />
        </span>
        <span>
          {result.email === "failed"
            ? `The email to ${member.email} could not be delivered. Use Resend on the Check-ins list to try again.`
            : `Emailed to ${member.email}.`}{" "}
          It works until {formatWeekdayDateTime(result.expiresAt)}.
        </span>
      </p>
      <p className="text-xs text-muted">{OWNERSHIP_NOTE}</p>
      <DoneAction onClose={onClose} />
    </div>
  );
}

function DoneAction({ onClose }: { onClose: () => void }) {
  return (
    <div className="modal-action mt-0">
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Done
      </button>
    </div>
  );
}
