-- Issue 26 §1, continued: fewer D1 bytes per completed check-in (README → Decisions, "A score row
-- and a blocker row are keyed by their check-in"; 0018_compact_rows did the first part).
--
-- sentiment_scores holds one row per check-in and user_challenges one per check-in and theme, and
-- each already had that key as a unique index beside a primary key on an `id` of its own that no
-- reader needs (nothing addresses a score or a blocker by id: the API shows neither's). Each table
-- is now keyed by its check-in (the primary key's index is the former unique index), without the
-- `id` column and its index: a score row and a blocker row each store ~40 B less. Still rowid
-- tables: the other indexes point at the row by its rowid (a few bytes), where a WITHOUT ROWID
-- table would repeat the check-in's id in each of them.
--
-- SQLite cannot change a primary key in place, so each table is rebuilt: a new table, every row
-- copied (no trigger is on it yet, so the rollups and summaries built from these rows stay as
-- they are), the old table dropped (its triggers and indexes with it; dropping fires no trigger),
-- the new one renamed, then its indexes and the triggers of drizzle/0015_rollups.sql and
-- drizzle/0016_summaries.sql created again word for word. No other table references these two.
CREATE TABLE `sentiment_scores_0019` (
	`check_in_id` text PRIMARY KEY NOT NULL REFERENCES `check_ins`(`id`) ON DELETE cascade,
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`team_member_id` text NOT NULL REFERENCES `team_members`(`id`) ON DELETE cascade,
	`morale` integer NOT NULL,
	`confidence` integer NOT NULL,
	`stress` integer NOT NULL,
	`sales_strength` integer NOT NULL,
	`blockers` integer NOT NULL,
	`conversation_quality_score` integer NOT NULL,
	`recorded_at` integer NOT NULL,
	`morale_evidence` integer,
	`confidence_evidence` integer,
	`stress_evidence` integer,
	`sales_strength_evidence` integer,
	`blockers_evidence` integer,
	`morale_agreement` integer,
	`confidence_agreement` integer,
	`stress_agreement` integer,
	`sales_strength_agreement` integer,
	`blockers_agreement` integer,
	`uncertain` text,
	`corrected` text,
	`burnout_rating` integer,
	`confidence_rating` integer
);--> statement-breakpoint
INSERT INTO `sentiment_scores_0019` (`check_in_id`, `organization_id`, `team_member_id`, `morale`, `confidence`, `stress`,
	`sales_strength`, `blockers`, `conversation_quality_score`, `recorded_at`, `morale_evidence`, `confidence_evidence`,
	`stress_evidence`, `sales_strength_evidence`, `blockers_evidence`, `morale_agreement`, `confidence_agreement`,
	`stress_agreement`, `sales_strength_agreement`, `blockers_agreement`, `uncertain`, `corrected`, `burnout_rating`,
	`confidence_rating`)
SELECT `check_in_id`, `organization_id`, `team_member_id`, `morale`, `confidence`, `stress`,
	`sales_strength`, `blockers`, `conversation_quality_score`, `recorded_at`, `morale_evidence`, `confidence_evidence`,
	`stress_evidence`, `sales_strength_evidence`, `blockers_evidence`, `morale_agreement`, `confidence_agreement`,
	`stress_agreement`, `sales_strength_agreement`, `blockers_agreement`, `uncertain`, `corrected`, `burnout_rating`,
	`confidence_rating`
FROM `sentiment_scores` ORDER BY `recorded_at`;--> statement-breakpoint
DROP TABLE `sentiment_scores`;--> statement-breakpoint
ALTER TABLE `sentiment_scores_0019` RENAME TO `sentiment_scores`;--> statement-breakpoint
CREATE INDEX `sentiment_scores_org_recorded_idx` ON `sentiment_scores` (`organization_id`,`recorded_at`,`morale`,`confidence`,`stress`,`sales_strength`,`morale_evidence`,`confidence_evidence`,`stress_evidence`,`sales_strength_evidence`,`blockers_evidence`);--> statement-breakpoint
CREATE INDEX `sentiment_scores_member_recorded_idx` ON `sentiment_scores` (`team_member_id`,`recorded_at`);--> statement-breakpoint
CREATE INDEX `sentiment_scores_recorded_idx` ON `sentiment_scores` (`recorded_at`);--> statement-breakpoint
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
CREATE TRIGGER `member_scores_score_added` AFTER INSERT ON `sentiment_scores`
BEGIN
  UPDATE `member_scores` SET (`recorded_at`, `morale`, `confidence`, `stress`, `sales_strength`, `blockers`, `uncertain`, `corrected`, `previous_stress`) = (
    SELECT l.`recorded_at`, l.`morale`, l.`confidence`, l.`stress`, l.`sales_strength`, l.`blockers`, l.`uncertain`, l.`corrected`,
      (SELECT p.`stress` FROM `sentiment_scores` p WHERE p.`team_member_id` = NEW.`team_member_id` ORDER BY p.`recorded_at` DESC LIMIT 1 OFFSET 1)
    FROM `sentiment_scores` l WHERE l.`team_member_id` = NEW.`team_member_id` ORDER BY l.`recorded_at` DESC LIMIT 1)
  WHERE `organization_id` = NEW.`organization_id` AND `team_member_id` = NEW.`team_member_id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_scores_score_removed` AFTER DELETE ON `sentiment_scores`
WHEN (SELECT count(*) FROM (SELECT 1 FROM `sentiment_scores` n WHERE n.`team_member_id` = OLD.`team_member_id`
  AND n.`recorded_at` > OLD.`recorded_at` LIMIT 2)) < 2
BEGIN
  UPDATE `member_scores` SET (`recorded_at`, `morale`, `confidence`, `stress`, `sales_strength`, `blockers`, `uncertain`, `corrected`, `previous_stress`) = (
    SELECT l.`recorded_at`, l.`morale`, l.`confidence`, l.`stress`, l.`sales_strength`, l.`blockers`, l.`uncertain`, l.`corrected`,
      (SELECT p.`stress` FROM `sentiment_scores` p WHERE p.`team_member_id` = OLD.`team_member_id` ORDER BY p.`recorded_at` DESC LIMIT 1 OFFSET 1)
    FROM `sentiment_scores` l WHERE l.`team_member_id` = OLD.`team_member_id` ORDER BY l.`recorded_at` DESC LIMIT 1)
  WHERE `organization_id` = OLD.`organization_id` AND `team_member_id` = OLD.`team_member_id`;
END;--> statement-breakpoint
CREATE TABLE `user_challenges_0019` (
	`check_in_id` text NOT NULL REFERENCES `check_ins`(`id`) ON DELETE cascade,
	`theme` text NOT NULL,
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`team_member_id` text NOT NULL REFERENCES `team_members`(`id`) ON DELETE cascade,
	`description` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`check_in_id`, `theme`)
);--> statement-breakpoint
INSERT INTO `user_challenges_0019` (`check_in_id`, `theme`, `organization_id`, `team_member_id`, `description`, `created_at`)
SELECT `check_in_id`, `theme`, `organization_id`, `team_member_id`, `description`, `created_at`
FROM `user_challenges` ORDER BY `created_at`;--> statement-breakpoint
DROP TABLE `user_challenges`;--> statement-breakpoint
ALTER TABLE `user_challenges_0019` RENAME TO `user_challenges`;--> statement-breakpoint
CREATE INDEX `user_challenges_org_created_idx` ON `user_challenges` (`organization_id`,`created_at`,`theme`,`team_member_id`);--> statement-breakpoint
CREATE INDEX `user_challenges_created_idx` ON `user_challenges` (`created_at`);--> statement-breakpoint
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
END;--> statement-breakpoint
CREATE TRIGGER `theme_rollups_added` AFTER INSERT ON `user_challenges`
BEGIN
  INSERT OR IGNORE INTO `theme_rollups` (`organization_id`, `hour`, `theme`, `last_at`)
    VALUES (NEW.`organization_id`, (NEW.`created_at` / 3600000) * 3600000, NEW.`theme`, NEW.`created_at`);
  UPDATE `theme_rollups` SET `reports` = `reports` + 1, `last_at` = max(`last_at`, NEW.`created_at`)
  WHERE `organization_id` = NEW.`organization_id` AND `hour` = (NEW.`created_at` / 3600000) * 3600000 AND `theme` = NEW.`theme`;
  INSERT INTO `theme_reporters` (`organization_id`, `theme`, `team_member_id`, `last_at`)
    VALUES (NEW.`organization_id`, NEW.`theme`, NEW.`team_member_id`, NEW.`created_at`)
    ON CONFLICT (`organization_id`, `theme`, `team_member_id`) DO UPDATE SET `last_at` = excluded.`last_at`
    WHERE excluded.`last_at` > `last_at`;
END;--> statement-breakpoint
CREATE TRIGGER `theme_rollups_removed` AFTER DELETE ON `user_challenges`
BEGIN
  UPDATE `theme_rollups` SET `reports` = `reports` - 1, `last_at` = CASE WHEN OLD.`created_at` < `last_at` THEN `last_at` ELSE coalesce((
      SELECT max(u.`created_at`) FROM `user_challenges` u WHERE u.`organization_id` = OLD.`organization_id`
        AND u.`created_at` >= (OLD.`created_at` / 3600000) * 3600000 AND u.`created_at` < (OLD.`created_at` / 3600000) * 3600000 + 3600000
        AND u.`theme` = OLD.`theme`), 0) END
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`created_at` / 3600000) * 3600000 AND `theme` = OLD.`theme`;
  DELETE FROM `theme_rollups` WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`created_at` / 3600000) * 3600000
    AND `theme` = OLD.`theme` AND `reports` <= 0;
  -- Their last report of it went: gone when none is left, else the newest left (their check-ins by the member index).
  DELETE FROM `theme_reporters` WHERE `organization_id` = OLD.`organization_id` AND `theme` = OLD.`theme`
    AND `team_member_id` = OLD.`team_member_id` AND `last_at` <= OLD.`created_at`
    AND NOT EXISTS (SELECT 1 FROM `check_ins` c JOIN `user_challenges` u ON u.`check_in_id` = c.`id` AND u.`theme` = OLD.`theme`
      WHERE c.`team_member_id` = OLD.`team_member_id`);
  UPDATE `theme_reporters` SET `last_at` = (
      SELECT max(u.`created_at`) FROM `check_ins` c JOIN `user_challenges` u ON u.`check_in_id` = c.`id` AND u.`theme` = OLD.`theme`
      WHERE c.`team_member_id` = OLD.`team_member_id`)
  WHERE `organization_id` = OLD.`organization_id` AND `theme` = OLD.`theme` AND `team_member_id` = OLD.`team_member_id`
    AND `last_at` <= OLD.`created_at`;
END;
