import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { DashboardMock } from "./DashboardMock";
import { container } from "./SectionHeading";

const reassurances = ["14-day free trial", "No credit card required", "$2 per salesperson / month"];

export function Hero() {
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-primary/8 blur-3xl" />
        <div className="absolute top-1/3 -right-40 h-96 w-96 rounded-full bg-secondary/10 blur-3xl" />
        <div className="absolute inset-x-0 bottom-0 h-px bg-base-300" />
      </div>
      <div
        className={`${container} grid grid-cols-1 items-center gap-14 pt-14 pb-20 sm:pt-20 lg:grid-cols-[1.05fr_1fr] lg:gap-16 lg:pt-24 lg:pb-28`}
      >
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-primary/15 bg-primary/5 px-3 py-1 text-sm font-medium text-primary">
            <Icon name="lock" className="size-4" />
            Private AI check-ins for sales teams
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.08] font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Hear what your sales team <span className="text-primary">isn't saying.</span>
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed sm:text-lg text-pretty text-soft">
            Every salesperson gets a private, <span className="whitespace-nowrap">ten-minute</span> conversation with an
            AI agent that listens for tone, word choice and sentiment. You get morale, quota confidence and early
            burnout alerts, each with a coaching action, while there is still time to act.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/signup" className="btn btn-primary btn-lg">
              Start Free Trial
              <Icon name="arrowRight" className="size-5" />
            </Link>
            <Link to="/#how-it-works" className="btn btn-outline btn-lg border-base-300 bg-base-100">
              See how it works
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-soft">
            {reassurances.map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Icon name="check" className="size-4 text-secondary" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <DashboardMock />
      </div>
    </section>
  );
}
