import { SITE_CONFIG_SCRIPT_ID, type SiteConfig, siteConfigSchema } from "@shared/site";
import { useQuery } from "@tanstack/react-query";
import * as zc from "zod/v4/core";
import { api } from "./api";

/**
 * The deployment's support address and demo link (GET /api/site; README → Configuration).
 * A page the Worker served prerendered carries them in a JSON script (worker/pages/site-config.ts):
 * read from there, the first render matches the HTML and nothing is fetched. Elsewhere they are
 * fetched once and kept.
 */
function fromPage(): SiteConfig | undefined {
  if (typeof document === "undefined") return undefined;
  const script = document.getElementById(SITE_CONFIG_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    const parsed = zc.safeParse(siteConfigSchema, JSON.parse(script.textContent));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** undefined while unknown (the prerender at build time, or the fetch on its way). */
export function useSiteConfig(): SiteConfig | undefined {
  const query = useQuery({
    queryKey: ["site-config"],
    queryFn: ({ signal }) => api("/api/site", siteConfigSchema, { signal }),
    initialData: fromPage,
    staleTime: Number.POSITIVE_INFINITY,
    // Kept for good, with no garbage-collection timer: at build time the prerender renders this
    // in Node, and a 5-minute timer held the build open until it fired.
    gcTime: Number.POSITIVE_INFINITY,
    // The build's prerender has no server to ask; the Worker fills those pages in.
    enabled: typeof window !== "undefined",
  });
  return query.data;
}
