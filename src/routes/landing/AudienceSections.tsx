import { Icon, type IconName } from "@/components/Icon";
import { container, SectionHeading } from "./SectionHeading";

const audiences: { icon: IconName; role: string; promise: string; points: string[] }[] = [
  {
    icon: "users",
    role: "Sales leaders and managers",
    promise: "Walk into every one-on-one knowing what to ask.",
    points: [
      "See who is stretched thin before it costs a deal",
      "Coach to the blockers your reps actually report",
      "Track whether morale moves after you act",
    ],
  },
  {
    icon: "briefcase",
    role: "Chief revenue officers",
    promise: "See the human side of the forecast.",
    points: [
      "Quota confidence next to the pipeline numbers",
      "Morale and risk trends across every team",
      "Early warning on the people you can't afford to lose",
    ],
  },
  {
    icon: "heart",
    role: "People and HR leaders",
    promise: "Catch burnout and flight risk early, without breaking trust.",
    points: [
      "Aggregated signals, never private transcripts",
      "Recurring themes across teams and regions",
      "Evidence for where support is needed most",
    ],
  },
];

export function WhoItsFor() {
  return (
    <section id="who-its-for" aria-labelledby="who-its-for-title" className="bg-base-200 py-20 sm:py-24 lg:py-28">
      <div className={container}>
        <SectionHeading id="who-its-for" eyebrow="Who it's for" title="Built for the people who carry the team">
          Whether you run a pod of five or a revenue org of hundreds, Undertone gives each leader the view they need.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {audiences.map((audience) => (
            <li key={audience.role} className="rounded-box border border-base-300 bg-base-100 p-6 sm:p-8">
              <span className="grid size-12 place-items-center rounded-full bg-secondary/15 text-secondary">
                <Icon name={audience.icon} className="size-6" />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{audience.role}</h3>
              <p className="mt-2 text-soft">{audience.promise}</p>
              <ul className="mt-6 space-y-3 border-t border-base-300 pt-6">
                {audience.points.map((point) => (
                  <li key={point} className="flex gap-2.5 text-sm leading-snug">
                    <Icon name="check" className="mt-px size-4 text-primary" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const metrics: { icon: IconName; name: string; question: string; body: string; span: string }[] = [
  {
    icon: "heart",
    name: "Team Morale Score",
    question: "How is the team really feeling?",
    body: "A score built from the tone and sentiment of every check-in, with a week-over-week trend, so a slide shows up as a line on a chart rather than a resignation letter.",
    span: "lg:col-span-2",
  },
  {
    icon: "gauge",
    name: "Quota Confidence Index",
    question: "Do reps believe in their number?",
    body: "How confident your team sounds about hitting quota, read from how they talk about pipeline and deals, not just what is in the CRM.",
    span: "lg:col-span-2",
  },
  {
    icon: "alert",
    name: "Burnout Risk Alerts",
    question: "Who needs a conversation this week?",
    body: "Sustained stress signals raise an alert, ranked by priority, with the themes behind it and a suggested next step.",
    span: "lg:col-span-2",
  },
  {
    icon: "flag",
    name: "Top Reported Blockers",
    question: "What is slowing deals down?",
    body: "The obstacles reps raise most often, from pricing approvals to lead quality to tooling, counted and ranked across the team.",
    span: "lg:col-span-3",
  },
  {
    icon: "star",
    name: "Sales Strength Profile",
    question: "Where is the team strong, and where does it need coaching?",
    body: "Where your reps sound confident and where they struggle, so coaching, enablement and hiring go where they matter.",
    span: "sm:col-span-2 lg:col-span-3",
  },
];

export function Metrics() {
  return (
    <section id="metrics" aria-labelledby="metrics-title" className="py-20 sm:py-24 lg:py-28">
      <div className={container}>
        <SectionHeading
          id="metrics"
          eyebrow="Metrics you'll see"
          title="Five numbers that tell you how your team is doing"
        >
          Each metric answers a question sales leaders ask every week and rarely get a straight answer to.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
          {metrics.map((metric) => (
            <li
              key={metric.name}
              className={`flex flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm ${metric.span}`}
            >
              <div className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-field bg-accent/20 text-accent-content">
                  <Icon name={metric.icon} className="size-5" />
                </span>
                <h3 className="text-lg font-semibold">{metric.name}</h3>
              </div>
              <p className="mt-4 font-medium text-primary">{metric.question}</p>
              <p className="mt-2 leading-relaxed text-soft">{metric.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const reasons: { title: string; body: string }[] = [
  {
    title: "Reps don't volunteer bad news",
    body: "Nobody says they've stopped believing in their number on a forecast call. A private conversation makes it safe to say.",
  },
  {
    title: "Surveys arrive after the damage",
    body: "Annual engagement surveys tell you what went wrong months ago. Weekly check-ins catch the shift while it is happening.",
  },
  {
    title: "Coaching needs specifics",
    body: "\u201cMorale is down\u201d is not a plan. Undertone shows which themes are driving it and what to do in the next one-on-one.",
  },
];

export function WhyItMatters() {
  return (
    <section
      id="why-it-matters"
      aria-labelledby="why-it-matters-title"
      className="bg-neutral py-20 text-neutral-content sm:py-24 lg:py-28"
    >
      <div className={container}>
        <SectionHeading
          id="why-it-matters"
          inverted
          eyebrow="Why it matters"
          title="Problems show up in people before they show up in the pipeline"
        >
          A slipped deal, a missed quarter or a surprise resignation usually starts weeks earlier as something nobody
          said out loud. Undertone gives you those weeks back.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {reasons.map((reason, index) => (
            <li key={reason.title} className="rounded-box border border-white/10 bg-white/5 p-6 sm:p-7">
              <span className="text-sm font-semibold text-accent">0{index + 1}</span>
              <h3 className="mt-3 text-lg font-semibold text-white">{reason.title}</h3>
              <p className="mt-2 leading-relaxed text-neutral-muted">{reason.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
