import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "@/components/Icon";
import { MarketingFooter } from "@/components/marketing/MarketingFooter";
import { MarketingNav } from "@/components/marketing/MarketingNav";
import { useDocumentTitle } from "@/components/useDocumentTitle";

export const EFFECTIVE_DATE = "June 17, 2025";
export const PRIVACY_EMAIL = "privacy@undertone.dev";

export type LegalSection = { id: string; title: string; body: ReactNode };

/**
 * Layout for the Terms of Service and Privacy Policy: public nav, a Back to Home button,
 * the title and effective date, a table of contents and numbered sections, each an h2.
 */
export function LegalDocument({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  useDocumentTitle(`${title} · Undertone`);

  const contents = (
    <ol className="space-y-1 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <Link
            to={{ hash: section.id }}
            className="flex gap-2 rounded-field px-2 py-1.5 text-soft hover:bg-base-200 hover:text-base-content"
          >
            <span className="w-5 shrink-0 text-right tabular-nums text-muted">{index + 1}.</span>
            {section.title}
          </Link>
        </li>
      ))}
    </ol>
  );

  return (
    <>
      <MarketingNav />
      <main className="bg-base-100">
        <div className="border-b border-base-300 bg-base-200">
          <div className="mx-auto max-w-6xl px-5 pt-8 pb-12 sm:px-6 sm:pb-14 lg:px-8">
            <Link to="/" className="btn btn-ghost btn-sm -ml-3 gap-2">
              <Icon name="arrowLeft" className="size-4" />
              Back to Home
            </Link>
            <h1 className="mt-6 text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
            <p className="mt-3 text-sm font-medium text-soft">Effective {EFFECTIVE_DATE}</p>
            <p className="mt-5 max-w-2xl text-base leading-relaxed text-soft sm:text-lg">{summary}</p>
          </div>
        </div>

        <div className="mx-auto grid max-w-6xl grid-cols-1 gap-10 px-5 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16 lg:px-8 lg:py-16">
          <aside className="lg:order-none">
            <details className="group rounded-box border border-base-300 bg-base-100 lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 font-semibold">
                Contents
                <Icon name="arrowRight" className="size-4 rotate-90 transition-transform group-open:-rotate-90" />
              </summary>
              <nav aria-label="Contents" className="border-t border-base-300 p-2">
                {contents}
              </nav>
            </details>
            <nav aria-label="Table of contents" className="sticky top-24 hidden lg:block">
              <p className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">On this page</p>
              <div className="mt-3">{contents}</div>
            </nav>
          </aside>

          <article className="max-w-3xl">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="border-b border-base-300 py-8 first:pt-0 last:border-b-0"
              >
                <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight sm:text-2xl">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-4 space-y-4 leading-relaxed text-soft [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-base-content [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
                  {section.body}
                </div>
              </section>
            ))}
          </article>
        </div>
      </main>
      <MarketingFooter />
    </>
  );
}
