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
  const requested = params.get("section");
  const section: SectionId = SECTIONS.some((s) => s.id === requested) ? (requested as SectionId) : "questions";
  return (
    <div className="space-y-6">
      <TabHeader
        title="Check-In & Prompt Configuration"
        description="The questions, the interviewer and the defaults every organization's check-ins run on."
      />
      <div role="tablist" className="tabs tabs-box w-full overflow-x-auto sm:w-fit">
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            aria-selected={section === s.id}
            className={`tab whitespace-nowrap ${section === s.id ? "tab-active" : ""}`}
            onClick={() =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.set("section", s.id);
                  return next;
                },
                { replace: true },
              )
            }
          >
            {s.label}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {section === "questions" ? <QuestionBank /> : section === "ai" ? <AiAgentConfig /> : <GlobalSettingsPanel />}
      </div>
    </div>
  );
}
