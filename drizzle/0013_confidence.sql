-- confidence, ratings and corrections (issue 24 items 5–7). Each stored score carries its
-- confidence: evidence (the existing *_evidence columns: answers that bore on it, plus one for
-- a one-tap rating) and agreement (0–100: how far the LLM judge and the reader agree on it),
-- and which scores are shown as "uncertain" instead of a band (a JSON list of dimensions).
-- `corrected` lists the scores the salesperson corrected in the closing summary; the two
-- ratings are the 1–5 answers (null: skipped or not asked). Older rows keep nulls: shown as before.
ALTER TABLE `sentiment_scores` ADD `morale_agreement` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `confidence_agreement` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `stress_agreement` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `sales_strength_agreement` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `blockers_agreement` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `uncertain` text;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `corrected` text;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `burnout_rating` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `confidence_rating` integer;--> statement-breakpoint
-- The readings salespeople corrected: labels only, never words (worker/db/score-corrections.ts).
CREATE TABLE `score_corrections` (
	`id` text PRIMARY KEY NOT NULL,
	`organization_id` text NOT NULL,
	`check_in_id` text NOT NULL,
	`team_member_id` text NOT NULL,
	`dimension` text NOT NULL,
	`read_band` text NOT NULL,
	`chosen_band` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`check_in_id`) REFERENCES `check_ins`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_member_id`) REFERENCES `team_members`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `score_corrections_check_in_idx` ON `score_corrections` (`check_in_id`,`dimension`);--> statement-breakpoint
CREATE INDEX `score_corrections_created_idx` ON `score_corrections` (`created_at`,`dimension`);--> statement-breakpoint
CREATE INDEX `score_corrections_org_idx` ON `score_corrections` (`organization_id`,`created_at`);
