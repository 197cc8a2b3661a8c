import { ALERT_EMAIL_MODES, type AlertEmailMode, type NotificationSettings } from "@shared/notifications";
import { useMemo, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { LoadError, Panel, PanelSkeleton } from "@/components/ui";
import { Field } from "@/components/ui/Field";
import { useNotificationSettings, useSaveAlertEmails, useSaveTimeZone } from "../data/notifications";
import { DigestPreviewPanel } from "./DigestPreviewPanel";
import { SlackPanel } from "./SlackPanel";

const MODE_TEXT: Record<AlertEmailMode, { label: string; detail: string }> = {
  immediately: {
    label: "Immediately",
    detail: "An email within a minute of a check-in that raises an urgent or high alert.",
  },
  digest: { label: "In the weekly digest only", detail: "Alerts wait for Monday's digest." },
  off: { label: "Off", detail: "No alert emails and no digest by email." },
};

/** Settings → notifications: my alert emails, the organization's time zone, Slack, this week's digest. */
export function NotificationSections() {
  const settings = useNotificationSettings();
  if (settings.isError) {
    return <LoadError message="We couldn't load your notification settings." onRetry={() => settings.refetch()} />;
  }
  if (!settings.data) return <PanelSkeleton rows={2} />;
  return (
    <>
      <AlertEmailsPanel settings={settings.data} />
      <TimeZonePanel key={settings.data.timeZone} timeZone={settings.data.timeZone} />
      <SlackPanel slack={settings.data.slack} />
      <DigestPreviewPanel />
    </>
  );
}

function AlertEmailsPanel({ settings }: { settings: NotificationSettings }) {
  const save = useSaveAlertEmails();
  // Shown at once; put back if the server refuses it.
  const [selected, setSelected] = useState(settings.alertEmails);
  const choose = (mode: AlertEmailMode) => {
    const previous = selected;
    setSelected(mode);
    save.mutate(mode, {
      onSuccess: () => toast({ title: "Alert emails updated", description: MODE_TEXT[mode].label }),
      onError: (error) => {
        setSelected(previous);
        toast({ title: "Error", description: error.message, variant: "destructive" });
      },
    });
  };
  return (
    <Panel
      title="Alert emails"
      subtitle="Your own choice: each admin decides. Emails name the person and the figures, never what they wrote."
      testId="alert-emails-panel"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">When to email me about alerts</legend>
        {ALERT_EMAIL_MODES.map((mode) => (
          <label key={mode} className="flex cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="alert-emails"
              className="radio radio-primary mt-0.5"
              checked={selected === mode}
              onChange={() => choose(mode)}
            />
            <span>
              <span className="font-medium">{MODE_TEXT[mode].label}</span>
              <span className="block text-sm text-muted">{MODE_TEXT[mode].detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Panel>
  );
}

function TimeZonePanel({ timeZone }: { timeZone: string }) {
  const [draft, setDraft] = useState(timeZone);
  const save = useSaveTimeZone();
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf("timeZone");
    return all.includes(timeZone) ? all : [timeZone, ...all];
  }, [timeZone]);
  return (
    <Panel
      title="Time zone"
      subtitle="Schedules start their periods at midnight here, and the weekly digest goes out Mondays at 08:00."
    >
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft, {
            onSuccess: () => toast({ title: "Time zone saved", description: draft }),
            onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
          });
        }}
      >
        <div className="min-w-64 flex-1">
          <Field label="Organization time zone">
            {(control) => (
              <select {...control} className="select w-full" value={draft} onChange={(e) => setDraft(e.target.value)}>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <button type="submit" className="btn btn-primary" disabled={draft === timeZone || save.isPending}>
          {save.isPending ? "Saving..." : "Save time zone"}
        </button>
      </form>
    </Panel>
  );
}
