import { QueryClient } from "@tanstack/react-query";

/** Spec 1 §9: stale 5 minutes and one retry at app level. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 5 * 60 * 1000, gcTime: 5 * 60 * 1000, retry: 1 },
  },
});
