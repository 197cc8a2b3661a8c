/**
 * The one UI kit of the SPA, used by the dashboard, the auth pages and the console: frames
 * (Panel, Card, headers), states (skeletons, errors, empty), the modal, badges, list
 * controls (search, filters, pagination, table scroller), form fields, exports and icons.
 * Every colour here is a theme token that meets WCAG AA (see src/app.css).
 */
export * from "./Badge";
export * from "./Card";
export * from "./DailyLimitsList";
export * from "./download";
export * from "./Field";
export * from "./icons";
export * from "./inputs";
export * from "./list-state";
export * from "./Modal";
export * from "./ModalFrame";
export * from "./Pagination";
export * from "./Panel";
export * from "./QueryBody";
export * from "./states";
export * from "./TableScroll";
export * from "./tabs";
