import { type AiAgentConfig as AgentConfig, aiAgentConfigSchema, validateFramework } from "@shared/ai-config";
import {
  type AiConfigRecord,
  type AiTestResult,
  aiChatResponseSchema,
  aiConfigRecordSchema,
  aiTestResultSchema,
} from "@shared/console/ai-agent";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys, useAiConfig } from "../../console/api";
import { EXAMPLE_FRAMEWORK, SAMPLE_TEST_MESSAGE, testFailureMessage } from "../../console/display";
import { ConsoleIcon } from "../../console/icons";
import { Badge, Card, ConfirmDialog, ErrorCard, ListSkeleton } from "../../console/ui";
import { EditorHeader, SaveButton, SelectField, Slider, useLeaveWarning } from "./controls";

const FRAMEWORK_ROWS = 12;
const MAX_PHRASES = 20;

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

function AiConfigEditor({ initial }: { initial: AiConfigRecord }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<AgentConfig>(initial.configuration);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [confirmReload, setConfirmReload] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<AiTestResult | null>(null);
  const hasUnsavedChanges = !same(draft, saved.configuration);
  const framework = draft.prompts.psychological_profiles_framework;
  const savedFramework = saved.configuration.prompts.psychological_profiles_framework;
  const check = validateFramework(framework);

  useLeaveWarning(hasUnsavedChanges);

  const update = <Group extends keyof AgentConfig>(group: Group, patch: Partial<AgentConfig[Group]>) =>
    setDraft((current) => ({ ...current, [group]: { ...current[group], ...patch } }));

  const save = async () => {
    if (!aiAgentConfigSchema.safeParse(draft).success) {
      toast({
        title: "Error",
        description: "Failed to save configuration. Please try again. (Fill or remove empty phrases first.)",
        variant: "destructive",
      });
      return;
    }
    setSaving(true);
    try {
      const record = await api("/api/admin/ai-config", aiConfigRecordSchema, {
        method: "PUT",
        body: { configuration: draft },
      });
      setSaved(record);
      setDraft(record.configuration);
      queryClient.setQueryData(adminKeys.aiConfig, record);
      const length = record.configuration.prompts.psychological_profiles_framework.length;
      toast({
        title: "Configuration saved",
        description: `AI agent configuration has been updated globally. ${
          length > 0 ? `Psychological framework: ${length} characters.` : "No psychological framework set."
        }`,
      });
    } catch {
      toast({ title: "Error", description: "Failed to save configuration. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setConfirmReload(false);
    setReloading(true);
    try {
      const record = await queryClient.fetchQuery({
        queryKey: adminKeys.aiConfig,
        queryFn: () => api("/api/admin/ai-config", aiConfigRecordSchema),
        staleTime: 0,
      });
      setSaved(record);
      setDraft(record.configuration);
      toast({ title: "Configuration reloaded", description: "Successfully reloaded configuration from database." });
    } catch {
      toast({ title: "Error", description: "Failed to reload configuration.", variant: "destructive" });
    } finally {
      setReloading(false);
    }
  };

  const quickTest = async () => {
    if (!draft.prompts.opening_greeting.trim()) {
      toast({
        title: "Configuration Incomplete",
        description: "Opening greeting is required for testing.",
        variant: "destructive",
      });
      return;
    }
    if (!draft.prompts.closing_statement.trim()) {
      toast({
        title: "Configuration Incomplete",
        description: "Closing statement is required for testing.",
        variant: "destructive",
      });
      return;
    }
    setTesting(true);
    setResult(null);
    try {
      const outcome = await api("/api/admin/ai-config/test", aiTestResultSchema, {
        method: "POST",
        body: { configuration: draft, testMessage: SAMPLE_TEST_MESSAGE },
      });
      setResult(outcome);
      if (outcome.success) {
        toast({ title: "Test successful", description: "The AI agent answered with this configuration." });
      } else {
        toast({ title: "Test failed", description: testFailureMessage(outcome.error), variant: "destructive" });
      }
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : error instanceof Error ? error.message : "";
      setResult({ success: false, error: message || "Client-side error" });
      if (error instanceof ApiRequestError) {
        toast({ title: "Test failed", description: testFailureMessage(message), variant: "destructive" });
      } else {
        toast({ title: "Test Error", description: testFailureMessage(message), variant: "destructive" });
      }
    } finally {
      setTesting(false);
    }
  };

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
          <StatusItem label="Controls">
            <ul className="space-y-1 text-sm">
              {["Personality", "Conversation flow", "Sentiment"].map((name) => (
                <li key={name} className="flex items-center gap-2">
                  <span className="font-medium">{name}</span>
                  <span className="badge badge-success badge-xs">ACTIVE &amp; FUNCTIONAL</span>
                </li>
              ))}
            </ul>
          </StatusItem>
          <StatusItem label="Last saved">
            {saved.updatedAt ? new Date(saved.updatedAt).toLocaleString() : "Never"}
          </StatusItem>
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

      <div className="grid gap-6 xl:grid-cols-3">
        <Card title="Personality" description="1 = low, 10 = high.">
          <div className="space-y-4">
            <Slider
              label="Empathy level"
              value={draft.personality.empathy_level}
              min={1}
              max={10}
              step={1}
              onChange={(v) => update("personality", { empathy_level: v })}
            />
            <Slider
              label="Professionalism"
              value={draft.personality.professionalism}
              min={1}
              max={10}
              step={1}
              onChange={(v) => update("personality", { professionalism: v })}
            />
            <Slider
              label="Enthusiasm"
              value={draft.personality.enthusiasm}
              min={1}
              max={10}
              step={1}
              onChange={(v) => update("personality", { enthusiasm: v })}
            />
            <Slider
              label="Patience"
              value={draft.personality.patience}
              min={1}
              max={10}
              step={1}
              onChange={(v) => update("personality", { patience: v })}
            />
          </div>
        </Card>
        <Card title="Conversation flow">
          <div className="space-y-4">
            <SelectField
              small
              label="Follow-up frequency"
              value={draft.conversation.follow_up_frequency}
              options={["minimal", "adaptive", "frequent"] as const}
              onChange={(v) => update("conversation", { follow_up_frequency: v })}
            />
            <SelectField
              small
              label="Closure style"
              value={draft.conversation.closure_style}
              options={["supportive", "action-oriented", "reflective"] as const}
              onChange={(v) => update("conversation", { closure_style: v })}
            />
            <SelectField
              small
              label="Probe depth"
              value={draft.conversation.probe_depth}
              options={["surface", "standard", "deep"] as const}
              onChange={(v) => update("conversation", { probe_depth: v })}
            />
            <SelectField
              small
              label="Response length"
              value={draft.conversation.response_length}
              options={["brief", "medium", "detailed"] as const}
              onChange={(v) => update("conversation", { response_length: v })}
            />
          </div>
        </Card>
        <Card title="Sentiment analysis" description="Percentages.">
          <div className="space-y-4">
            <Slider
              label="Confidence threshold"
              suffix="%"
              value={draft.sentiment_analysis.confidence_threshold}
              min={50}
              max={100}
              step={5}
              onChange={(v) => update("sentiment_analysis", { confidence_threshold: v })}
            />
            <Slider
              label="Stress sensitivity"
              suffix="%"
              value={draft.sentiment_analysis.stress_sensitivity}
              min={50}
              max={100}
              step={5}
              onChange={(v) => update("sentiment_analysis", { stress_sensitivity: v })}
            />
            <Slider
              label="Mood detection accuracy"
              suffix="%"
              value={draft.sentiment_analysis.mood_detection_accuracy}
              min={60}
              max={100}
              step={5}
              onChange={(v) => update("sentiment_analysis", { mood_detection_accuracy: v })}
            />
          </div>
        </Card>
      </div>

      <Card
        title="Psychological framework"
        description="Guidance the interviewer follows when it reads people. Optional."
        actions={
          <Badge variant={check.isValid ? "success" : "warning"}>
            {check.isValid ? "Valid Framework" : "Needs Improvement"}
          </Badge>
        }
      >
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <textarea
              className="textarea w-full font-mono text-sm"
              rows={FRAMEWORK_ROWS}
              value={framework}
              maxLength={20000}
              aria-label="Psychological framework"
              onChange={(e) => update("prompts", { psychological_profiles_framework: e.target.value })}
            />
            <div className="mt-1 flex justify-between text-xs text-base-content/60">
              <span>{framework.length} / 20,000 characters</span>
              <button
                type="button"
                className="link"
                onClick={() => {
                  update("prompts", { psychological_profiles_framework: EXAMPLE_FRAMEWORK });
                  toast({
                    title: "Framework loaded",
                    description: "The example framework is in the editor. Save to apply it.",
                  });
                }}
              >
                Use example framework
              </button>
            </div>
            {check.issues.length > 0 ? (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-warning-content" data-testid="framework-issues">
                {check.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <div className="rounded-field bg-base-200 p-4 text-sm text-base-content/80">
            <p className="font-semibold">What makes a good framework</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>At least 50 characters.</li>
              <li>Uses assessment terms: personality, behavior, assessment, profile or trait.</li>
              <li>Says how to adapt tone to what is heard — never how to diagnose.</li>
              <li>Leave it empty to use the interviewer's built-in approach.</li>
            </ul>
          </div>
        </div>
      </Card>

      <Card title="Agent prompts" description="Use {name} for the salesperson's first name.">
        <div className="grid gap-5 lg:grid-cols-2">
          <label className="grid gap-1">
            <span className="text-sm font-medium">Opening greeting</span>
            <textarea
              className="textarea w-full"
              rows={3}
              maxLength={2000}
              value={draft.prompts.opening_greeting}
              onChange={(e) => update("prompts", { opening_greeting: e.target.value })}
            />
          </label>
          <label className="grid gap-1">
            <span className="text-sm font-medium">Closing statement</span>
            <textarea
              className="textarea w-full"
              rows={3}
              maxLength={2000}
              value={draft.prompts.closing_statement}
              onChange={(e) => update("prompts", { closing_statement: e.target.value })}
            />
          </label>
          <PhraseList
            label="Transition phrases"
            phrases={draft.prompts.transition_phrases}
            onChange={(transition_phrases) => update("prompts", { transition_phrases })}
          />
          <PhraseList
            label="Empathy responses"
            phrases={draft.prompts.empathy_responses}
            onChange={(empathy_responses) => update("prompts", { empathy_responses })}
          />
        </div>
      </Card>

      <TestChat configuration={draft} />

      {confirmReload ? (
        <ConfirmDialog
          title="Discard unsaved changes?"
          message="Reloading replaces your edits with the configuration saved in the database."
          confirmLabel="Reload"
          onCancel={() => setConfirmReload(false)}
          onConfirm={() => void reload()}
        />
      ) : null}
    </div>
  );
}

function StatusItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs font-medium text-base-content/60">{label}</p>
      <div className="mt-1 font-medium">{children}</div>
    </div>
  );
}

function PhraseList({
  label,
  phrases,
  onChange,
}: {
  label: string;
  phrases: string[];
  onChange: (phrases: string[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {phrases.map((phrase, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: phrases are edited in place by position
        <div key={index} className="flex gap-2">
          <input
            className="input input-sm w-full"
            value={phrase}
            maxLength={300}
            aria-label={`${label} ${index + 1}`}
            onChange={(e) => onChange(phrases.map((p, i) => (i === index ? e.target.value : p)))}
          />
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-square"
            aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
            onClick={() => onChange(phrases.filter((_, i) => i !== index))}
          >
            <ConsoleIcon name="x" className="size-4" />
          </button>
        </div>
      ))}
      {phrases.some((p) => !p.trim()) ? (
        <p className="text-xs text-error">Empty phrases cannot be saved; fill or remove them.</p>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-sm justify-self-start"
        disabled={phrases.length >= MAX_PHRASES}
        onClick={() => onChange([...phrases, ""])}
      >
        <ConsoleIcon name="plus" className="size-4" />
        Add phrase
      </button>
    </fieldset>
  );
}

function TestResultCard({ result }: { result: AiTestResult }) {
  return (
    <Card
      title={result.success ? "Test passed" : "Test failed"}
      actions={result.provider ? <Badge variant="muted">{result.provider}</Badge> : null}
      className={result.success ? "border-success/40" : "border-error/40"}
    >
      {result.success ? (
        <div className="space-y-3" data-testid="test-result">
          <blockquote className="rounded-field border-l-4 border-primary bg-base-200 p-3 text-sm whitespace-pre-wrap">
            {result.response}
          </blockquote>
          <div className="flex flex-wrap gap-2 text-sm">
            <Badge variant={result.frameworkUsed ? "success" : "muted"}>
              {result.frameworkUsed ? "Framework used" : "No framework"}
            </Badge>
            <Badge variant={result.configurationApplied ? "success" : "muted"}>
              {result.configurationApplied ? "Configuration applied" : "Configuration not applied"}
            </Badge>
            {result.sentimentScores ? (
              <span className="text-base-content/70">
                Read of the test message — confidence {result.sentimentScores.confidence}%, stress{" "}
                {result.sentimentScores.stress}%, morale {result.sentimentScores.morale}%
              </span>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-sm" data-testid="test-result">
          <p className="text-error">{testFailureMessage(result.error)}</p>
          <div>
            <p className="font-medium">Common solutions</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-base-content/80">
              <li>Make sure the AI provider key (OPENAI_API_KEY) is set in the server secrets.</li>
              <li>Fill in the required fields: opening greeting and closing statement.</li>
              <li>Check that the connection is stable.</li>
              <li>Try again in a moment.</li>
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}

type ChatMessage = { id: string; content: string; sender: "user" | "assistant"; timestamp: number };

/** Spec 2 §2, §7: an interactive chat with the configured agent, through the server. */
function TestChat({ configuration }: { configuration: AgentConfig }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState("");
  const [status, setStatus] = useState<"ready" | "error">("ready");
  const [busy, setBusy] = useState(false);
  const [provider, setProvider] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // Keep the newest message in view inside the chat box (not the page).
  useEffect(() => {
    const box = scroller.current;
    if (box && (messages.length > 0 || busy)) box.scrollTop = box.scrollHeight;
  }, [messages, busy]);

  const send = async () => {
    const content = input.trim();
    if (!content || busy || status !== "ready") return;
    const next: ChatMessage[] = [
      ...messages,
      { id: crypto.randomUUID(), content, sender: "user", timestamp: Date.now() },
    ];
    setMessages(next);
    setInput("");
    setBusy(true);
    try {
      const reply = await api("/api/admin/ai-config/chat", aiChatResponseSchema, {
        method: "POST",
        body: { configuration, messages: next.slice(-40).map((m) => ({ role: m.sender, content: m.content })) },
      });
      setProvider(reply.provider);
      const text = reply.response?.trim() || "No response received. Please try again.";
      setMessages((current) => [
        ...current,
        { id: crypto.randomUUID(), content: text, sender: "assistant", timestamp: Date.now() },
      ]);
    } catch (error) {
      console.error("AI test chat failed", error);
      setStatus("error");
      toast({
        title: "Error",
        description: "Error generating response. Please check the console.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Interactive test chat"
      description="Talk to the agent as a salesperson would, with the settings above (saved or not)."
      actions={provider ? <Badge variant="muted">{provider}</Badge> : null}
    >
      <div className="flex h-80 flex-col rounded-field border border-base-300">
        <div
          ref={scroller}
          className="flex-1 space-y-3 overflow-y-auto p-4"
          aria-live="polite"
          data-testid="test-chat-messages"
        >
          {messages.length === 0 ? (
            <p className="text-center text-sm text-base-content/60">
              Say how your week is going to see how the agent answers.
            </p>
          ) : (
            messages.map((m) => (
              <div key={m.id} className={`chat ${m.sender === "user" ? "chat-end" : "chat-start"}`}>
                <div className="chat-header text-xs text-base-content/60">
                  {m.sender === "user" ? "You" : "AI Agent"}
                </div>
                <div
                  className={`chat-bubble text-sm whitespace-pre-wrap ${m.sender === "user" ? "chat-bubble-primary" : ""}`}
                >
                  {m.content}
                </div>
              </div>
            ))
          )}
          {busy ? (
            <div className="chat chat-start">
              <div className="chat-bubble">
                <span className="loading loading-dots loading-sm" />
              </div>
            </div>
          ) : null}
        </div>
        <form
          className="flex gap-2 border-t border-base-300 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <input
            className="input input-sm flex-1"
            value={input}
            maxLength={2000}
            placeholder={
              status === "ready" ? "Type a message as a salesperson…" : "Clear the conversation to try again"
            }
            aria-label="Test message"
            disabled={status !== "ready" || busy}
            onChange={(e) => setInput(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={status !== "ready" || busy || !input.trim()}
          >
            Generate AI Response
          </button>
        </form>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          Server-side AI Status:{" "}
          <span className={status === "ready" ? "font-medium text-success" : "font-medium text-error"}>{status}</span>
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setMessages([]);
            setStatus("ready");
          }}
        >
          Clear Conversation
        </button>
      </div>
    </Card>
  );
}
