import { PageLoader } from "@/components/PageLoader";

/** Shell until its feature lands: the route exists and loads its own chunk. */
export function LoginPage() {
  return <PageLoader label="Loading sign-in…" />;
}
