/** The main region's id, the target of the skip link. */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to main content": the first thing Tab reaches on a page with a sidebar or a header,
 * hidden until focused, so keyboard users need not walk the navigation on every page.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}
