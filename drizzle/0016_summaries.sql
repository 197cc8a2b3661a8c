-- summaries (issue 26 §2): what the Overview and a person's page read instead of every row. Kept
-- by triggers like score_rollups (0015), so the completion's own batch (and every deletion:
-- retention, a revoked completion undone, a member removed) keeps them true; rebuilt by
-- `npm run rollups:rebuild` (worker/insights/rollups-sql.ts holds the same statements).
--
-- member_scores: one row per team member: their name and status (the lists' order and filter),
-- their latest check-in's scores and the stress of the one before (the newest two by
-- recorded_at, as the dashboard chose them), and their open alerts. Every list and count of the
-- Overview is one index range of it (worker/insights/people.ts), never a scan of the members.
CREATE TABLE `member_scores` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`team_member_id` text NOT NULL REFERENCES `team_members`(`id`) ON DELETE cascade,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`status` text NOT NULL,
	`recorded_at` integer,
	`morale` integer,
	`confidence` integer,
	`stress` integer,
	`sales_strength` integer,
	`blockers` integer,
	`uncertain` text,
	`corrected` text,
	`previous_stress` integer,
	`open_alerts` integer DEFAULT 0 NOT NULL,
	-- Open alerts of the categories that make a person high risk (burnout, low_morale, reach_out).
	`open_high_alerts` integer DEFAULT 0 NOT NULL,
	-- personRisk (worker/insights/compute.ts, RISK_RULES): 0 high, 1 watch, 2 ok, 3 no check-in yet.
	`risk` integer GENERATED ALWAYS AS (CASE
		WHEN `open_high_alerts` > 0 OR `stress` >= 70 OR `morale` < 35 THEN 0
		WHEN `open_alerts` > 0 THEN 1
		WHEN `recorded_at` IS NULL THEN 3
		WHEN `stress` >= 60 OR `morale` < 50 OR `confidence` < 50 THEN 1 ELSE 2 END) VIRTUAL,
	-- The dashboard's order of people: risk, then stress (highest first), then name.
	`risk_key` integer GENERATED ALWAYS AS (`risk` * 1000 + 100 - coalesce(`stress`, 0)) VIRTUAL,
	PRIMARY KEY(`organization_id`, `team_member_id`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE UNIQUE INDEX `member_scores_member_idx` ON `member_scores` (`team_member_id`);--> statement-breakpoint
-- Each list in its own order (ties by name, then the member's id: the key's last column), each
-- count an index range. Lists of active people lead with the status.
CREATE INDEX `member_scores_risk_idx` ON `member_scores` (`organization_id`, `risk_key`, `first_name` COLLATE NOCASE, `last_name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `member_scores_stress_idx` ON `member_scores` (`organization_id`, `status`, `stress` DESC, `risk_key`, `first_name` COLLATE NOCASE, `last_name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `member_scores_confidence_idx` ON `member_scores` (`organization_id`, `status`, `confidence`, `risk_key`, `first_name` COLLATE NOCASE, `last_name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `member_scores_strength_idx` ON `member_scores` (`organization_id`, `status`, `sales_strength` DESC, `risk_key`, `first_name` COLLATE NOCASE, `last_name` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `member_scores_morale_idx` ON `member_scores` (`organization_id`, `status`, `morale`);--> statement-breakpoint
CREATE INDEX `member_scores_recorded_idx` ON `member_scores` (`organization_id`, `status`, `recorded_at`);--> statement-breakpoint
-- member_counts: per organization, the counts the Overview shows over all its members (the
-- risk levels, the sales strength bands and mean, who is active), kept from member_scores.
CREATE TABLE `member_counts` (
	`organization_id` text PRIMARY KEY NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`members` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	`high` integer DEFAULT 0 NOT NULL,
	`watch` integer DEFAULT 0 NOT NULL,
	`ok` integer DEFAULT 0 NOT NULL,
	`unknown` integer DEFAULT 0 NOT NULL,
	-- Active people with a check-in: their sales strength's sum and bands, high stress and low confidence.
	`scored` integer DEFAULT 0 NOT NULL,
	`strength_sum` integer DEFAULT 0 NOT NULL,
	`strong` integer DEFAULT 0 NOT NULL,
	`solid` integer DEFAULT 0 NOT NULL,
	`developing` integer DEFAULT 0 NOT NULL,
	`high_stress` integer DEFAULT 0 NOT NULL,
	`low_confidence` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;--> statement-breakpoint
-- member_latest_hours: per organization and hour, the active members whose latest check-in is in
-- it: "answered this week" is a sum over the week's hours, not a count of every member.
CREATE TABLE `member_latest_hours` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`active` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `hour`)
) WITHOUT ROWID;--> statement-breakpoint
-- check_in_rollups: per organization and hour of sending, the check-ins sent and how many are
-- completed and expired by status (pending = the rest; whether a pending one is past its
-- expiry depends on now, and is read from the pending rows' index).
CREATE TABLE `check_in_rollups` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	`expired` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `hour`)
) WITHOUT ROWID;--> statement-breakpoint
-- theme_rollups: per organization, hour and blocker theme, the reports and the newest one's time.
CREATE TABLE `theme_rollups` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`theme` text NOT NULL,
	`reports` integer DEFAULT 0 NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `hour`, `theme`)
) WITHOUT ROWID;--> statement-breakpoint
-- theme_reporters: who reported a theme, and when last; theme_reporter_hours: how many
-- reporters' last report of a theme fell in each hour. People who reported a theme in a range
-- are the reporters whose last report is in it: the hours inside it, plus the rows of its two
-- partial hours.
CREATE TABLE `theme_reporters` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`theme` text NOT NULL,
	`team_member_id` text NOT NULL,
	`last_at` integer NOT NULL,
	PRIMARY KEY(`organization_id`, `theme`, `team_member_id`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `theme_reporters_last_idx` ON `theme_reporters` (`organization_id`, `last_at`, `theme`);--> statement-breakpoint
CREATE TABLE `theme_reporter_hours` (
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`hour` integer NOT NULL,
	`theme` text NOT NULL,
	`reporters` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`organization_id`, `hour`, `theme`)
) WITHOUT ROWID;--> statement-breakpoint
-- The open alerts only, by priority and time: the Overview's first twenty read a few of them
-- (worker/insights/open-alerts.ts) instead of sorting all.
CREATE INDEX `risk_alerts_open_idx` ON `risk_alerts` (`organization_id`, `priority`, `created_at` DESC) WHERE `status` IN ('unread', 'read');--> statement-breakpoint
-- The pending check-ins of a range and their expiry, from the index alone.
DROP INDEX `check_ins_org_status_idx`;--> statement-breakpoint
CREATE INDEX `check_ins_org_status_idx` ON `check_ins` (`organization_id`, `status`, `created_at`, `expires_at`);--> statement-breakpoint
-- member_counts follows member_scores: a row's old contribution out, its new one in.
CREATE TRIGGER `member_counts_added` AFTER INSERT ON `member_scores`
BEGIN
  INSERT OR IGNORE INTO `member_counts` (`organization_id`) VALUES (NEW.`organization_id`);
  UPDATE `member_counts` SET `members` = `members` + 1, `active` = `active` + ifnull(NEW.`status` = 'active', 0),
    `high` = `high` + ifnull(NEW.`risk` = 0, 0), `watch` = `watch` + ifnull(NEW.`risk` = 1, 0), `ok` = `ok` + ifnull(NEW.`risk` = 2, 0),
    `unknown` = `unknown` + ifnull(NEW.`risk` = 3, 0),
    `scored` = `scored` + ifnull(NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL, 0),
    `strength_sum` = `strength_sum` + CASE WHEN NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL THEN NEW.`sales_strength` ELSE 0 END,
    `strong` = `strong` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` >= 75, 0),
    `solid` = `solid` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` >= 60 AND NEW.`sales_strength` < 75, 0),
    `developing` = `developing` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` < 60, 0),
    `high_stress` = `high_stress` + ifnull(NEW.`status` = 'active' AND NEW.`stress` >= 70, 0),
    `low_confidence` = `low_confidence` + ifnull(NEW.`status` = 'active' AND NEW.`confidence` < 40, 0)
  WHERE `organization_id` = NEW.`organization_id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_counts_changed` AFTER UPDATE ON `member_scores`
BEGIN
  UPDATE `member_counts` SET `members` = `members` - 1, `active` = `active` - ifnull(OLD.`status` = 'active', 0),
    `high` = `high` - ifnull(OLD.`risk` = 0, 0), `watch` = `watch` - ifnull(OLD.`risk` = 1, 0), `ok` = `ok` - ifnull(OLD.`risk` = 2, 0),
    `unknown` = `unknown` - ifnull(OLD.`risk` = 3, 0),
    `scored` = `scored` - ifnull(OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL, 0),
    `strength_sum` = `strength_sum` - CASE WHEN OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL THEN OLD.`sales_strength` ELSE 0 END,
    `strong` = `strong` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` >= 75, 0),
    `solid` = `solid` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` >= 60 AND OLD.`sales_strength` < 75, 0),
    `developing` = `developing` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` < 60, 0),
    `high_stress` = `high_stress` - ifnull(OLD.`status` = 'active' AND OLD.`stress` >= 70, 0),
    `low_confidence` = `low_confidence` - ifnull(OLD.`status` = 'active' AND OLD.`confidence` < 40, 0)
  WHERE `organization_id` = OLD.`organization_id`;
  UPDATE `member_counts` SET `members` = `members` + 1, `active` = `active` + ifnull(NEW.`status` = 'active', 0),
    `high` = `high` + ifnull(NEW.`risk` = 0, 0), `watch` = `watch` + ifnull(NEW.`risk` = 1, 0), `ok` = `ok` + ifnull(NEW.`risk` = 2, 0),
    `unknown` = `unknown` + ifnull(NEW.`risk` = 3, 0),
    `scored` = `scored` + ifnull(NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL, 0),
    `strength_sum` = `strength_sum` + CASE WHEN NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL THEN NEW.`sales_strength` ELSE 0 END,
    `strong` = `strong` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` >= 75, 0),
    `solid` = `solid` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` >= 60 AND NEW.`sales_strength` < 75, 0),
    `developing` = `developing` + ifnull(NEW.`status` = 'active' AND NEW.`sales_strength` < 60, 0),
    `high_stress` = `high_stress` + ifnull(NEW.`status` = 'active' AND NEW.`stress` >= 70, 0),
    `low_confidence` = `low_confidence` + ifnull(NEW.`status` = 'active' AND NEW.`confidence` < 40, 0)
  WHERE `organization_id` = NEW.`organization_id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_counts_removed` AFTER DELETE ON `member_scores`
BEGIN
  UPDATE `member_counts` SET `members` = `members` - 1, `active` = `active` - ifnull(OLD.`status` = 'active', 0),
    `high` = `high` - ifnull(OLD.`risk` = 0, 0), `watch` = `watch` - ifnull(OLD.`risk` = 1, 0), `ok` = `ok` - ifnull(OLD.`risk` = 2, 0),
    `unknown` = `unknown` - ifnull(OLD.`risk` = 3, 0),
    `scored` = `scored` - ifnull(OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL, 0),
    `strength_sum` = `strength_sum` - CASE WHEN OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL THEN OLD.`sales_strength` ELSE 0 END,
    `strong` = `strong` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` >= 75, 0),
    `solid` = `solid` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` >= 60 AND OLD.`sales_strength` < 75, 0),
    `developing` = `developing` - ifnull(OLD.`status` = 'active' AND OLD.`sales_strength` < 60, 0),
    `high_stress` = `high_stress` - ifnull(OLD.`status` = 'active' AND OLD.`stress` >= 70, 0),
    `low_confidence` = `low_confidence` - ifnull(OLD.`status` = 'active' AND OLD.`confidence` < 40, 0)
  WHERE `organization_id` = OLD.`organization_id`;
END;--> statement-breakpoint
-- member_latest_hours follows member_scores (also while an organization is deleted: no row for it then).
CREATE TRIGGER `member_latest_hours_added` AFTER INSERT ON `member_scores`
WHEN NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL
BEGIN
  INSERT INTO `member_latest_hours` (`organization_id`, `hour`, `active`)
    SELECT NEW.`organization_id`, (NEW.`recorded_at` / 3600000) * 3600000, 1
    WHERE EXISTS (SELECT 1 FROM `organizations` WHERE `id` = NEW.`organization_id`)
    ON CONFLICT (`organization_id`, `hour`) DO UPDATE SET `active` = `active` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `member_latest_hours_changed` AFTER UPDATE OF `recorded_at`, `status` ON `member_scores`
BEGIN
  UPDATE `member_latest_hours` SET `active` = `active` - 1
  WHERE OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL AND `organization_id` = OLD.`organization_id`
    AND `hour` = (OLD.`recorded_at` / 3600000) * 3600000;
  DELETE FROM `member_latest_hours` WHERE `organization_id` = OLD.`organization_id`
    AND `hour` = (OLD.`recorded_at` / 3600000) * 3600000 AND `active` <= 0;
  INSERT INTO `member_latest_hours` (`organization_id`, `hour`, `active`)
    SELECT NEW.`organization_id`, (NEW.`recorded_at` / 3600000) * 3600000, 1
    WHERE NEW.`status` = 'active' AND NEW.`recorded_at` IS NOT NULL
      AND EXISTS (SELECT 1 FROM `organizations` WHERE `id` = NEW.`organization_id`)
    ON CONFLICT (`organization_id`, `hour`) DO UPDATE SET `active` = `active` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `member_latest_hours_removed` AFTER DELETE ON `member_scores`
WHEN OLD.`status` = 'active' AND OLD.`recorded_at` IS NOT NULL
BEGIN
  UPDATE `member_latest_hours` SET `active` = `active` - 1
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`recorded_at` / 3600000) * 3600000;
  DELETE FROM `member_latest_hours` WHERE `organization_id` = OLD.`organization_id`
    AND `hour` = (OLD.`recorded_at` / 3600000) * 3600000 AND `active` <= 0;
END;--> statement-breakpoint
-- member_scores follows the members (every member has its row), their score rows and their alerts.
CREATE TRIGGER `member_scores_member_added` AFTER INSERT ON `team_members`
BEGIN
  INSERT OR IGNORE INTO `member_scores` (`organization_id`, `team_member_id`, `first_name`, `last_name`, `status`)
    VALUES (NEW.`organization_id`, NEW.`id`, NEW.`first_name`, NEW.`last_name`, NEW.`status`);
END;--> statement-breakpoint
CREATE TRIGGER `member_scores_member_changed` AFTER UPDATE OF `first_name`, `last_name`, `status` ON `team_members`
BEGIN
  UPDATE `member_scores` SET `first_name` = NEW.`first_name`, `last_name` = NEW.`last_name`, `status` = NEW.`status`
  WHERE `organization_id` = NEW.`organization_id` AND `team_member_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_scores_score_added` AFTER INSERT ON `sentiment_scores`
BEGIN
  UPDATE `member_scores` SET (`recorded_at`, `morale`, `confidence`, `stress`, `sales_strength`, `blockers`, `uncertain`, `corrected`, `previous_stress`) = (
    SELECT l.`recorded_at`, l.`morale`, l.`confidence`, l.`stress`, l.`sales_strength`, l.`blockers`, l.`uncertain`, l.`corrected`,
      (SELECT p.`stress` FROM `sentiment_scores` p WHERE p.`team_member_id` = NEW.`team_member_id` ORDER BY p.`recorded_at` DESC LIMIT 1 OFFSET 1)
    FROM `sentiment_scores` l WHERE l.`team_member_id` = NEW.`team_member_id` ORDER BY l.`recorded_at` DESC LIMIT 1)
  WHERE `organization_id` = NEW.`organization_id` AND `team_member_id` = NEW.`team_member_id`;
END;--> statement-breakpoint
-- (Not for a row with two newer ones: neither the latest nor the one before, e.g. retention's oldest.)
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
CREATE TRIGGER `member_scores_alert_added` AFTER INSERT ON `risk_alerts`
WHEN NEW.`status` IN ('unread', 'read') AND NEW.`team_member_id` IS NOT NULL
BEGIN
  UPDATE `member_scores` SET `open_alerts` = `open_alerts` + 1,
    `open_high_alerts` = `open_high_alerts` + (NEW.`category` IN ('burnout', 'low_morale', 'reach_out'))
  WHERE `organization_id` = NEW.`organization_id` AND `team_member_id` = NEW.`team_member_id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_scores_alert_changed` AFTER UPDATE OF `status`, `category`, `team_member_id`, `organization_id` ON `risk_alerts`
BEGIN
  UPDATE `member_scores` SET `open_alerts` = `open_alerts` - 1,
    `open_high_alerts` = `open_high_alerts` - (OLD.`category` IN ('burnout', 'low_morale', 'reach_out'))
  WHERE OLD.`status` IN ('unread', 'read') AND `organization_id` = OLD.`organization_id` AND `team_member_id` = OLD.`team_member_id`;
  UPDATE `member_scores` SET `open_alerts` = `open_alerts` + 1,
    `open_high_alerts` = `open_high_alerts` + (NEW.`category` IN ('burnout', 'low_morale', 'reach_out'))
  WHERE NEW.`status` IN ('unread', 'read') AND `organization_id` = NEW.`organization_id` AND `team_member_id` = NEW.`team_member_id`;
END;--> statement-breakpoint
CREATE TRIGGER `member_scores_alert_removed` AFTER DELETE ON `risk_alerts`
WHEN OLD.`status` IN ('unread', 'read') AND OLD.`team_member_id` IS NOT NULL
BEGIN
  UPDATE `member_scores` SET `open_alerts` = `open_alerts` - 1,
    `open_high_alerts` = `open_high_alerts` - (OLD.`category` IN ('burnout', 'low_morale', 'reach_out'))
  WHERE `organization_id` = OLD.`organization_id` AND `team_member_id` = OLD.`team_member_id`;
END;--> statement-breakpoint
-- check_in_rollups follows the check-in rows: sent, and their status as it changes.
CREATE TRIGGER `check_in_rollups_added` AFTER INSERT ON `check_ins`
BEGIN
  INSERT OR IGNORE INTO `check_in_rollups` (`organization_id`, `hour`) VALUES (NEW.`organization_id`, (NEW.`created_at` / 3600000) * 3600000);
  UPDATE `check_in_rollups` SET `sent` = `sent` + 1, `completed` = `completed` + (NEW.`status` = 'completed'),
    `expired` = `expired` + (NEW.`status` = 'expired')
  WHERE `organization_id` = NEW.`organization_id` AND `hour` = (NEW.`created_at` / 3600000) * 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `check_in_rollups_changed` AFTER UPDATE OF `status`, `created_at`, `organization_id` ON `check_ins`
WHEN OLD.`status` IS NOT NEW.`status` OR OLD.`created_at` IS NOT NEW.`created_at` OR OLD.`organization_id` IS NOT NEW.`organization_id`
BEGIN
  UPDATE `check_in_rollups` SET `sent` = `sent` - 1, `completed` = `completed` - (OLD.`status` = 'completed'),
    `expired` = `expired` - (OLD.`status` = 'expired')
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`created_at` / 3600000) * 3600000;
  INSERT OR IGNORE INTO `check_in_rollups` (`organization_id`, `hour`) VALUES (NEW.`organization_id`, (NEW.`created_at` / 3600000) * 3600000);
  UPDATE `check_in_rollups` SET `sent` = `sent` + 1, `completed` = `completed` + (NEW.`status` = 'completed'),
    `expired` = `expired` + (NEW.`status` = 'expired')
  WHERE `organization_id` = NEW.`organization_id` AND `hour` = (NEW.`created_at` / 3600000) * 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `check_in_rollups_removed` AFTER DELETE ON `check_ins`
BEGIN
  UPDATE `check_in_rollups` SET `sent` = `sent` - 1, `completed` = `completed` - (OLD.`status` = 'completed'),
    `expired` = `expired` - (OLD.`status` = 'expired')
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`created_at` / 3600000) * 3600000;
END;--> statement-breakpoint
-- theme_rollups and theme_reporters follow the blocker rows (their theme and time never change:
-- retention only blanks a description); theme_reporter_hours follows theme_reporters.
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
END;--> statement-breakpoint
CREATE TRIGGER `theme_reporter_hours_added` AFTER INSERT ON `theme_reporters`
BEGIN
  INSERT INTO `theme_reporter_hours` (`organization_id`, `hour`, `theme`, `reporters`)
    VALUES (NEW.`organization_id`, (NEW.`last_at` / 3600000) * 3600000, NEW.`theme`, 1)
    ON CONFLICT (`organization_id`, `hour`, `theme`) DO UPDATE SET `reporters` = `reporters` + 1;
END;--> statement-breakpoint
-- (It also runs while an organization is deleted, its blockers going: no row for it then.)
CREATE TRIGGER `theme_reporter_hours_moved` AFTER UPDATE OF `last_at` ON `theme_reporters`
BEGIN
  UPDATE `theme_reporter_hours` SET `reporters` = `reporters` - 1
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`last_at` / 3600000) * 3600000 AND `theme` = OLD.`theme`;
  DELETE FROM `theme_reporter_hours` WHERE `organization_id` = OLD.`organization_id`
    AND `hour` = (OLD.`last_at` / 3600000) * 3600000 AND `theme` = OLD.`theme` AND `reporters` <= 0;
  INSERT INTO `theme_reporter_hours` (`organization_id`, `hour`, `theme`, `reporters`)
    SELECT NEW.`organization_id`, (NEW.`last_at` / 3600000) * 3600000, NEW.`theme`, 1
    WHERE EXISTS (SELECT 1 FROM `organizations` WHERE `id` = NEW.`organization_id`)
    ON CONFLICT (`organization_id`, `hour`, `theme`) DO UPDATE SET `reporters` = `reporters` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `theme_reporter_hours_removed` AFTER DELETE ON `theme_reporters`
BEGIN
  UPDATE `theme_reporter_hours` SET `reporters` = `reporters` - 1
  WHERE `organization_id` = OLD.`organization_id` AND `hour` = (OLD.`last_at` / 3600000) * 3600000 AND `theme` = OLD.`theme`;
  DELETE FROM `theme_reporter_hours` WHERE `organization_id` = OLD.`organization_id`
    AND `hour` = (OLD.`last_at` / 3600000) * 3600000 AND `theme` = OLD.`theme` AND `reporters` <= 0;
END;--> statement-breakpoint
-- The rows already there, through the triggers above: each member (and its counts), then the
-- rebuild's statements for the rest (worker/insights/rollups-sql.ts).
INSERT INTO `member_scores` (`organization_id`, `team_member_id`, `first_name`, `last_name`, `status`, `recorded_at`,
  `morale`, `confidence`, `stress`, `sales_strength`, `blockers`, `uncertain`, `corrected`, `previous_stress`,
  `open_alerts`, `open_high_alerts`)
SELECT tm.`organization_id`, tm.`id`, tm.`first_name`, tm.`last_name`, tm.`status`, l.`recorded_at`, l.`morale`,
  l.`confidence`, l.`stress`, l.`sales_strength`, l.`blockers`, l.`uncertain`, l.`corrected`,
  (SELECT p.`stress` FROM `sentiment_scores` p WHERE p.`team_member_id` = tm.`id` ORDER BY p.`recorded_at` DESC LIMIT 1 OFFSET 1),
  (SELECT count(*) FROM `risk_alerts` a WHERE a.`team_member_id` = tm.`id` AND a.`organization_id` = tm.`organization_id`
    AND a.`status` IN ('unread', 'read')),
  (SELECT count(*) FROM `risk_alerts` a WHERE a.`team_member_id` = tm.`id` AND a.`organization_id` = tm.`organization_id`
    AND a.`status` IN ('unread', 'read') AND a.`category` IN ('burnout', 'low_morale', 'reach_out'))
FROM `team_members` tm
LEFT JOIN `sentiment_scores` l ON l.`id` = (SELECT s.`id` FROM `sentiment_scores` s WHERE s.`team_member_id` = tm.`id` ORDER BY s.`recorded_at` DESC LIMIT 1);--> statement-breakpoint
INSERT INTO `check_in_rollups` (`organization_id`, `hour`, `sent`, `completed`, `expired`)
SELECT `organization_id`, (`created_at` / 3600000) * 3600000, count(*), sum(`status` = 'completed'), sum(`status` = 'expired')
FROM `check_ins` GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO `theme_rollups` (`organization_id`, `hour`, `theme`, `reports`, `last_at`)
SELECT `organization_id`, (`created_at` / 3600000) * 3600000, `theme`, count(*), max(`created_at`)
FROM `user_challenges` GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO `theme_reporters` (`organization_id`, `theme`, `team_member_id`, `last_at`)
SELECT `organization_id`, `theme`, `team_member_id`, max(`created_at`) FROM `user_challenges` GROUP BY 1, 2, 3;
