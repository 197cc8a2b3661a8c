-- rollups (issue 26 §2): the dashboards read summaries, not every check-in. One row per
-- organization and hour holds the sums the Overview's weekly means are made of, the
-- blockers reported and the check-ins completed in that hour. Triggers on the score and
-- blocker rows keep them (below): a completion's insert adds in its own batch, a retried one
-- inserts nothing (ON CONFLICT DO NOTHING) and adds nothing, and a deletion (a revoked
-- completion undone, retention, a member removed: cascades fire triggers) takes away.
-- `npm run rollups:rebuild` recomputes them from the rows. An organization is the one team here, so the
-- per-team rollup is this one. Hours, not weeks: the dashboard's weeks are the last 7 days
-- counted back from now (spec 2 §7), so a window's first and last hour are read from the
-- rows and every hour between from here (README → Decisions "Hourly rollups").
CREATE TABLE `score_rollups` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`responses` integer DEFAULT 0 NOT NULL,
	`morale_sum` integer DEFAULT 0 NOT NULL,
	`confidence_sum` integer DEFAULT 0 NOT NULL,
	`stress_sum` integer DEFAULT 0 NOT NULL,
	`sales_strength_sum` integer DEFAULT 0 NOT NULL,
	`morale_discussed` integer DEFAULT 0 NOT NULL,
	`confidence_discussed` integer DEFAULT 0 NOT NULL,
	`stress_discussed` integer DEFAULT 0 NOT NULL,
	`sales_strength_discussed` integer DEFAULT 0 NOT NULL,
	`blockers_discussed` integer DEFAULT 0 NOT NULL,
	`blockers` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `hour`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `score_rollups_hour_idx` ON `score_rollups` (`hour`);--> statement-breakpoint
-- The rows already there (the same statements as the rebuild command).
INSERT INTO `score_rollups` (`organization_id`, `hour`, `responses`, `morale_sum`, `confidence_sum`, `stress_sum`, `sales_strength_sum`, `morale_discussed`, `confidence_discussed`, `stress_discussed`, `sales_strength_discussed`, `blockers_discussed`)
SELECT `organization_id`, (`recorded_at` / 3600000) * 3600000, count(*), sum(`morale`), sum(`confidence`), sum(`stress`), sum(coalesce(`sales_strength`, 75)),
  sum(coalesce(`morale_evidence`, 1) > 0), sum(coalesce(`confidence_evidence`, 1) > 0), sum(coalesce(`stress_evidence`, 1) > 0),
  sum(coalesce(`sales_strength_evidence`, 1) > 0), sum(coalesce(`blockers_evidence`, 1) > 0)
FROM `sentiment_scores` GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO `score_rollups` (`organization_id`, `hour`, `blockers`)
SELECT `organization_id`, (`created_at` / 3600000) * 3600000, count(*) FROM `user_challenges` WHERE true GROUP BY 1, 2
ON CONFLICT (`organization_id`, `hour`) DO UPDATE SET `blockers` = excluded.`blockers`;;--> statement-breakpoint
CREATE TRIGGER `score_rollups_score_added` AFTER INSERT ON `sentiment_scores`
BEGIN
  INSERT OR IGNORE INTO `score_rollups` (`organization_id`, `hour`) VALUES (NEW.`organization_id`, (NEW.`recorded_at` / 3600000) * 3600000);
  UPDATE `score_rollups` SET `responses` = `responses` + 1, `morale_sum` = `morale_sum` + NEW.`morale`,
    `confidence_sum` = `confidence_sum` + NEW.`confidence`, `stress_sum` = `stress_sum` + NEW.`stress`,
    `sales_strength_sum` = `sales_strength_sum` + coalesce(NEW.`sales_strength`, 75),
    `morale_discussed` = `morale_discussed` + (coalesce(NEW.`morale_evidence`, 1) > 0),
    `confidence_discussed` = `confidence_discussed` + (coalesce(NEW.`confidence_evidence`, 1) > 0),
    `stress_discussed` = `stress_discussed` + (coalesce(NEW.`stress_evidence`, 1) > 0),
    `sales_strength_discussed` = `sales_strength_discussed` + (coalesce(NEW.`sales_strength_evidence`, 1) > 0),
    `blockers_discussed` = `blockers_discussed` + (coalesce(NEW.`blockers_evidence`, 1) > 0)
  WHERE `organization_id` = NEW.`organization_id` AND `hour` = (NEW.`recorded_at` / 3600000) * 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `score_rollups_score_removed` AFTER DELETE ON `sentiment_scores`
BEGIN
  UPDATE `score_rollups` SET `responses` = `responses` - 1, `morale_sum` = `morale_sum` - OLD.`morale`,
    `confidence_sum` = `confidence_sum` - OLD.`confidence`, `stress_sum` = `stress_sum` - OLD.`stress`,
    `sales_strength_sum` = `sales_strength_sum` - coalesce(OLD.`sales_strength`, 75),
    `morale_discussed` = `morale_discussed` - (coalesce(OLD.`morale_evidence`, 1) > 0),
    `confidence_discussed` = `confidence_discussed` - (coalesce(OLD.`confidence_evidence`, 1) > 0),
    `stress_discussed` = `stress_discussed` - (coalesce(OLD.`stress_evidence`, 1) > 0),
    `sales_strength_discussed` = `sales_strength_discussed` - (coalesce(OLD.`sales_strength_evidence`, 1) > 0),
    `blockers_discussed` = `blockers_discussed` - (coalesce(OLD.`blockers_evidence`, 1) > 0)
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`recorded_at` / 3600000) * 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `score_rollups_blocker_added` AFTER INSERT ON `user_challenges`
BEGIN
  INSERT OR IGNORE INTO `score_rollups` (`organization_id`, `hour`) VALUES (NEW.`organization_id`, (NEW.`created_at` / 3600000) * 3600000);
  UPDATE `score_rollups` SET `blockers` = `blockers` + 1
  WHERE `organization_id` = NEW.`organization_id` AND `hour` = (NEW.`created_at` / 3600000) * 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `score_rollups_blocker_removed` AFTER DELETE ON `user_challenges`
BEGIN
  UPDATE `score_rollups` SET `blockers` = `blockers` - 1
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`created_at` / 3600000) * 3600000;
END;
