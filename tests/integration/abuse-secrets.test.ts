import { secretsScan } from "./abuse-secrets-day";

/** The secrets scan in development, where the outbox is the mailbox (abuse-secrets-day.ts). */
secretsScan("development");
