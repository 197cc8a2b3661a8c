import { Icon, type IconName } from "@/components/Icon";
import { container, SectionHeading } from "./SectionHeading";

const managersSee = [
  "Team morale and quota confidence scores",
  "Recurring themes and top reported blockers",
  "Risk alerts with a suggested coaching action",
];
const staysPrivate = ["The conversation itself", "A salesperson's exact words"];

export function WhatItIs() {
  return (
    <section id="what-it-is" aria-labelledby="what-it-is-title" className="py-20 sm:py-24 lg:py-28">
      <div className={`${container} grid grid-cols-1 items-center gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div>
          <SectionHeading
            id="what-it-is"
            align="left"
            eyebrow="What it is"
            title={
              <>
                A weekly <span className="whitespace-nowrap">check-in</span> your reps can actually be honest in
              </>
            }
          />
          <div className="mt-6 space-y-4 text-base leading-relaxed sm:text-lg text-pretty text-soft">
            <p>
              Undertone is an AI-powered sentiment and early-warning tool built for sales teams. Instead of another
              survey, each salesperson has a short, private conversation with an AI agent about how things are really
              going: their deals, their number, their workload and their team.
            </p>
            <p>
              While they talk, Undertone listens for what people rarely say outright in a pipeline review. Tone, word
              choice and sentiment become clear scores and alerts for you, and specific coaching actions for your next
              one-on-one.
            </p>
          </div>
        </div>

        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-8">
          <div className="flex items-center gap-3">
            <span className="grid size-11 place-items-center rounded-box bg-primary text-primary-content">
              <Icon name="lock" className="size-5" />
            </span>
            <div>
              <h3 className="text-lg font-semibold">Private by design</h3>
              <p className="text-sm text-soft">The same rule for every team, on every plan.</p>
            </div>
          </div>
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <div>
              <p className="text-sm font-semibold">Managers see</p>
              <ul className="mt-3 space-y-3">
                {managersSee.map((item) => (
                  <li key={item} className="flex gap-2.5 text-sm leading-snug">
                    <span className="mt-px grid size-5 place-items-center rounded-full bg-secondary/15 text-secondary">
                      <Icon name="check" className="size-3.5" />
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <p className="text-sm font-semibold">Never shown to managers</p>
              <ul className="mt-3 space-y-3">
                {staysPrivate.map((item) => (
                  <li key={item} className="flex gap-2.5 text-sm leading-snug">
                    <span className="mt-px grid size-5 place-items-center rounded-full bg-base-200 text-muted">
                      <Icon name="x" className="size-3.5" />
                    </span>
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <p className="mt-6 border-t border-base-300 pt-5 text-sm leading-relaxed text-soft">
            Because the conversation stays between the salesperson and the AI, people can speak freely, and the signal
            you get back is worth acting on.
          </p>
        </div>
      </div>
    </section>
  );
}

const steps: { icon: IconName; title: string; body: string; detail: string }[] = [
  {
    icon: "send",
    title: "Send a private link",
    body: "Add your team and Undertone emails each salesperson their own check-in link. There is nothing to install and no account to create.",
    detail: "Weekly by default, with reminders",
  },
  {
    icon: "chat",
    title: "A 10-minute private conversation",
    body: "An AI agent asks open questions about deals, workload and the team, and follows up the way a good manager would. It listens for tone, word choice and sentiment.",
    detail: "Only the rep and the AI see it",
  },
  {
    icon: "chart",
    title: "Scores, alerts and coaching actions",
    body: "Your dashboard updates with morale, quota confidence, burnout risk and top blockers, plus concrete coaching actions for your next one-on-one.",
    detail: "Week-over-week trends for every team",
  },
];

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-base-200 py-20 sm:py-24 lg:py-28">
      <div className={container}>
        <SectionHeading id="how-it-works" eyebrow="How it works" title="From a link to a coaching plan in three steps">
          No forms and no extra meetings. Your reps talk for about ten minutes; you get the read-out.
        </SectionHeading>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex flex-col rounded-box border border-base-300 bg-base-100 p-6 sm:p-7">
              <div className="flex items-center justify-between">
                <span className="grid size-12 place-items-center rounded-box bg-primary/10 text-primary">
                  <Icon name={step.icon} className="size-6" />
                </span>
                <span className="text-sm font-semibold text-muted">Step {index + 1}</span>
              </div>
              <h3 className="mt-6 text-xl font-semibold">{step.title}</h3>
              <p className="mt-3 flex-1 leading-relaxed text-soft">{step.body}</p>
              <p className="mt-6 flex items-center gap-2 border-t border-base-300 pt-4 text-sm font-medium">
                <Icon name="check" className="size-4 text-secondary" />
                {step.detail}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const features: { icon: IconName; title: string; body: string }[] = [
  {
    icon: "chat",
    title: "Conversational AI check-ins",
    body: "A real conversation, not a form. The agent asks supportive, open questions and digs deeper when an answer sounds off.",
  },
  {
    icon: "wave",
    title: "Hidden-signal detection",
    body: "Tone, word choice and sentiment reveal what a survey misses: doubt about a number, creeping fatigue, friction with other teams.",
  },
  {
    icon: "chart",
    title: "Real-time team dashboard",
    body: "Morale, quota confidence, stress and blockers in one view, updated as check-ins come in, with week-over-week trends.",
  },
  {
    icon: "bell",
    title: "Early-warning risk alerts",
    body: "Burnout and retention risks are flagged and ranked by priority while there is still time to help, not in the exit interview.",
  },
  {
    icon: "target",
    title: "Coaching actions",
    body: "Every insight comes with a concrete next step, so managers walk into each one-on-one knowing what to ask and what to fix.",
  },
  {
    icon: "mail",
    title: "Email check-in automation",
    body: "Set the cadence once. Undertone sends each rep a private link, follows up with reminders and closes links that go unused.",
  },
];

export function Features() {
  return (
    <section id="features" aria-labelledby="features-title" className="py-20 sm:py-24 lg:py-28">
      <div className={container}>
        <SectionHeading id="features" eyebrow="Features" title="Everything you need to lead with the full picture">
          Built for the rhythm of a sales team: quick for reps, clear for managers, and private for everyone.
        </SectionHeading>
        <ul className="mt-14 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="flex gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-box bg-primary text-primary-content shadow-sm shadow-primary/30">
                <Icon name={feature.icon} className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 leading-relaxed text-soft">{feature.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
