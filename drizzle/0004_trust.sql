-- trust (issue 12): Stripe webhooks ordered by Stripe's own event time, in its own column.
ALTER TABLE `subscriptions` ADD `stripe_event_at` integer;
-- trust (issue 12): rate-limit counters are pruned by age, in index order.
CREATE INDEX `rate_limits_window_idx` ON `rate_limits` (`window_start`);
-- trust (issue 12): the LLM's coaching reply, cached per organization, week and range.
CREATE TABLE `coaching_cache` (
	`organization_id` text NOT NULL,
	`week_key` text NOT NULL,
	`range` text NOT NULL,
	`reply` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`organization_id`, `week_key`, `range`),
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
-- trust (issue 12): where the cron's bounded create step stopped, kept between runs.
CREATE TABLE `schedule_cursors` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
