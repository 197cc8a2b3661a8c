/** The landing-page sections the public navigation and footer link to. */
export const SECTION_LINKS = [
  { id: "how-it-works", label: "How It Works" },
  { id: "features", label: "Features" },
  { id: "pricing", label: "Pricing" },
] as const;
