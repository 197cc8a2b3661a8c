import { useId } from "react";
import { useSearchParams } from "react-router";
import { TabHeader, useTabs } from "@/components/ui";
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
  const open = (id: SectionId) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("section", id);
        return next;
      },
      { replace: true },
    );
  const tabProps = useTabs(
    SECTIONS.map((s) => s.id),
    section,
    open,
  );
  return (
    <div className="space-y-6">
      <TabHeader
        title="Check-In & Prompt Configuration"
        description="The questions, the interviewer and the defaults every organization's check-ins run on."
      />
      <div role="tablist" aria-label="Configuration sections" className="tabs tabs-box w-full overflow-x-auto sm:w-fit">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            {...tabProps(s.id)}
            id={`${panelId}-${s.id}`}
            aria-controls={panelId}
            className={`tab whitespace-nowrap ${section === s.id ? "tab-active" : ""}`}
            onClick={() => open(s.id)}
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
