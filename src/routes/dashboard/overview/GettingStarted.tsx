import { Link } from "react-router";
import { Icon } from "@/components/Icon";

type Step = { title: string; detail: string; done: boolean; action?: { label: string; to: string } };

/**
 * What a new admin sees instead of empty charts: the three steps to a first insight, with
 * the next one to do highlighted and linked.
 */
export function GettingStarted({
  members,
  anyCheckInSent,
  pending,
}: {
  members: number;
  anyCheckInSent: boolean;
  pending: number;
}) {
  const steps: Step[] = [
    {
      title: "Add your team",
      detail: "Add the salespeople you manage: name, email, title and region. They never need an account.",
      done: members > 0,
      action: { label: "Add your team", to: "/dashboard/team?add=1" },
    },
    {
      title: "Send the first check-in",
      detail:
        "Each person gets a private link to a 10-minute chat. Send one now from the Team page, or turn on automatic check-ins in Settings.",
      done: anyCheckInSent,
      action: { label: "Send the first check-in", to: "/dashboard/team" },
    },
    {
      title: "See your team's pulse",
      detail:
        pending > 0
          ? `${pending} check-in${pending === 1 ? " is" : "s are"} waiting for an answer. Scores, blockers, alerts and coaching actions appear here as soon as the first one is done.`
          : "Morale, quota confidence, burnout risk, blockers and coaching actions appear here after the first completed check-in.",
      done: false,
    },
  ];
  const next = steps.findIndex((step) => !step.done);
  return (
    <section className="rounded-box border border-base-300 bg-base-100 p-5 sm:p-8" data-testid="getting-started">
      <h2 className="text-xl font-bold">Get your first insights in three steps</h2>
      <p className="mt-1 text-sm text-soft">
        Your salespeople's conversations stay private: you will see scores, themes and alerts, never what they wrote.
      </p>
      <ol className="mt-6 flex flex-col gap-4">
        {steps.map((step, index) => {
          const current = index === next;
          return (
            <li
              key={step.title}
              className={`flex gap-4 rounded-field p-3 ${current ? "border border-primary/30 bg-primary/5" : ""}`}
              aria-current={current ? "step" : undefined}
            >
              <span
                className={`grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold ${
                  step.done
                    ? "bg-success text-success-content"
                    : current
                      ? "bg-primary text-primary-content"
                      : "bg-base-200"
                }`}
              >
                {step.done ? <Icon name="check" className="size-4" label="Done:" /> : index + 1}
              </span>
              <div className="min-w-0">
                <p className={`font-semibold ${step.done ? "text-muted line-through" : ""}`}>{step.title}</p>
                <p className="mt-0.5 text-sm text-soft">{step.detail}</p>
                {current && step.action ? (
                  <Link to={step.action.to} className="btn btn-primary btn-sm mt-3">
                    {step.action.label}
                    <Icon name="arrowRight" className="size-4" />
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
