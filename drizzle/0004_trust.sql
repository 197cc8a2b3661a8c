-- trust (issue 12): Stripe webhooks ordered by Stripe's own event time, in its own column.
ALTER TABLE `subscriptions` ADD `stripe_event_at` integer;
