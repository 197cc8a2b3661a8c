-- trust (issue 12): Stripe webhooks ordered by Stripe's own event time, in its own column.
ALTER TABLE `subscriptions` ADD `stripe_event_at` integer;
-- trust (issue 12): rate-limit counters are pruned by age, in index order.
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);
