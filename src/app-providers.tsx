import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { AuthProvider } from "./auth/AuthProvider";
import { queryClient } from "./lib/query-client";

/**
 * What wraps the router, in the browser (src/main.tsx) and at build time (src/prerender.tsx):
 * one tree on both sides, so the prerendered pages hydrate without a mismatch.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
