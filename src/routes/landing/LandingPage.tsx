import { useSignedInRedirect } from "@/auth/useSignedInRedirect";
import { MarketingFooter } from "@/components/marketing/MarketingFooter";
import { MarketingNav } from "@/components/marketing/MarketingNav";
import { useDocumentTitle } from "@/components/useDocumentTitle";
import { Metrics, WhoItsFor, WhyItMatters } from "./AudienceSections";
import { Hero } from "./Hero";
import { GetStarted, Pricing } from "./PricingSections";
import { Features, HowItWorks, WhatItIs } from "./ProductSections";

const LANDING_TITLE = "Undertone — hear what your sales team isn't saying";

/** The public landing page at / (spec 1 §2): every section in the spec's order. */
export function LandingPage() {
  useSignedInRedirect();
  useDocumentTitle(LANDING_TITLE);
  return (
    <>
      <MarketingNav />
      <main>
        <Hero />
        <WhatItIs />
        <HowItWorks />
        <Features />
        <WhoItsFor />
        <Metrics />
        <WhyItMatters />
        <Pricing />
        <GetStarted />
      </main>
      <MarketingFooter />
    </>
  );
}
