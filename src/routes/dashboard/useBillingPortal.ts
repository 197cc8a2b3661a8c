import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { createBillingPortalSession } from "./billing-api";

/**
 * "Manage billing": Stripe's own customer portal (cancel, change the card, invoices), opened
 * in place; Stripe sends the browser back to Settings. While the session is being created the
 * button says so; a refusal is a toast with the server's reason.
 */
export function useBillingPortal() {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const { url } = await createBillingPortalSession();
      window.location.assign(url);
      // The page is leaving: the button stays busy until it has.
    } catch (error) {
      setOpening(false);
      toast({
        title: "Billing page unavailable",
        description: error instanceof Error ? error.message : "Try again in a minute.",
        variant: "destructive",
      });
    }
  };
  return { open: () => void open(), opening };
}
