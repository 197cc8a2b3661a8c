import { globalSettingsRecordSchema } from "@shared/console/settings";
import { CHECK_IN_FREQUENCIES } from "@shared/domain";
import { PILLAR_LABELS, PILLARS } from "@shared/pillars";
import { type GlobalSettings, globalSettingsSchema } from "@shared/settings";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Card, ConfirmDialog, ErrorCard, ListSkeleton } from "@/components/ui";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys, useGlobalSettings } from "../../console/api";
import { formatTimestamp, resetDefaults } from "../../console/display";
import { EditorHeader, NumberField, SaveButton, SelectField, Slider, ToggleField, useLeaveWarning } from "./controls";

export function GlobalSettingsPanel() {
  const query = useGlobalSettings();
  if (query.isPending) return <ListSkeleton rows={6} label="Loading global settings" />;
  if (query.isError) {
    return (
      <ErrorCard
        title="Could not load the global settings"
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <SettingsEditor initial={query.data.settings} updatedAt={query.data.updatedAt} />;
}

/** Numeric fields are read as integers (spec 2 §5); the bounds are the API's, shown here first. */
const intFrom = (text: string, fallback: number) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : fallback;
};

function SettingsEditor({ initial, updatedAt }: { initial: GlobalSettings; updatedAt: number | null }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [settings, setSettings] = useState(initial);
  const [savedAt, setSavedAt] = useState(updatedAt);
  const [saving, setSaving] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const changed = JSON.stringify(settings) !== JSON.stringify(saved);
  const validation = globalSettingsSchema.safeParse(settings);
  const problem = validation.success ? null : (validation.error.issues[0] ?? null);

  useLeaveWarning(changed);

  const set = (patch: Partial<GlobalSettings>) => setSettings((s) => ({ ...s, ...patch }));
  const setConversation = (patch: Partial<GlobalSettings["conversationDefaults"]>) =>
    set({ conversationDefaults: { ...settings.conversationDefaults, ...patch } });
  const setRetention = (patch: Partial<GlobalSettings["dataRetention"]>) =>
    set({ dataRetention: { ...settings.dataRetention, ...patch } });

  const save = async () => {
    setSaving(true);
    try {
      const record = await api("/api/admin/settings", globalSettingsRecordSchema, { method: "PUT", body: settings });
      setSaved(record.settings);
      setSettings(record.settings);
      setSavedAt(record.updatedAt);
      queryClient.setQueryData(adminKeys.settings, record);
      toast({ title: "Settings saved", description: "Global check-in settings now apply to every organization." });
    } catch (error) {
      const detail = error instanceof ApiRequestError && error.status === 400 ? ` (${error.message})` : "";
      toast({
        title: "Error",
        description: `Failed to save settings. Please try again.${detail}`,
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-6">
      <EditorHeader
        title="Global Check-In Settings"
        description={
          <>
            Defaults for every organization's schedule and every check-in. Last saved:{" "}
            {savedAt ? formatTimestamp(savedAt) : "never (defaults in use)"}.
          </>
        }
        actions={
          <>
            <button type="button" className="btn btn-sm" onClick={() => setConfirmReset(true)} disabled={saving}>
              Reset Defaults
            </button>
            <SaveButton saving={saving} disabled={!changed || problem !== null} onClick={() => void save()} />
          </>
        }
      />
      {changed ? (
        <p className="rounded-field bg-warning/15 px-3 py-2 text-sm" data-testid="settings-unsaved">
          You have unsaved changes.
          {problem ? ` ${problem.path.join(".")}: ${problem.message}` : ""}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Default check-in settings" description="New organizations start with these.">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Duration (minutes)"
              value={settings.defaultDuration}
              min={1}
              max={60}
              onChange={(v) => set({ defaultDuration: intFrom(v, settings.defaultDuration) })}
            />
            <SelectField
              label="Frequency"
              value={settings.defaultFrequency}
              options={CHECK_IN_FREQUENCIES}
              onChange={(defaultFrequency) => set({ defaultFrequency })}
            />
            <ToggleField
              label="Automatic reminders"
              className="sm:col-span-2"
              checked={settings.enableAutoReminders}
              onChange={(enableAutoReminders) => set({ enableAutoReminders })}
            />
            {settings.enableAutoReminders ? (
              <NumberField
                label="Reminder interval (hours)"
                value={settings.reminderIntervalHours}
                min={1}
                max={720}
                onChange={(v) => set({ reminderIntervalHours: intFrom(v, settings.reminderIntervalHours) })}
              />
            ) : null}
            <NumberField
              label="Max response time (hours)"
              hint="Unanswered check-ins expire after this."
              value={settings.maxResponseTime}
              min={1}
              max={2160}
              onChange={(v) => set({ maxResponseTime: intFrom(v, settings.maxResponseTime) })}
            />
          </div>
        </Card>

        <Card
          title="Sentiment pillar weights"
          description="0.5 to 2: each pillar's share of the interview questions (a pillar at 2 gets twice the questions of one at 1) and its weight in the dashboard's Overall index (blockers, a count, are not in the index)."
        >
          <div className="space-y-4">
            {PILLARS.map((pillar) => (
              <Slider
                key={pillar}
                label={PILLAR_LABELS[pillar]}
                ariaLabel={`${PILLAR_LABELS[pillar]} weight`}
                valueTestId={`weight-${pillar}`}
                value={settings.pillarWeights[pillar]}
                format={(weight) => weight.toFixed(1)}
                min={0.5}
                max={2}
                step={0.1}
                onChange={(weight) =>
                  set({ pillarWeights: { ...settings.pillarWeights, [pillar]: Math.round(weight * 10) / 10 } })
                }
              />
            ))}
          </div>
        </Card>

        <Card
          title="Conversation defaults"
          description="How the interviewer talks in every organization that has not chosen its own style (dashboard Settings)."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label="Empathy level"
              hint="high: empathy phrases · medium: factual · low: short neutral acknowledgements"
              value={settings.conversationDefaults.empathyLevel}
              options={["low", "medium", "high"] as const}
              onChange={(empathyLevel) => setConversation({ empathyLevel })}
            />
            <SelectField
              label="Follow-up style"
              hint="Which answers get a follow-up: strongly negative, worried, or all but good news"
              value={settings.conversationDefaults.followUpStyle}
              options={["minimal", "adaptive", "frequent"] as const}
              onChange={(followUpStyle) => setConversation({ followUpStyle })}
            />
            <SelectField
              label="Closure style"
              hint="The wrap-up question: anything else, one concrete step, or what stands out"
              value={settings.conversationDefaults.closureStyle}
              options={["supportive", "action-oriented", "reflective"] as const}
              onChange={(closureStyle) => setConversation({ closureStyle })}
            />
          </div>
        </Card>

        <Card title="Data retention and privacy">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Raw data (days)"
              hint="How long per-pillar readings are kept."
              value={settings.dataRetention.rawDataDays}
              min={1}
              max={3650}
              onChange={(v) => setRetention({ rawDataDays: intFrom(v, settings.dataRetention.rawDataDays) })}
            />
            <NumberField
              label="Transcripts (days)"
              hint="A finished chat's transcript stays in its check-in this long, then is erased. It is the only copy, and no one can read it; at most the raw data days."
              value={settings.dataRetention.transcriptDays}
              min={1}
              max={Math.min(3650, settings.dataRetention.rawDataDays)}
              onChange={(v) => setRetention({ transcriptDays: intFrom(v, settings.dataRetention.transcriptDays) })}
            />
            <NumberField
              label="Summary data (days)"
              hint="How long scores and blockers are kept."
              value={settings.dataRetention.summaryDataDays}
              min={1}
              max={3650}
              onChange={(v) => setRetention({ summaryDataDays: intFrom(v, settings.dataRetention.summaryDataDays) })}
            />
            <ToggleField
              label="Anonymization"
              className="sm:col-span-2"
              checked={settings.dataRetention.enableAnonymization}
              onChange={(enableAnonymization) => setRetention({ enableAnonymization })}
            />
          </div>
        </Card>
      </div>

      {confirmReset ? (
        <ConfirmDialog
          title="Reset to defaults?"
          message="Every setting goes back to its default and all pillar weights to 1. Nothing is saved until you press Save Changes."
          confirmLabel="Reset Defaults"
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setSettings(resetDefaults());
            setConfirmReset(false);
          }}
        />
      ) : null}
    </div>
  );
}
