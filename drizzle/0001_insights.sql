DROP INDEX `check_ins_member_idx`;--> statement-breakpoint
CREATE INDEX `check_ins_org_created_idx` ON `check_ins` (`organization_id`,`created_at`,`status`,`expires_at`,`team_member_id`);--> statement-breakpoint
CREATE INDEX `check_ins_member_idx` ON `check_ins` (`team_member_id`,`created_at`,`status`);--> statement-breakpoint
DROP INDEX `sentiment_scores_org_recorded_idx`;--> statement-breakpoint
CREATE INDEX `sentiment_scores_org_recorded_idx` ON `sentiment_scores` (`organization_id`,`recorded_at`,`morale`,`confidence`,`stress`,`sales_strength`);--> statement-breakpoint
DROP INDEX `user_challenges_org_created_idx`;--> statement-breakpoint
CREATE INDEX `user_challenges_org_created_idx` ON `user_challenges` (`organization_id`,`created_at`,`theme`,`team_member_id`);