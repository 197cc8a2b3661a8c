import { type AiAgentConfig as AgentConfig, DEFAULT_AI_AGENT_CONFIG } from "@shared/ai-config";
import type { AiConfigRecord } from "@shared/console/ai-agent";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Card, ConfirmDialog, ConsoleIcon, ErrorCard, ListSkeleton } from "@/components/ui";
import { useAiConfig } from "../../console/api";
import { formatTimestamp } from "../../console/display";
import { ConversationCard, FrameworkCard, PersonalityCard, PromptsCard } from "./AiConfigCards";
import { TestChat } from "./AiTestChat";
import { TestResultCard } from "./AiTestResultCard";
import { EditorHeader, SaveButton, useLeaveWarning } from "./controls";
import { useAiConfigActions } from "./useAiConfigActions";

/** Spec 2 §2, §5, §8: the global AI agent configuration, with testing against the real provider. */
export function AiAgentConfig() {
  const query = useAiConfig();
  const failureShown = useRef(false);
  useEffect(() => {
    if (query.isError && !failureShown.current) {
      failureShown.current = true;
      toast({ title: "Error", description: "Failed to load AI configuration.", variant: "destructive" });
    }
  }, [query.isError]);

  if (query.isPending) return <ListSkeleton rows={6} label="Loading AI configuration" />;
  if (query.isError) {
    return (
      <ErrorCard
        title="Failed to load AI configuration."
        message={query.error.message}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <AiConfigEditor initial={query.data} />;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How many of the screen's settings differ from the defaults (its own controls only). */
function changedSettings(draft: AgentConfig): number {
  const d = DEFAULT_AI_AGENT_CONFIG;
  return [
    draft.personality.professionalism !== d.personality.professionalism,
    draft.personality.enthusiasm !== d.personality.enthusiasm,
    draft.personality.patience !== d.personality.patience,
    draft.conversation.probe_depth !== d.conversation.probe_depth,
    draft.conversation.response_length !== d.conversation.response_length,
    ...(["opening_greeting", "closing_statement", "psychological_profiles_framework"] as const).map(
      (key) => draft.prompts[key].trim() !== d.prompts[key].trim(),
    ),
    !same(draft.prompts.transition_phrases, d.prompts.transition_phrases),
    !same(draft.prompts.empathy_responses, d.prompts.empathy_responses),
  ].filter(Boolean).length;
}

function AiConfigEditor({ initial }: { initial: AiConfigRecord }) {
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<AgentConfig>(initial.configuration);
  const [confirmReload, setConfirmReload] = useState(false);
  const { save, reload, quickTest, saving, reloading, testing, result } = useAiConfigActions({
    draft,
    onLoaded: (record) => {
      setSaved(record);
      setDraft(record.configuration);
    },
  });
  const hasUnsavedChanges = !same(draft, saved.configuration);
  const framework = draft.prompts.psychological_profiles_framework;
  const savedFramework = saved.configuration.prompts.psychological_profiles_framework;
  const changedCount = changedSettings(draft);

  useLeaveWarning(hasUnsavedChanges);

  const update = <Group extends keyof AgentConfig>(group: Group, patch: Partial<AgentConfig[Group]>) =>
    setDraft((current) => ({ ...current, [group]: { ...current[group], ...patch } }));

  return (
    <div className="space-y-6">
      <EditorHeader
        title="AI Agent Configuration"
        description="How the interviewer talks to every salesperson, on every organization."
        actions={
          <>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => void quickTest()}
              disabled={testing || !draft.prompts.opening_greeting.trim()}
            >
              {testing ? (
                <span className="loading loading-spinner loading-xs" />
              ) : (
                <ConsoleIcon name="sparkle" className="size-4" />
              )}
              {testing ? "Testing..." : "Quick Test"}
            </button>
            <SaveButton saving={saving} disabled={!hasUnsavedChanges} onClick={() => void save()} />
          </>
        }
      />

      {saved.id === null ? (
        <div role="alert" className="alert alert-warning items-start">
          <ConsoleIcon name="alert" className="mt-0.5 size-5" />
          <div>
            <p className="font-semibold">No saved configuration yet</p>
            <p className="text-sm">
              Check-ins use the defaults shown below until you save. Testing with the hosted model needs the AI provider
              key (OPENAI_API_KEY) in the server secrets; without it, tests run on the embedded offline interviewer.
            </p>
          </div>
        </div>
      ) : null}

      <Card
        title="Configuration status"
        actions={
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => (hasUnsavedChanges ? setConfirmReload(true) : void reload())}
            disabled={reloading}
          >
            <ConsoleIcon name="refresh" className={`size-4 ${reloading ? "animate-spin" : ""}`} />
            Reload
          </button>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatusItem label="Psychological framework">
            {framework.length > 0 ? `${framework.length} characters` : "Not configured"}
          </StatusItem>
          <StatusItem label="Settings changed from the defaults">
            {changedCount === 0 ? "None" : `${changedCount} — Quick Test shows what they change`}
          </StatusItem>
          <StatusItem label="Last saved">{saved.updatedAt ? formatTimestamp(saved.updatedAt) : "Never"}</StatusItem>
          <StatusItem label="Saved framework size">
            {savedFramework.length > 0 ? `${savedFramework.length} characters` : "Not configured"}
          </StatusItem>
        </div>
        {hasUnsavedChanges ? (
          <p className="mt-4 rounded-field bg-warning/15 px-3 py-2 text-sm" data-testid="unsaved-notice">
            You have unsaved changes
            {framework !== savedFramework
              ? ` — framework ${framework.length} characters now, ${savedFramework.length} saved`
              : ""}
            .
          </p>
        ) : null}
      </Card>

      {result ? <TestResultCard result={result} /> : null}

      <div className="grid gap-6 xl:grid-cols-2">
        <PersonalityCard draft={draft} update={update} />
        <ConversationCard draft={draft} update={update} />
      </div>

      <FrameworkCard draft={draft} update={update} />
      <PromptsCard draft={draft} update={update} />

      <TestChat configuration={draft} />

      {confirmReload ? (
        <ConfirmDialog
          title="Discard unsaved changes?"
          message="Reloading replaces your edits with the configuration saved in the database."
          confirmLabel="Reload"
          onCancel={() => setConfirmReload(false)}
          onConfirm={() => {
            setConfirmReload(false);
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}

function StatusItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs font-medium text-muted">{label}</p>
      <div className="mt-1 font-medium">{children}</div>
    </div>
  );
}
