import { type AiAgentConfig as AgentConfig, validateFramework } from "@shared/ai-config";
import { useId } from "react";
import { toast } from "@/components/toast/toast-store";
import { Badge, Card, ConsoleIcon } from "@/components/ui";
import { EXAMPLE_FRAMEWORK } from "../../console/display";
import { SelectField, Slider } from "./controls";

/** The AI Agent Config screen's setting cards; each control here changes what the interviewer says. */
const FRAMEWORK_ROWS = 12;
const MAX_PHRASES = 20;

type Update = <Group extends keyof AgentConfig>(group: Group, patch: Partial<AgentConfig[Group]>) => void;

/** Where the three traits now live (issue 13 §2): one home each, no control overruled by another. */
function GlobalSettingsNote({ what, one }: { what: string; one?: boolean }) {
  return (
    <p className="rounded-field bg-base-200 px-3 py-2 text-xs text-soft">
      {what} {one ? "comes" : "come"} from Global Settings → Conversation defaults; an organization may choose its own
      in its dashboard Settings.
    </p>
  );
}

export function PersonalityCard({ draft, update }: { draft: AgentConfig; update: Update }) {
  const levels = [
    ["Professionalism", "professionalism", "8+ formal, no contractions · 3 or less casual"],
    ["Enthusiasm", "enthusiasm", "8+ exclaims at good news · 3 or less calm, no superlatives"],
    ["Patience", "patience", "4 or less moves straight on after one-word answers"],
  ] as const;
  return (
    <Card title="Personality" description="1 = low, 10 = high.">
      <div className="space-y-4">
        {levels.map(([label, key, hint]) => (
          <div key={key}>
            <Slider
              label={label}
              value={draft.personality[key]}
              min={1}
              max={10}
              step={1}
              onChange={(v) => update("personality", { [key]: v })}
            />
            <p className="mt-1 text-xs text-muted">{hint}</p>
          </div>
        ))}
        <GlobalSettingsNote what="The empathy level" one />
      </div>
    </Card>
  );
}

export function ConversationCard({ draft, update }: { draft: AgentConfig; update: Update }) {
  return (
    <Card title="Conversation flow">
      <div className="space-y-4">
        <SelectField
          small
          label="Probe depth"
          hint="Follow-up questions per pillar: surface 0, standard 1, deep 2"
          value={draft.conversation.probe_depth}
          options={["surface", "standard", "deep"] as const}
          onChange={(v) => update("conversation", { probe_depth: v })}
        />
        <SelectField
          small
          label="Response length"
          hint="brief: a short acknowledgement · detailed: a second sentence before the question"
          value={draft.conversation.response_length}
          options={["brief", "medium", "detailed"] as const}
          onChange={(v) => update("conversation", { response_length: v })}
        />
        <GlobalSettingsNote what="Follow-up frequency and closure style" />
      </div>
    </Card>
  );
}

export function FrameworkCard({ draft, update }: { draft: AgentConfig; update: Update }) {
  const framework = draft.prompts.psychological_profiles_framework;
  const check = validateFramework(framework);
  const countId = useId();
  const issuesId = useId();
  return (
    <Card
      title="Psychological framework"
      description="Guidance for the AI model when it reads people (the offline interviewer does not use it). Optional."
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
            aria-describedby={check.issues.length > 0 ? `${countId} ${issuesId}` : countId}
            onChange={(e) => update("prompts", { psychological_profiles_framework: e.target.value })}
          />
          <div className="mt-1 flex justify-between text-xs text-muted">
            <span id={countId}>{framework.length} / 20,000 characters</span>
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
            <ul
              id={issuesId}
              className="mt-3 list-disc space-y-1 pl-5 text-sm text-warning-content"
              data-testid="framework-issues"
            >
              {check.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="rounded-field bg-base-200 p-4 text-sm text-soft">
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
  );
}

export function PromptsCard({ draft, update }: { draft: AgentConfig; update: Update }) {
  return (
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
  const emptyId = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      {phrases.map((phrase, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: phrases are edited in place by position
        <div key={index} className="flex gap-2">
          <input
            className={`input input-sm w-full ${phrase.trim() ? "" : "input-error"}`}
            value={phrase}
            maxLength={300}
            aria-label={`${label} ${index + 1}`}
            aria-invalid={phrase.trim() ? undefined : true}
            aria-describedby={phrase.trim() ? undefined : emptyId}
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
        <p id={emptyId} role="alert" className="text-xs text-error">
          Empty phrases cannot be saved; fill or remove them.
        </p>
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
