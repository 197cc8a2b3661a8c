import { useState } from "react";
import { Icon, type IconName } from "@/components/Icon";

const STEPS: { icon: IconName; title: string; text: string }[] = [
  { icon: "users", title: "Add your salespeople", text: "They never log in; each gets a private check-in link." },
  { icon: "chat", title: "They chat for ten minutes", text: "An AI interviewer asks how things really are." },
  { icon: "gauge", title: "You see the signals", text: "Morale, quota confidence, burnout risk and blockers." },
];

/** Spec 1 §2: the welcome step of onboarding, with its 'Get Started' button. */
export function WelcomeOnboarding({
  firstName,
  onGetStarted,
}: {
  firstName: string;
  onGetStarted: () => Promise<void>;
}) {
  const [starting, setStarting] = useState(false);
  return (
    <section
      aria-labelledby="welcome-heading"
      className="mx-auto flex max-w-2xl flex-col items-center gap-8 py-6 text-center"
    >
      <div className="flex size-16 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Icon name="wave" className="size-8" />
      </div>
      <div className="space-y-3">
        <h1 id="welcome-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Welcome to Undertone{firstName ? `, ${firstName}` : ""}!
        </h1>
        <p className="text-soft sm:text-lg">
          Let's get your team set up. It takes about two minutes, and your salespeople never need an account.
        </p>
      </div>
      <ol className="grid w-full gap-4 text-left sm:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="rounded-box bg-base-100 p-4 shadow-sm ring-1 ring-base-300">
            <div className="flex items-center gap-2 text-primary">
              <Icon name={step.icon} />
              <span className="text-xs font-semibold uppercase tracking-wide">Step {index + 1}</span>
            </div>
            <h2 className="mt-2 font-semibold">{step.title}</h2>
            <p className="mt-1 text-sm text-soft">{step.text}</p>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-primary btn-lg"
        disabled={starting}
        onClick={async () => {
          setStarting(true);
          try {
            await onGetStarted();
          } finally {
            setStarting(false);
          }
        }}
      >
        {starting ? <span className="loading loading-spinner loading-sm" /> : null}
        Get Started
        <Icon name="arrowRight" className="size-5" />
      </button>
    </section>
  );
}
