CREATE TABLE `ai_agent_configurations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`is_global` integer DEFAULT true NOT NULL,
	`organization_id` text,
	`configuration` text NOT NULL,
	`updated_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ai_agent_configurations_active_idx` ON `ai_agent_configurations` (`is_active`,`is_global`,`updated_at`);--> statement-breakpoint
CREATE TABLE `audit_logs` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_user_id` text,
	`actor_email` text,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`organization_id` text,
	`details` text,
	`ip_address` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_logs_created_idx` ON `audit_logs` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_action_idx` ON `audit_logs` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_logs_actor_idx` ON `audit_logs` (`actor_user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `check_in_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`check_in_id` text NOT NULL,
	`organization_id` text NOT NULL,
	`seq` integer NOT NULL,
	`content` text NOT NULL,
	`sender` text NOT NULL,
	`timestamp` integer NOT NULL,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_in_messages_seq_idx` ON `check_in_messages` (`check_in_id`,`seq`);--> statement-breakpoint
CREATE TABLE `check_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_member_id` text NOT NULL,
	`created_by` text,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`schedule_key` text,
	`duration_minutes` integer DEFAULT 10 NOT NULL,
	`expires_at` integer NOT NULL,
	`invited_at` integer,
	`last_reminded_at` integer,
	`reminder_count` integer DEFAULT 0 NOT NULL,
	`started_at` integer,
	`completed_at` integer,
	`reach_out_requested` integer DEFAULT false NOT NULL,
	`conversation_state` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `check_ins_org_status_idx` ON `check_ins` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `check_ins_org_completed_idx` ON `check_ins` (`organization_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `check_ins_member_idx` ON `check_ins` (`team_member_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `check_ins_status_expires_idx` ON `check_ins` (`status`,`expires_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `check_ins_member_schedule_idx` ON `check_ins` (`team_member_id`,`schedule_key`);--> statement-breakpoint
CREATE TABLE `core_question_bank` (
	`id` text PRIMARY KEY NOT NULL,
	`pillar` text NOT NULL,
	`question_text` text NOT NULL,
	`question_type` text NOT NULL,
	`priority_order` integer DEFAULT 1 NOT NULL,
	`psychological_framework` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `core_question_bank_pillar_idx` ON `core_question_bank` (`pillar`,`priority_order`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`kind` text NOT NULL,
	`dedupe_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider` text DEFAULT 'outbox' NOT NULL,
	`error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_to_kind_idx` ON `email_outbox` (`to_address`,`kind`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_idx` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE TABLE `global_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_by` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `organization_settings` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`frequency` text DEFAULT 'weekly' NOT NULL,
	`duration_minutes` integer DEFAULT 10 NOT NULL,
	`auto_reminders` integer DEFAULT true NOT NULL,
	`reminder_interval_hours` integer DEFAULT 24 NOT NULL,
	`max_response_hours` integer DEFAULT 72 NOT NULL,
	`scheduling_enabled` integer DEFAULT false NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `organizations` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`domain` text,
	`industry` text,
	`status` text DEFAULT 'active' NOT NULL,
	`subscription_tier` text DEFAULT 'basic' NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `organizations_created_idx` ON `organizations` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `organizations_created_by_idx` ON `organizations` (`created_by`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `real_time_sentiment` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`check_in_id` text NOT NULL,
	`team_member_id` text NOT NULL,
	`pillar` text NOT NULL,
	`sentiment_score` integer NOT NULL,
	`confidence_level` integer NOT NULL,
	`concern_level` text NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `real_time_sentiment_check_in_pillar_idx` ON `real_time_sentiment` (`check_in_id`,`pillar`);--> statement-breakpoint
CREATE INDEX `real_time_sentiment_org_recorded_idx` ON `real_time_sentiment` (`organization_id`,`recorded_at`);--> statement-breakpoint
CREATE TABLE `risk_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`team_member_id` text,
	`check_in_id` text,
	`alert_type` text NOT NULL,
	`priority` text NOT NULL,
	`category` text NOT NULL,
	`message` text NOT NULL,
	`status` text DEFAULT 'unread' NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `risk_alerts_org_status_idx` ON `risk_alerts` (`organization_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `risk_alerts_status_created_idx` ON `risk_alerts` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `risk_alerts_check_in_category_idx` ON `risk_alerts` (`check_in_id`,`category`);--> statement-breakpoint
CREATE TABLE `sentiment_scores` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`check_in_id` text NOT NULL,
	`team_member_id` text NOT NULL,
	`morale` integer NOT NULL,
	`confidence` integer NOT NULL,
	`stress` integer NOT NULL,
	`sales_strength` integer NOT NULL,
	`blockers` integer NOT NULL,
	`conversation_quality_score` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sentiment_scores_check_in_idx` ON `sentiment_scores` (`check_in_id`);--> statement-breakpoint
CREATE INDEX `sentiment_scores_org_recorded_idx` ON `sentiment_scores` (`organization_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `sentiment_scores_member_recorded_idx` ON `sentiment_scores` (`team_member_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `sentiment_scores_recorded_idx` ON `sentiment_scores` (`recorded_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`current_salesperson_count` integer DEFAULT 0 NOT NULL,
	`subscription_status` text DEFAULT 'incomplete' NOT NULL,
	`current_period_end` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_organization_idx` ON `subscriptions` (`organization_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_idx` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`subscription_status`);--> statement-breakpoint
CREATE TABLE `team_members` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`job_title` text,
	`region` text,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_org_email_idx` ON `team_members` (`organization_id`,`email`);--> statement-breakpoint
CREATE INDEX `team_members_org_status_idx` ON `team_members` (`organization_id`,`status`);--> statement-breakpoint
CREATE TABLE `trials` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`user_id` text,
	`trial_start_date` integer NOT NULL,
	`trial_end_date` integer NOT NULL,
	`trial_status` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trials_organization_idx` ON `trials` (`organization_id`);--> statement-breakpoint
CREATE TABLE `user_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`check_in_id` text NOT NULL,
	`team_member_id` text NOT NULL,
	`theme` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `user_challenges_org_created_idx` ON `user_challenges` (`organization_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_challenges_check_in_theme_idx` ON `user_challenges` (`check_in_id`,`theme`);--> statement-breakpoint
CREATE INDEX `user_challenges_created_idx` ON `user_challenges` (`created_at`);--> statement-breakpoint
CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_user_idx` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_token_unique` ON `session` (`token`);--> statement-breakpoint
CREATE INDEX `session_user_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`role` text DEFAULT 'Admin' NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`organization_id` text,
	`status` text DEFAULT 'Active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (`email`);--> statement-breakpoint
CREATE INDEX `user_organization_idx` ON `user` (`organization_id`);--> statement-breakpoint
CREATE INDEX `user_created_idx` ON `user` (`created_at`);--> statement-breakpoint
CREATE TABLE `verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_identifier_idx` ON `verification` (`identifier`);