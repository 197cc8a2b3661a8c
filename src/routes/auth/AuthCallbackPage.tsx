import { PageLoader } from "@/components/PageLoader";

/** Shell until its feature lands: the route exists and loads its own chunk. */
export function AuthCallbackPage() {
  return <PageLoader label="Processing authentication..." />;
}
