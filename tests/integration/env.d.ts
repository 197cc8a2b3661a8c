declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** The Stripe stand-in (tests/fixtures/servers/stripe.ts); GET /__requests lists what it got. */
    STRIPE_STANDIN_URL: string;
    /** The email-provider stand-in (tests/fixtures/servers/email.ts). */
    EMAIL_STANDIN_URL: string;
    /** The Slack stand-in (tests/fixtures/servers/slack-stand-in.ts): /__posts, /__control, /__send-event. */
    SLACK_STANDIN_URL: string;
    /** The shards a new organization may go to (worker/db/shards.ts); tests outside *.sharded.test.ts set "DB". */
    OPEN_SHARDS?: string;
    /** Config-only bindings that wrangler.jsonc does not declare. */
    STRIPE_API_BASE?: string;
    EMAIL_API_URL?: string;
  }
}
