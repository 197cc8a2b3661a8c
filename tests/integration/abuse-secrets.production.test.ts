import { secretsScan } from "./abuse-secrets-day";

/**
 * The secrets scan in production mode (APP_ENV=production for every request and the queue's
 * consumer): the outbox keeps no link secret there, so nothing but the session table may hold one.
 */
secretsScan("production");
