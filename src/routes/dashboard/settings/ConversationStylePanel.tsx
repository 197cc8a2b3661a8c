import { type ConversationStyle, DEFAULT_GLOBAL_SETTINGS } from "@shared/settings";
import { Field, Panel } from "@/components/ui";

const EMPATHY: Record<ConversationStyle["empathyLevel"], string> = {
  high: "High — meets hard news with empathy",
  medium: "Medium — factual, no sympathy phrases",
  low: "Low — short neutral acknowledgements",
};
const FOLLOW_UP: Record<ConversationStyle["followUpStyle"], string> = {
  minimal: "Minimal — only after a strongly negative answer",
  adaptive: "Adaptive — after a worried answer",
  frequent: "Frequent — after every answer that isn't good news",
};
const CLOSURE: Record<ConversationStyle["closureStyle"], string> = {
  supportive: "Supportive — asks what else is on their mind",
  "action-oriented": "Action-oriented — asks for one concrete step",
  reflective: "Reflective — asks what stands out most",
};

/**
 * How the interviewer talks to this team (issue 13 §2): the platform's conversation
 * defaults (Global Settings) until the organization chooses its own style here.
 */
export function ConversationStylePanel({
  value,
  defaults = DEFAULT_GLOBAL_SETTINGS.conversationDefaults,
  onChange,
}: {
  value: ConversationStyle | null | undefined;
  defaults: ConversationStyle | undefined;
  onChange: (value: ConversationStyle | null) => void;
}) {
  const own = value ?? null;
  const shown = own ?? defaults;
  const select = <K extends keyof ConversationStyle>(
    key: K,
    label: string,
    options: Record<ConversationStyle[K], string>,
  ) => (
    <Field label={label}>
      {(control) => (
        <select
          {...control}
          className="select w-full"
          value={shown[key]}
          disabled={own === null}
          onChange={(event) => onChange({ ...shown, [key]: event.target.value as ConversationStyle[K] })}
        >
          {(Object.keys(options) as ConversationStyle[K][]).map((option) => (
            <option key={option} value={option}>
              {options[option]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <Panel
      title="Conversation style"
      subtitle="How the AI interviewer talks with your team during check-ins."
      testId="conversation-style-panel"
    >
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          checked={own === null}
          onChange={(event) => onChange(event.target.checked ? null : { ...defaults })}
        />
        <span>
          <span className="font-medium">Use the platform's defaults</span>
          <span className="block text-sm text-muted">
            {own === null
              ? "On: the style below is the platform's, and follows it when it changes."
              : "Off: your team's check-ins use the style you choose below."}
          </span>
        </span>
      </label>
      <div className="mt-5 grid gap-4">
        {select("empathyLevel", "Empathy", EMPATHY)}
        {select("followUpStyle", "Follow-up questions", FOLLOW_UP)}
        {select("closureStyle", "Closing question", CLOSURE)}
      </div>
    </Panel>
  );
}
