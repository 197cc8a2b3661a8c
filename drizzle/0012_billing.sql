-- billing (issue 25 §1, §2, §7): accounts and billing a company can run on.
-- The subscription's end as Stripe reports it: a cancellation at the period's end keeps the
-- status active until then, so the date is its own column.
ALTER TABLE `subscriptions` ADD `cancel_at_period_end` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `cancel_at` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `ended_at` integer;--> statement-breakpoint
-- Every Stripe event is kept with what became of it; one naming an organization that no longer
-- exists (deleted by the operator) is "orphaned", never dropped silently.
ALTER TABLE `stripe_events` ADD `outcome` text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `organization_id` text;--> statement-breakpoint
ALTER TABLE `stripe_events` ADD `stripe_subscription_id` text;--> statement-breakpoint
-- When an admin chose the Free Trial (null: the trial runs, but nobody has chosen a plan yet,
-- so onboarding's plan step is shown).
ALTER TABLE `trials` ADD `chosen_at` integer;--> statement-breakpoint
UPDATE `trials` SET `chosen_at` = `trial_start_date`;--> statement-breakpoint
-- Every organization is on a trial from the moment it exists, whoever creates it (sign-up,
-- the dashboard's ensure, the operator, the seed): 14 days (TRIAL_DAYS) from its created_at.
CREATE TRIGGER `organizations_start_trial` AFTER INSERT ON `organizations`
BEGIN
  INSERT INTO `trials` (`id`, `organization_id`, `user_id`, `trial_start_date`, `trial_end_date`, `trial_status`)
  VALUES (lower(hex(randomblob(16))), NEW.`id`, NULL, NEW.`created_at`, NEW.`created_at` + 14 * 86400000, 'active')
  ON CONFLICT (`organization_id`) DO NOTHING;
END;--> statement-breakpoint
-- Organizations from before: one with a subscription chose Pro (its trial is dated from its
-- creation); one with neither ran without a plan, and gets 14 days from now rather than
-- being stopped without warning.
INSERT INTO `trials` (`id`, `organization_id`, `user_id`, `trial_start_date`, `trial_end_date`, `trial_status`, `chosen_at`)
SELECT lower(hex(randomblob(16))), o.`id`, NULL, o.`created_at`, o.`created_at` + 14 * 86400000, 'converted', o.`created_at`
FROM `organizations` o
WHERE NOT EXISTS (SELECT 1 FROM `trials` t WHERE t.`organization_id` = o.`id`)
  AND EXISTS (SELECT 1 FROM `subscriptions` s WHERE s.`organization_id` = o.`id`);--> statement-breakpoint
INSERT INTO `trials` (`id`, `organization_id`, `user_id`, `trial_start_date`, `trial_end_date`, `trial_status`)
SELECT lower(hex(randomblob(16))), o.`id`, NULL, unixepoch('subsec') * 1000, unixepoch('subsec') * 1000 + 14 * 86400000, 'active'
FROM `organizations` o
WHERE NOT EXISTS (SELECT 1 FROM `trials` t WHERE t.`organization_id` = o.`id`);--> statement-breakpoint
-- organizations.status is the operator's access (active, inactive, suspended); the plan's
-- lifecycle is read from trials and subscriptions (worker/billing/lifecycle.ts).
UPDATE `organizations` SET `status` = 'active' WHERE `status` = 'trial';--> statement-breakpoint
-- The operator's system status: the last outcome of each thing that runs on its own
-- (the scheduled run, the AI provider), one row each.
CREATE TABLE `system_signals` (
	`name` text PRIMARY KEY NOT NULL,
	`last_success_at` integer,
	`last_failure_at` integer,
	`last_detail` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
