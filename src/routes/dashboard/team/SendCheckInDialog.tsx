import type { CreateCheckInResponse, TeamMember } from "@shared/team";
import { useRef, useState } from "react";
import { Icon } from "@/components/Icon";
import { toast } from "@/components/toast/toast-store";
import { formatDateTime } from "../charts/format";
import { useSendCheckIn } from "../data/team";
import { Dialog } from "../ui/Dialog";
import { fullName } from "../ui/labels";

/**
 * Send a check-in: email the private link (default) and offer it to copy. The link is
 * shown here once — the server keeps only a hash of its token.
 */
export function SendCheckInDialog({ member, onClose }: { member: TeamMember; onClose: () => void }) {
  const [emailIt, setEmailIt] = useState(true);
  const [sent, setSent] = useState<CreateCheckInResponse | null>(null);
  const send = useSendCheckIn();

  const submit = () =>
    send.mutate(
      { teamMemberId: member.id, sendEmail: emailIt },
      {
        onSuccess: (result) => {
          setSent(result);
          if (result.email === "failed") {
            toast({
              title: "The email could not be sent",
              description: "The check-in is ready: copy the link and share it yourself.",
              variant: "destructive",
            });
          }
        },
      },
    );

  return (
    <Dialog title={sent ? "Check-in sent" : `Send a check-in to ${member.firstName}`} onClose={onClose}>
      {sent ? (
        <SentView result={sent} member={member} onClose={onClose} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-soft">
            {fullName(member)} gets a private link to a short chat with the AI interviewer. You will see their scores,
            themes and any alerts — never the conversation.
          </p>
          <label className="flex cursor-pointer items-start gap-3">
            <input
              type="checkbox"
              className="checkbox checkbox-primary checkbox-sm mt-0.5"
              checked={emailIt}
              onChange={(event) => setEmailIt(event.target.checked)}
            />
            <span className="text-sm">
              Email the link to <span className="font-medium">{member.email}</span>
              <span className="block text-xs text-muted">Untick to share the link yourself, e.g. in Slack.</span>
            </span>
          </label>
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
    </Dialog>
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
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result.link);
      setCopied(true);
    } catch {
      // No clipboard permission: select the text so Ctrl+C works.
      input.current?.select();
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid="check-in-sent">
      <p className="flex items-start gap-2 text-sm">
        <span className="grid size-6 shrink-0 place-items-center rounded-full bg-success text-success-content">
          <Icon name="check" className="size-3.5" />
        </span>
        <span>
          {result.email === "sent"
            ? `Emailed to ${member.email}.`
            : result.email === "failed"
              ? "The email could not be delivered. Share the link below yourself."
              : `Share the link below with ${member.firstName}.`}{" "}
          It works until {formatDateTime(result.expiresAt)}.
        </span>
      </p>
      <div>
        <label htmlFor="check-in-link" className="text-sm font-medium">
          Check-in link
        </label>
        <div className="join mt-1 w-full">
          <input
            ref={input}
            id="check-in-link"
            readOnly
            value={result.link}
            className="input join-item w-full font-mono text-xs"
            onFocus={(event) => event.target.select()}
            data-testid="check-in-link"
          />
          <button type="button" className="btn join-item" onClick={copy}>
            {copied ? "Copied" : "Copy"}
          </button>
        </div>
        <p className="mt-2 text-xs text-muted">
          Shown only this once: anyone with this link can answer as {member.firstName}, so share it only with them.
        </p>
      </div>
      <div className="modal-action mt-0">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
