import { type KeyboardEvent, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { TabHeader } from "@/components/ui";
import { AiAgentConfig } from "./AiAgentConfig";
import { GlobalSettingsPanel } from "./GlobalSettingsPanel";
import { QuestionBank } from "./QuestionBank";

const SECTIONS = [
  { id: "questions", label: "Question Bank" },
  { id: "ai", label: "AI Agent Config" },
  { id: "global", label: "Global Settings" },
] as const;
type SectionId = (typeof SECTIONS)[number]["id"];

/** Spec 2 §2 'Check-In & Prompt Configuration': three sub-tabs, kept in the URL (?section=). */
export function CheckInConfigTab() {
  const [params, setParams] = useSearchParams();
  const panelId = useId();
  const requested = params.get("section");
  const section: SectionId = SECTIONS.some((s) => s.id === requested) ? (requested as SectionId) : "questions";
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const open = (id: SectionId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("section", id);
        return next;
      },
      { replace: true },
    );
  // The ARIA tabs pattern: one Tab stop (the selected tab), arrows and Home/End move between tabs.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = SECTIONS.length - 1;
    const target =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const next = target === null ? undefined : SECTIONS[target];
    if (target === null || !next) return;
    event.preventDefault();
    open(next.id);
    tabs.current[target]?.focus();
  };
  return (
    <div className="space-y-6">
      <TabHeader
        title="Check-In & Prompt Configuration"
        description="The questions, the interviewer and the defaults every organization's check-ins run on."
      />
      <div role="tablist" aria-label="Configuration sections" className="tabs tabs-box w-full overflow-x-auto sm:w-fit">
        {SECTIONS.map((s, index) => (
          <button
            key={s.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${panelId}-${s.id}`}
            aria-selected={section === s.id}
            aria-controls={panelId}
            tabIndex={section === s.id ? 0 : -1}
            className={`tab whitespace-nowrap ${section === s.id ? "tab-active" : ""}`}
            onClick={() => open(s.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={`${panelId}-${section}`}>
        {section === "questions" ? <QuestionBank /> : section === "ai" ? <AiAgentConfig /> : <GlobalSettingsPanel />}
      </div>
    </div>
  );
}
