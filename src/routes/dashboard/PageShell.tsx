import { type ReactNode, useEffect } from "react";

/**
 * A dashboard page that has no content yet: its title and an honest note of what will
 * appear here. The insights, team and settings screens replace these (issue 5).
 */
export function PageShell({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} — Undertone`;
  }, [title]);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-6 text-base-content/75">
        {children}
      </div>
    </div>
  );
}
