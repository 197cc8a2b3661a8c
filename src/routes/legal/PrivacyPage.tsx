import { Link } from "react-router";
import { LegalDocument, type LegalSection, PRIVACY_EMAIL } from "./LegalDocument";

const subProcessors = [
  { name: "Cloudflare", purpose: "Hosting, content delivery, database and storage for the Service" },
  { name: "Stripe", purpose: "Payment processing and subscription billing for the Pro Plan" },
  { name: "Email delivery provider", purpose: "Sending verification, sign-in, check-in and reminder emails" },
  { name: "AI model provider", purpose: "Generating check-in replies and analyzing conversations for scores" },
];

const sections: LegalSection[] = [
  {
    id: "scope",
    title: "Who We Are and What This Policy Covers",
    body: (
      <>
        <p>
          Undertone is a sales hiring and performance intelligence platform with AI assessments. Organizations use it to
          run private AI check-in conversations with their salespeople and to see team-level insights such as morale,
          quota confidence and burnout risk. This Privacy Policy explains what personal information we collect, how we
          use it, and the choices you have.
        </p>
        <p>
          It covers visitors to our website, people who create an account (administrators and managers), and salespeople
          who take check-ins through a link from their organization. For check-in data, the organization that invited
          the salesperson decides why the check-ins happen, and we process the data on its behalf and under its
          instructions.
        </p>
      </>
    ),
  },
  {
    id: "information-we-collect",
    title: "Information We Collect",
    body: (
      <>
        <ul>
          <li>
            <strong>Account information:</strong> first and last name, company name, email address and a password (we
            store only a secure hash of it), plus your role in your organization.
          </li>
          <li>
            <strong>Team member information:</strong> names and email addresses of salespeople that an organization adds
            so we can send them check-in links.
          </li>
          <li>
            <strong>Check-in content:</strong> the messages a salesperson exchanges with the AI agent during a check-in,
            and the scores, themes and alerts derived from them.
          </li>
          <li>
            <strong>Billing information:</strong> plan, subscription status and billing contact. Card details are
            collected and stored by our payment processor, not by us.
          </li>
          <li>
            <strong>Technical information:</strong> IP address, browser and device type, pages requested and timestamps,
            recorded in server logs to operate and secure the Service.
          </li>
          <li>
            <strong>Cookies:</strong> we use cookies and browser storage that are needed to keep you signed in and to
            remember your settings. We do not use advertising cookies.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "check-in-privacy",
    title: "How Check-In Conversations Stay Private",
    body: (
      <>
        <p>
          Check-ins are designed so that salespeople can speak freely. A salesperson's check-in conversation is private:
          managers and administrators in their organization see scores, recurring themes, reported blockers, alerts and
          suggested coaching actions, but the Service does not show them the conversation itself or the salesperson's
          exact words.
        </p>
        <p>
          Scores and alerts may relate to an individual salesperson (for example, a burnout risk alert) so that a
          manager can offer support. Access to stored conversation content within Undertone is limited to the automated
          processing that produces these insights and to authorized staff who need it to operate, secure or support the
          Service, or where the law requires.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use",
    title: "How We Use Information",
    body: (
      <>
        <p>We use personal information to:</p>
        <ul>
          <li>create and manage accounts, verify email addresses and sign you in;</li>
          <li>send check-in links and reminders, and run check-in conversations;</li>
          <li>calculate scores, alerts, trends and coaching actions for your organization's dashboard;</li>
          <li>process payments and manage trials and subscriptions;</li>
          <li>provide support, send service and security messages, and respond to requests;</li>
          <li>monitor, secure, debug and improve the Service, and meet our legal obligations.</li>
        </ul>
        <p>We do not sell personal information, and we do not use it for advertising.</p>
      </>
    ),
  },
  {
    id: "ai-processing",
    title: "AI Processing and Assessments",
    body: (
      <>
        <p>
          During a check-in, messages are sent to our AI model provider to generate the agent's replies and to analyze
          tone, word choice and sentiment. The resulting assessments are automated estimates. They help managers decide
          where to offer support and coaching, and they should not be the sole basis for decisions with a significant
          effect on a person; our <Link to="/termsofservice">Terms of Service</Link> require customers to involve human
          review.
        </p>
        <p>
          We share check-in content with the AI model provider only to provide the Service, and we do not use check-in
          content for advertising or sell it to anyone.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How We Share Information",
    body: (
      <>
        <p>We share personal information only in these cases:</p>
        <ul>
          <li>
            <strong>Within your organization:</strong> administrators and managers see account details of their
            colleagues and the insights described above, never check-in conversations.
          </li>
          <li>
            <strong>With service providers</strong> (sub-processors) who help us run the Service, as listed in the next
            section.
          </li>
          <li>
            <strong>For legal reasons:</strong> when required by law, or to protect the rights, safety and security of
            our users, the public or Undertone.
          </li>
          <li>
            <strong>In a business transfer:</strong> if Undertone is involved in a merger, acquisition or sale of
            assets, subject to this Policy's protections.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "sub-processors",
    title: "Sub-processors and International Transfers",
    body: (
      <>
        <p>We rely on these categories of sub-processors to provide the Service:</p>
        <div className="overflow-hidden rounded-box border border-base-300">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Sub-processor</th>
                <th scope="col">Purpose</th>
              </tr>
            </thead>
            <tbody>
              {subProcessors.map((processor) => (
                <tr key={processor.name}>
                  <td className="align-top font-medium text-base-content">{processor.name}</td>
                  <td className="align-top">{processor.purpose}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Each sub-processor may access personal information only as needed for its task and is bound by data protection
          obligations. Our providers may process data in countries other than yours; where required, we rely on
          appropriate safeguards such as standard contractual clauses. Ask us for the current list of named providers at{" "}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "Data Retention",
    body: (
      <>
        <p>We keep personal information only as long as it is needed. By default:</p>
        <ul>
          <li>
            <strong>Raw check-in data</strong>, including conversation messages, is kept for 365 days, then deleted or
            anonymized.
          </li>
          <li>
            <strong>Summary data</strong>, such as scores and trends, is kept for 1095 days (three years) so that
            organizations can compare results over time.
          </li>
          <li>
            <strong>Account and billing records</strong> are kept while the account is active and afterwards for as long
            as needed to meet legal, tax and accounting obligations.
          </li>
          <li>
            <strong>Our log of emails sent</strong> (recipient, subject and body) is kept for 30 days. The stored copy
            never includes the secret part of sign-in, verification or check-in links.
          </li>
          <li>
            <strong>Abuse-prevention counters</strong>, which hold email addresses and IP addresses, are deleted 2 days
            after they start.
          </li>
          <li>
            <strong>The audit log</strong> of actions taken by platform operators is kept for 1 year.
          </li>
        </ul>
        <p>
          These are defaults, and we can agree shorter periods with an organization. When an organization closes its
          account, we delete or anonymize its data, except where we must keep it to meet a legal obligation.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        We protect personal information with encryption in transit, access controls that limit who can see check-in
        content, hashed passwords and check-in links that expire. No system is perfectly secure, so we also monitor for
        misuse and will notify affected customers and authorities of a personal data breach as the law requires.
      </p>
    ),
  },
  {
    id: "your-rights",
    title: "Your Rights and Choices",
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to access, correct, delete or export your personal
          information, to object to or restrict certain processing, and to complain to a data protection authority.
          Account holders can update their details in the app or contact us.
        </p>
        <p>
          If you are a salesperson who took check-ins, your organization controls that data. You can contact your
          organization directly, or write to us and we will pass your request on and help them respond. You can also
          choose not to take a check-in. To make a request, email{" "}
          <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>; we may need to verify your identity first.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children's Privacy",
    body: (
      <p>
        The Service is intended for adults at work. It is not directed to children, and we do not knowingly collect
        personal information from children under 13. If you believe a child has provided us with personal information,
        contact us and we will delete it.
      </p>
    ),
  },
  {
    id: "changes-contact",
    title: "Changes to This Policy and Contact Us",
    body: (
      <>
        <p>
          We may update this Privacy Policy as the Service changes. When we make material changes we will notify account
          owners by email or in the app before they take effect, and we will update the effective date above.
        </p>
        <p>
          Questions or requests about privacy? Contact us at <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      summary="What we collect, how check-in conversations stay private, who helps us run the Service, how long we keep data, and the choices you have."
      sections={sections}
    />
  );
}
