import type { SlackStatus } from "@shared/notifications";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Panel } from "@/components/ui";
import { Field } from "@/components/ui/Field";
import { useDisconnectSlack, useSaveSlackSettings, useSlackChannels } from "../data/notifications";

/**
 * Slack: "Add to Slack", then the channel for alerts and the digest (public, or private once
 * the app is invited), alert details to admins as DMs, and DMs for invitations. A channel
 * hears how many alerts there are, never who (issue 22 item 4).
 */
export const SLACK_UNAVAILABLE = "Slack is not available on this deployment yet.";

export function SlackPanel({ slack }: { slack: SlackStatus }) {
  return (
    <Panel
      title="Slack"
      subtitle="Tell a channel when there are alerts and post the weekly digest there; send who and why to admins, and check-in invitations to your team, as direct messages."
      testId="slack-panel"
    >
      {!slack.configured ? (
        // A customer's words: the variables that turn it on are the operator's business (README).
        <p className="text-sm text-soft">{SLACK_UNAVAILABLE}</p>
      ) : !slack.connected ? (
        <div className="flex flex-wrap items-center gap-3">
          {/* A full navigation: the server redirects to Slack's own consent page. */}
          <a className="btn btn-neutral" href="/api/slack/install">
            Add to Slack
          </a>
          <span className="text-sm text-muted">You'll choose a workspace and approve the app in Slack.</span>
        </div>
      ) : (
        <ConnectedSlack key={`${slack.channelId}-${slack.dmInvitations}-${slack.alertDms}`} slack={slack} />
      )}
    </Panel>
  );
}

function ConnectedSlack({ slack }: { slack: SlackStatus }) {
  const channels = useSlackChannels(true);
  const save = useSaveSlackSettings();
  const disconnect = useDisconnectSlack();
  const [channelId, setChannelId] = useState(slack.channelId ?? "");
  const [dm, setDm] = useState(slack.dmInvitations);
  const [alertDms, setAlertDms] = useState(slack.alertDms);
  const dirty = channelId !== (slack.channelId ?? "") || dm !== slack.dmInvitations || alertDms !== slack.alertDms;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        Connected to <strong>{slack.teamName}</strong>
        {slack.channelName ? (
          <>
            {" "}
            · alerts and the digest go to <strong>#{slack.channelName}</strong>
            {slack.channelPrivate ? " (private)" : ""}
          </>
        ) : (
          " · no channel chosen yet"
        )}
      </p>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { channelId: channelId || null, dmInvitations: dm, alertDms },
            {
              onSuccess: () =>
                toast({ title: "Slack settings saved", description: "Alerts and the digest follow it." }),
              onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
            },
          );
        }}
      >
        <Field
          label="Channel for alerts and the digest"
          hint={
            <>
              It hears how many alerts there are, never who. A public channel is joined for you; for a private one,
              first type <code className="whitespace-nowrap">/invite @Undertone</code> in it.
            </>
          }
          error={channels.isError ? channels.error.message : null}
        >
          {(control) => (
            <select
              {...control}
              className="select w-full sm:w-80"
              value={channelId}
              onChange={(e) => setChannelId(e.target.value)}
              disabled={channels.isPending}
            >
              <option value="">No channel</option>
              {(channels.data?.channels ?? []).map((channel) => (
                <option key={channel.id} value={channel.id}>
                  #{channel.name}
                  {channel.isPrivate ? " (private)" : ""}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary mt-0.5"
            checked={alertDms}
            onChange={(e) => setAlertDms(e.target.checked)}
          />
          <span>
            <span className="font-medium">Send alert details to admins as Slack messages</span>
            <span className="block text-sm text-muted">
              Who and why, to each admin who gets alert emails immediately and whom Slack finds by their email address.
            </span>
          </span>
        </label>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            className="toggle toggle-primary mt-0.5"
            checked={dm}
            onChange={(e) => setDm(e.target.checked)}
          />
          <span>
            <span className="font-medium">Send check-in invitations and reminders as Slack messages</span>
            <span className="block text-sm text-muted">
              To team members Slack finds by their email address; everyone else still gets the email.
            </span>
          </span>
        </label>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
            {save.isPending ? "Saving..." : "Save Slack settings"}
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => toast({ title: "Slack disconnected", description: "Nothing more is posted there." }),
              })
            }
          >
            Disconnect
          </button>
        </div>
      </form>
    </div>
  );
}
