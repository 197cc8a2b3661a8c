import { Link } from "react-router";
import { SupportEmail } from "@/components/marketing/site-links";
import { LegalDocument, type LegalSection } from "./LegalDocument";

const sections: LegalSection[] = [
  {
    id: "acceptance",
    title: "Acceptance of Terms",
    body: (
      <>
        <p>
          These Terms of Service (the “Terms”) govern your access to and use of Undertone, including our website, web
          application, check-in links and related services (together, the “Service”). By creating an account, starting a
          trial, subscribing or otherwise using the Service, you agree to these Terms.
        </p>
        <p>
          If you use the Service on behalf of a company or other organization, you confirm that you have authority to
          bind that organization, and “you” refers to that organization as well as to you. If you do not agree to these
          Terms, do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: "eligibility",
    title: "Eligibility",
    body: (
      <>
        <p>
          You must be at least 18 years old to create an account or use the Service. By using the Service you represent
          that you are 18 or over and able to form a binding contract.
        </p>
        <p>
          Organizations that invite salespeople to take check-ins are responsible for inviting only people who are 18 or
          over and who are part of their workforce.
        </p>
      </>
    ),
  },
  {
    id: "service",
    title: "Description of the Service",
    body: (
      <>
        <p>
          Undertone is a sales hiring and performance intelligence platform with AI assessments. An AI agent holds
          private conversational check-ins with salespeople and analyzes tone, word choice and sentiment to produce
          insights for the organization, such as a team morale score, a quota confidence index, burnout risk alerts, top
          reported blockers, a sales strength profile, trends over time and suggested coaching actions.
        </p>
        <p>
          Salespeople take check-ins through a private link and do not need an account. Managers and administrators see
          scores, themes and alerts; the check-in conversation itself is not shown to them. We may improve, change or
          discontinue features of the Service over time, and will give reasonable notice of changes that materially
          reduce what your plan includes.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts and Security",
    body: (
      <>
        <p>
          To use the manager dashboard you need an account, created with your name, company name, email address and a
          password, or accessed with an emailed sign-in link. You agree to give accurate information and keep it up to
          date.
        </p>
        <p>
          You are responsible for keeping your password and sign-in links confidential and for all activity under your
          account. Tell us promptly at <SupportEmail /> if you believe your account has been accessed without
          permission.
        </p>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable Use and Your Responsibilities",
    body: (
      <>
        <p>When you use the Service, you agree that you will:</p>
        <ul>
          <li>
            tell your salespeople that you use Undertone, what the check-ins are for and how the results are used, and
            obtain any consent that applicable law requires;
          </li>
          <li>
            respect the privacy of check-ins, and not attempt to obtain conversation content that the Service does not
            show you, or pressure anyone to share what they said;
          </li>
          <li>
            not use the Service to discriminate against anyone, or in any way that breaks employment, privacy or other
            laws;
          </li>
          <li>
            not interfere with or disrupt the Service, probe it for vulnerabilities without our permission, or access it
            by automated means other than the interfaces we provide;
          </li>
          <li>not resell, sublicense or reverse engineer the Service, or use it to build a competing product.</li>
        </ul>
        <p>We may suspend access that breaks these rules or puts the Service or other customers at risk.</p>
      </>
    ),
  },
  {
    id: "billing",
    title: "Free Trial, Subscriptions and Payment",
    body: (
      <>
        <p>
          <strong>Free Trial.</strong> Every new organization starts a 14-day free trial when it is created, covering up
          to 3 team members, with basic sentiment tracking, email check-ins and a basic dashboard. No credit card is
          required. At the end of the trial, new and scheduled check-ins pause until you subscribe; what your team has
          shared stays readable.
        </p>
        <p>
          <strong>Pro Plan.</strong> The Pro Plan costs $2 per salesperson per month, billed monthly in advance through
          our payment processor, plus any applicable taxes. There are no contracts and no setup fees. Changes in the
          number of salespeople are reflected in your subscription.
        </p>
        <p>
          <strong>Cancellation.</strong> You can cancel anytime, yourself: Settings, then Manage billing, opens our
          payment processor's billing page, where you can also change your card and download invoices. Cancellation
          takes effect at the end of the current billing period, and you keep access until then. Fees already paid are
          not refundable except where the law requires otherwise. If a payment fails, we may suspend paid features until
          it is resolved. We will give you advance notice of any price change before it applies to you.
        </p>
      </>
    ),
  },
  {
    id: "data-and-ip",
    title: "Your Data and Our Intellectual Property",
    body: (
      <>
        <p>
          You keep ownership of the information you and your team members submit to the Service (“Customer Data”). You
          grant us a limited license to host, process and analyze Customer Data only to provide, secure and support the
          Service for you, as described in our <Link to="/privacypolicy">Privacy Policy</Link>.
        </p>
        <p>
          We own the Service, including the software, question frameworks, scoring models, design and brand. These Terms
          do not grant you any rights in them except the right to use the Service during your subscription. If you send
          us feedback, we may use it without obligation to you.
        </p>
      </>
    ),
  },
  {
    id: "ai-assessments",
    title: "AI Assessments",
    body: (
      <>
        <p>
          Scores, alerts, themes and coaching actions are generated automatically by AI from check-in conversations.
          They are estimates meant to support a manager's judgment, not facts about a person, and they can be incomplete
          or wrong.
        </p>
        <p>
          You must not rely on AI assessments as the sole basis for hiring, firing, promotion, compensation or other
          decisions with a significant effect on someone. Any such decision should involve human review and should give
          the person a fair chance to be heard.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Disclaimers and Limitation of Liability",
    body: (
      <>
        <p>
          The Service is provided “as is” and “as available”. To the extent the law allows, we disclaim all warranties,
          express or implied, including warranties of merchantability, fitness for a particular purpose and
          non-infringement, and we do not promise that the Service will be uninterrupted or error-free.
        </p>
        <p>
          To the extent the law allows, neither party will be liable for indirect, incidental, special, consequential or
          punitive damages, or for lost profits, revenue or data, and our total liability arising from the Service will
          not exceed the amount you paid us in the 12 months before the claim arose. Nothing in these Terms limits
          liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: "termination",
    title: "Termination, Changes and Contact",
    body: (
      <>
        <p>
          You can stop using the Service and close your account at any time. We may suspend or end your access if you
          materially breach these Terms and do not fix the breach after notice, or immediately where needed to protect
          the Service or others. When an account closes, we handle its data as described in the Privacy Policy.
        </p>
        <p>
          We may update these Terms from time to time. When we make material changes we will notify account owners by
          email or in the app before they take effect, and we will update the effective date above. Continued use of the
          Service after changes take effect means you accept them.
        </p>
        <p>
          Questions about these Terms? Contact us at <SupportEmail />.
        </p>
      </>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      summary="The agreement between Undertone and the organizations and people who use it: what the Service does, what we expect from you, and how trials, billing and AI assessments work."
      sections={sections}
    />
  );
}
