import { globalSettingsRecordSchema } from "@shared/admin";
import { resetDefaults } from "@shared/console-display";
import { CHECK_IN_FREQUENCIES } from "@shared/domain";
import { PILLAR_LABELS, PILLARS } from "@shared/pillars";
import { type GlobalSettings, globalSettingsSchema } from "@shared/settings";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys, useGlobalSettings } from "../../console/api";
import { Card, ConfirmDialog, ErrorCard, ListSkeleton } from "../../console/ui";

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

  useEffect(() => {
    if (!changed) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [changed]);

  const set = (patch: Partial<GlobalSettings>) => setSettings((s) => ({ ...s, ...patch }));

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
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h3 className="text-lg font-semibold">Global Check-In Settings</h3>
          <p className="text-sm text-base-content/70">
            Defaults for every organization's schedule and every check-in. Last saved:{" "}
            {savedAt ? new Date(savedAt).toLocaleString() : "never (defaults in use)"}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={() => setConfirmReset(true)} disabled={saving}>
            Reset Defaults
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void save()}
            disabled={!changed || saving || problem !== null}
          >
            {saving ? <span className="loading loading-spinner loading-xs" /> : null}
            {saving ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </div>
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
            <Field label="Frequency">
              {(id) => (
                <select
                  id={id}
                  className="select w-full capitalize"
                  value={settings.defaultFrequency}
                  onChange={(e) => set({ defaultFrequency: e.target.value as GlobalSettings["defaultFrequency"] })}
                >
                  {CHECK_IN_FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {f}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <label className="flex items-center gap-3 sm:col-span-2">
              <input
                type="checkbox"
                className="toggle toggle-primary"
                checked={settings.enableAutoReminders}
                onChange={(e) => set({ enableAutoReminders: e.target.checked })}
              />
              <span className="text-sm font-medium">Automatic reminders</span>
            </label>
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

        <Card title="Sentiment pillar weights" description="How much each pillar counts (0.5 to 2).">
          <div className="space-y-4">
            {PILLARS.map((pillar) => (
              <label key={pillar} className="block">
                <span className="flex justify-between gap-3 text-sm">
                  <span className="font-medium">{PILLAR_LABELS[pillar]}</span>
                  <span className="tabular-nums text-base-content/70" data-testid={`weight-${pillar}`}>
                    {settings.pillarWeights[pillar].toFixed(1)}
                  </span>
                </span>
                <input
                  type="range"
                  className="range range-primary range-xs mt-2 w-full"
                  min={0.5}
                  max={2}
                  step={0.1}
                  value={settings.pillarWeights[pillar]}
                  aria-label={`${PILLAR_LABELS[pillar]} weight`}
                  onChange={(e) =>
                    set({
                      pillarWeights: {
                        ...settings.pillarWeights,
                        [pillar]: Math.round(Number(e.target.value) * 10) / 10,
                      },
                    })
                  }
                />
              </label>
            ))}
          </div>
        </Card>

        <Card title="Conversation defaults">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Empathy level">
              {(id) => (
                <select
                  id={id}
                  className="select w-full capitalize"
                  value={settings.conversationDefaults.empathyLevel}
                  onChange={(e) =>
                    set({
                      conversationDefaults: {
                        ...settings.conversationDefaults,
                        empathyLevel: e.target.value as GlobalSettings["conversationDefaults"]["empathyLevel"],
                      },
                    })
                  }
                >
                  {(["low", "medium", "high"] as const).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Follow-up style">
              {(id) => (
                <select
                  id={id}
                  className="select w-full capitalize"
                  value={settings.conversationDefaults.followUpStyle}
                  onChange={(e) =>
                    set({
                      conversationDefaults: {
                        ...settings.conversationDefaults,
                        followUpStyle: e.target.value as GlobalSettings["conversationDefaults"]["followUpStyle"],
                      },
                    })
                  }
                >
                  {(["minimal", "adaptive", "frequent"] as const).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Closure style">
              {(id) => (
                <select
                  id={id}
                  className="select w-full capitalize"
                  value={settings.conversationDefaults.closureStyle}
                  onChange={(e) =>
                    set({
                      conversationDefaults: {
                        ...settings.conversationDefaults,
                        closureStyle: e.target.value as GlobalSettings["conversationDefaults"]["closureStyle"],
                      },
                    })
                  }
                >
                  {(["supportive", "action-oriented", "reflective"] as const).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </Card>

        <Card title="Data retention and privacy">
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <NumberField
              label="Raw data (days)"
              hint="How long conversation transcripts are kept."
              value={settings.dataRetention.rawDataDays}
              min={1}
              max={3650}
              onChange={(v) =>
                set({
                  dataRetention: {
                    ...settings.dataRetention,
                    rawDataDays: intFrom(v, settings.dataRetention.rawDataDays),
                  },
                })
              }
            />
            <NumberField
              label="Summary data (days)"
              hint="How long scores and blockers are kept."
              value={settings.dataRetention.summaryDataDays}
              min={1}
              max={3650}
              onChange={(v) =>
                set({
                  dataRetention: {
                    ...settings.dataRetention,
                    summaryDataDays: intFrom(v, settings.dataRetention.summaryDataDays),
                  },
                })
              }
            />
            <label className="flex items-center gap-3 sm:col-span-2">
              <input
                type="checkbox"
                className="toggle toggle-primary"
                checked={settings.dataRetention.enableAnonymization}
                onChange={(e) =>
                  set({ dataRetention: { ...settings.dataRetention, enableAnonymization: e.target.checked } })
                }
              />
              <span className="text-sm font-medium">Anonymization</span>
            </label>
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

/** A labelled control: `children` receives the id its control must carry. */
function Field({ label, hint, children }: { label: string; hint?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {hint ? <span className="text-xs text-base-content/60">{hint}</span> : null}
    </div>
  );
}

function NumberField({
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: string) => void;
}) {
  const outOfRange = value < min || value > max;
  return (
    <Field label={label} hint={outOfRange ? `Between ${min} and ${max}.` : hint}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={`input w-full ${outOfRange ? "input-error" : ""}`}
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
