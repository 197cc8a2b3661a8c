import { CHECK_IN_FREQUENCIES, type CheckInFrequency } from "@shared/domain";
import type { CheckInSettingsResponse } from "@shared/schedule";
import {
  type OrganizationCheckInSettings,
  organizationCheckInSettingsSchema,
  reminderIntervalProblem,
} from "@shared/settings";
import { formatDateTime, formatDateTimeIn } from "@shared/time";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import * as zc from "zod/v4/core";
import { toast } from "@/components/toast/toast-store";
import { DailyLimitsList, Field, LoadError, PageHeader, Panel, PanelSkeleton } from "@/components/ui";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { useCheckInSettings, useSaveCheckInSettings } from "../data/settings";
import { AccountSettings } from "./AccountSettings";
import { ConversationStylePanel } from "./ConversationStylePanel";
import { NotificationSections } from "./NotificationSettings";
import { PlanPanel } from "./PlanPanel";
import { useSlackOutcome } from "./useSlackOutcome";

const FREQUENCY_LABEL: Record<CheckInFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly (Mondays)",
  biweekly: "Every two weeks (Mondays)",
  monthly: "Monthly (the 1st)",
};

type NumberSetting = "durationMinutes" | "reminderIntervalHours" | "maxResponseHours";
type Draft = Record<NumberSetting, string> &
  Pick<OrganizationCheckInSettings, "frequency" | "autoReminders" | "schedulingEnabled" | "conversationStyle">;

const toDraft = (s: OrganizationCheckInSettings): Draft => ({
  ...s,
  durationMinutes: String(s.durationMinutes),
  reminderIntervalHours: String(s.reminderIntervalHours),
  maxResponseHours: String(s.maxResponseHours),
});
const fromDraft = (d: Draft) => ({
  ...d,
  durationMinutes: Number(d.durationMinutes),
  reminderIntervalHours: Number(d.reminderIntervalHours),
  maxResponseHours: Number(d.maxResponseHours),
});
const NUMBER_ERRORS: Record<NumberSetting, string> = {
  durationMinutes: "Check-in length must be a whole number of minutes from 3 to 60.",
  reminderIntervalHours: "The reminder interval must be a whole number of hours from 1 to 168.",
  maxResponseHours: "The response time must be a whole number of hours from 1 to 720.",
};
const isNumberSetting = (field: string): field is NumberSetting => Object.hasOwn(NUMBER_ERRORS, field);
const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

/** /dashboard/settings — the organization's check-in schedule, starting from the global defaults. */
export function SettingsPage() {
  const settings = useCheckInSettings();
  useDocumentTitle("Settings — Undertone");
  useSlackOutcome();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <PageHeader title="Settings" subtitle="How and when your team is asked to check in, and how you hear about it." />
      <PlanPanel />
      {settings.isError ? (
        <LoadError message="We couldn't load your settings." onRetry={() => settings.refetch()} />
      ) : null}
      {settings.isPending ? <PanelSkeleton rows={3} /> : null}
      {settings.data ? <SettingsForm key={settings.data.updatedAt ?? "defaults"} loaded={settings.data} /> : null}
      <NotificationSections />
      {settings.data ? (
        <Panel
          title="Today's limits"
          subtitle="What your organization may use each day, sized to your team; the figures start again at midnight UTC."
          testId="daily-limits-panel"
        >
          <DailyLimitsList limits={settings.data.dailyLimits} />
        </Panel>
      ) : null}
      <AccountSettings />
    </div>
  );
}

export function SettingsForm({ loaded }: { loaded: CheckInSettingsResponse }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(loaded.settings));
  // A value out of bounds is said under its own field; a refusal from the server under the form.
  const [fieldError, setFieldError] = useState<{ field: NumberSetting; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveCheckInSettings();
  const saved = toDraft(loaded.settings);
  const dirty = !same(draft, saved);
  const atDefaults = same(draft, toDraft(loaded.defaults));

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setError(null);
    // The interval's error may be about the expiry or the switch too (submit): any of them clears it.
    const related =
      fieldError?.field === "reminderIntervalHours" && (key === "maxResponseHours" || key === "autoReminders");
    if (fieldError?.field === key || related) setFieldError(null);
    setDraft((current) => ({ ...current, [key]: value }));
  };

  /** A number's problem, said under it; the field may be far above the Save button: focus brings it (and its error) into view. */
  const showFieldError = (field: NumberSetting, message: string) => {
    setFieldError({ field, message });
    form.current?.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = zc.safeParse(organizationCheckInSettingsSchema, fromDraft(draft));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "");
      if (isNumberSetting(field)) showFieldError(field, NUMBER_ERRORS[field]);
      else setError(issue?.message ?? "Please check the values.");
      return;
    }
    // A reminder is due only after its interval and never once the link has expired (reminderDue):
    // an interval as long as the expiry would leave the switch on with no reminder ever sent.
    const intervalProblem = reminderIntervalProblem(parsed.data);
    if (intervalProblem) return showFieldError("reminderIntervalHours", intervalProblem);
    setFieldError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: "Settings saved", description: "Your check-in schedule is updated." }),
      onError: (failure) => setError(failure.message),
    });
  };

  /** A whole-number setting, typed as text until saved (the form says what is wrong then). */
  const numberField = (name: NumberSetting, label: string, min: number, max: number, hint?: string) => (
    <Field label={label} hint={hint} error={fieldError?.field === name ? fieldError.message : null}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          className={`input w-full ${fieldError?.field === name ? "input-error" : ""}`}
          value={draft[name]}
          onChange={(event) => set(name, event.target.value)}
        />
      )}
    </Field>
  );

  return (
    <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5" aria-label="Check-in settings">
      <Panel
        title="Automatic check-ins"
        subtitle="The schedule sends every active team member a check-in each period, with reminders until they answer."
        testId="schedule-panel"
      >
        <ToggleRow
          label="Send check-ins automatically"
          checked={draft.schedulingEnabled}
          onChange={(checked) => set("schedulingEnabled", checked)}
        >
          {draft.schedulingEnabled
            ? loaded.settings.schedulingEnabled && loaded.nextCheckInsAt
              ? `On. Anyone who hasn't had a check-in this period gets one within 15 minutes; the next period starts ${loaded.timeZone ? formatDateTimeIn(loaded.nextCheckInsAt, loaded.timeZone) : formatDateTime(loaded.nextCheckInsAt)}.`
              : "Save to turn it on: anyone who hasn't had a check-in this period gets one within 15 minutes."
            : "Off. You send check-ins yourself from the Team page."}
        </ToggleRow>

        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          <Field label="Frequency" hint="Periods start at midnight in your organization's time zone (below).">
            {(control) => (
              <select
                {...control}
                className="select w-full"
                value={draft.frequency}
                onChange={(event) => set("frequency", event.target.value as CheckInFrequency)}
              >
                {CHECK_IN_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_LABEL[frequency]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {numberField("durationMinutes", "Check-in length (minutes)", 3, 60, "The chat wraps up near this time.")}
        </div>
      </Panel>

      <Panel title="Reminders and expiry" subtitle="Applies to every check-in, automatic or sent by you.">
        <ToggleRow
          label="Remind people who haven't answered"
          checked={draft.autoReminders}
          onChange={(checked) => set("autoReminders", checked)}
        >
          An email with the same link, until they answer or it expires.
        </ToggleRow>
        <div className="mt-5 grid gap-4 sm:grid-cols-2">
          {draft.autoReminders ? numberField("reminderIntervalHours", "Remind every (hours)", 1, 168) : null}
          {numberField("maxResponseHours", "Link expires after (hours)", 1, 720, "Unanswered check-ins expire then.")}
        </div>
      </Panel>

      <ConversationStylePanel
        value={draft.conversationStyle}
        defaults={loaded.conversationDefaults}
        onChange={(style) => set("conversationStyle", style)}
      />
      {error ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {error}
        </p>
      ) : null}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-base-300 bg-base-200/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        {!loaded.customized && !dirty ? (
          <span className="mr-auto text-xs text-muted">Using the platform defaults.</span>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost"
          disabled={atDefaults}
          onClick={() => setDraft(toDraft(loaded.defaults))}
        >
          Reset to defaults
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
          {save.isPending ? <span className="loading loading-spinner loading-sm" /> : null}
          {save.isPending ? "Saving..." : "Save changes"}
        </button>
      </div>
    </form>
  );
}

/** A switch with its title, and what it means underneath. */
function ToggleRow({
  label,
  checked,
  onChange,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        className="toggle toggle-primary mt-0.5"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-sm text-muted">{children}</span>
      </span>
    </label>
  );
}
