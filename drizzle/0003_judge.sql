ALTER TABLE `sentiment_scores` ADD `morale_evidence` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `confidence_evidence` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `stress_evidence` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `sales_strength_evidence` integer;--> statement-breakpoint
ALTER TABLE `sentiment_scores` ADD `blockers_evidence` integer;--> statement-breakpoint
ALTER TABLE `check_ins` ADD `needs_review` integer DEFAULT false NOT NULL;--> statement-breakpoint
DROP INDEX `sentiment_scores_org_recorded_idx`;--> statement-breakpoint
CREATE INDEX `sentiment_scores_org_recorded_idx` ON `sentiment_scores` (`organization_id`,`recorded_at`,`morale`,`confidence`,`stress`,`sales_strength`,`morale_evidence`,`confidence_evidence`,`stress_evidence`,`sales_strength_evidence`,`blockers_evidence`);
