/**
 * Where a dialog's focus starts (WAI-ARIA APG's modal dialog): the browser's showModal() picks
 * the first focusable element, which is the header's × close button. Instead, in this order:
 * a control marked data-autofocus (a confirmation's Cancel, its safe action), the body's first
 * field, the body's first control, the footer's first control, and for a dialog with none
 * (details still loading, read-only text) its title, so a screen reader starts there.
 */
const FIELDS = "input:not([type=hidden]), select, textarea";
const CONTROLS = `${FIELDS}, button, a[href], [tabindex]:not([tabindex='-1'])`;

/** The first match that can take focus now: enabled and laid out (not display: none). */
function firstUsable(root: Element | null, selector: string): HTMLElement | null {
  if (!root) return null;
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    if (element.matches(":disabled") || element.getClientRects().length === 0) continue;
    return element;
  }
  return null;
}

export function initialFocusTarget(box: HTMLElement, title: HTMLElement | null): HTMLElement | null {
  const body = box.querySelector("[data-modal-body]") ?? box;
  const target =
    firstUsable(box, "[data-autofocus]") ??
    firstUsable(body, FIELDS) ??
    firstUsable(body, CONTROLS) ??
    firstUsable(box.querySelector("[data-modal-footer]"), CONTROLS);
  if (target || !title) return target;
  // Focusable by script only: the title is not a Tab stop.
  title.tabIndex = -1;
  return title;
}
