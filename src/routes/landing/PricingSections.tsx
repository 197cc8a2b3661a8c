import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { PRO_PLAN_FEATURES, TRIAL_PLAN_FEATURES } from "@/components/marketing/plans";
import { DemoLink } from "@/components/marketing/site-links";
import { container, SectionHeading } from "./SectionHeading";

const plans = [
  {
    name: "Free Trial",
    price: "$0",
    unit: "for 14 days",
    summary: "Try Undertone with a small pod before you roll it out.",
    features: TRIAL_PLAN_FEATURES,
    cta: "Start Free Trial",
    note: "No credit card required.",
    featured: false,
  },
  {
    name: "Pro Plan",
    price: "$2",
    unit: "per salesperson / month",
    summary: "Private check-ins and early warnings across your whole sales org.",
    features: PRO_PLAN_FEATURES,
    cta: "Start Pro Plan",
    note: "Secure card payment. Cancel anytime.",
    featured: true,
  },
];

export function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="bg-base-200 py-20 sm:py-24 lg:py-28">
      <div className={container}>
        <SectionHeading id="pricing" eyebrow="Pricing" title="Simple pricing that scales with your team">
          Start free, then pay only for the salespeople you check in with.
        </SectionHeading>
        <div className="mx-auto mt-14 grid max-w-4xl items-start gap-10 md:grid-cols-2 md:gap-6">
          {plans.map((plan) => (
            <article
              key={plan.name}
              aria-labelledby={`plan-${plan.featured ? "pro" : "trial"}`}
              className={`relative flex h-full flex-col rounded-box bg-base-100 p-7 sm:p-8 ${
                plan.featured ? "border-2 border-primary shadow-xl shadow-primary/10" : "border border-base-300"
              }`}
            >
              {plan.featured ? (
                <span className="absolute -top-3 left-7 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-content">
                  For your whole team
                </span>
              ) : null}
              <h3 id={`plan-${plan.featured ? "pro" : "trial"}`} className="text-xl font-semibold">
                {plan.name}
              </h3>
              <p className="mt-2 text-soft">{plan.summary}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="text-5xl font-bold tracking-tight">{plan.price}</span>
                <span className="text-soft">{plan.unit}</span>
              </p>
              <ul className="mt-8 flex-1 space-y-3">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-3">
                    <Icon
                      name="check"
                      className={`mt-0.5 size-5 ${plan.featured ? "text-primary" : "text-secondary"}`}
                    />
                    {feature}
                  </li>
                ))}
              </ul>
              <Link to="/signup" className={`btn mt-8 btn-block ${plan.featured ? "btn-primary" : "btn-outline"}`}>
                {plan.cta}
              </Link>
              <p className="mt-3 text-center text-sm text-soft">{plan.note}</p>
            </article>
          ))}
        </div>
        <p className="mx-auto mt-10 flex w-fit items-center gap-2 text-center text-sm font-medium sm:rounded-full sm:border sm:border-base-300 sm:bg-base-100 sm:px-4 sm:py-2 sm:text-base">
          <Icon name="check" className="hidden size-4 text-secondary sm:block" />
          No contracts, no setup fees, cancel anytime.
        </p>
      </div>
    </section>
  );
}

export function GetStarted() {
  return (
    <section id="get-started" aria-labelledby="get-started-title" className="py-20 sm:py-24">
      <div className={container}>
        <div className="relative isolate overflow-hidden rounded-box bg-primary px-6 py-14 text-center text-primary-content sm:px-12 sm:py-20">
          <div aria-hidden="true" className="absolute inset-0 -z-10">
            <div className="absolute -top-24 -left-20 size-72 rounded-full bg-secondary/30 blur-3xl" />
            <div className="absolute -right-16 -bottom-32 size-80 rounded-full bg-accent/25 blur-3xl" />
          </div>
          <h2
            id="get-started-title"
            className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Find out how your team is really doing
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-primary-content/85">
            Add your team, send the links, and see your first scores as soon as check-ins come in. Free for 14 days.
          </p>
          <div className="mt-9 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className="btn btn-accent btn-lg">
              Sign Up
              <Icon name="arrowRight" className="size-5" />
            </Link>
            <DemoLink className="btn btn-lg btn-outline border-primary-content/40 text-primary-content hover:border-primary-content hover:bg-primary-content/10">
              Book a demo
            </DemoLink>
          </div>
        </div>
      </div>
    </section>
  );
}
