-- Issue 26 §1, continued: fewer D1 bytes per alert (README → Decisions, "An alert stores its facts,
-- not its sentence"; 0018 and 0019 did the first parts). A new alert stores:
--   * no message: `facts` holds what it is built from (the figure, the reasons' and themes' codes,
--     a correction's note: `78,a,b,#4/2`), and every reader renders the same sentence with the
--     person's name from their member row (worker/scoring/alert-facts.ts);
--   * no id: clients address it by `{check_in_id}.{category}` (worker/db/alert-id.ts), which
--     risk_alerts_check_in_category_idx already keys, so the id's own index holds only old ids;
--   * no type or priority: both are fixed by the category, computed columns (VIRTUAL: nothing
--     stored; the open index still holds the priority it sorts by).
-- Every alert written before keeps its id, message, type and priority (`legacy_*` where they
-- differ from the category's), so nothing any reader shows of it changes.
--
-- SQLite cannot drop a primary key or NOT NULL in place, so the table is rebuilt as 0019 rebuilt
-- two: a new table, every row copied (no trigger is on it yet, so member_scores' alert counts stay
-- as they are), the old table dropped (its triggers and indexes with it; no table references
-- risk_alerts, so nothing cascades), the new one renamed, then its indexes and drizzle/0016's
-- triggers created again word for word.
CREATE TABLE `risk_alerts_0021` (
	`id` text,
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`team_member_id` text REFERENCES `team_members`(`id`) ON DELETE cascade,
	`check_in_id` text REFERENCES `check_ins`(`id`) ON DELETE cascade,
	`category` text NOT NULL,
	`facts` text,
	`message` text,
	`legacy_alert_type` text,
	`legacy_priority` text,
	`alert_type` text NOT NULL GENERATED ALWAYS AS (coalesce("legacy_alert_type", case "category" when 'burnout' then 'retention' when 'low_morale' then 'retention' when 'low_confidence' then 'performance' else 'other' end)) VIRTUAL,
	`priority` text NOT NULL GENERATED ALWAYS AS (coalesce("legacy_priority", case "category" when 'burnout' then 'urgent' when 'low_morale' then 'urgent' when 'low_confidence' then 'high' else 'medium' end)) VIRTUAL,
	`status` text DEFAULT 'unread' NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);--> statement-breakpoint
INSERT INTO `risk_alerts_0021` (`id`, `organization_id`, `team_member_id`, `check_in_id`, `category`, `facts`, `message`,
	`legacy_alert_type`, `legacy_priority`, `status`, `resolved_at`, `resolved_by`, `created_at`)
SELECT `id`, `organization_id`, `team_member_id`, `check_in_id`, `category`, NULL, `message`,
	nullif(`alert_type`, case `category` when 'burnout' then 'retention' when 'low_morale' then 'retention' when 'low_confidence' then 'performance' else 'other' end),
	nullif(`priority`, case `category` when 'burnout' then 'urgent' when 'low_morale' then 'urgent' when 'low_confidence' then 'high' else 'medium' end),
	`status`, `resolved_at`, `resolved_by`, `created_at`
FROM `risk_alerts` ORDER BY `created_at`;--> statement-breakpoint
DROP TABLE `risk_alerts`;--> statement-breakpoint
ALTER TABLE `risk_alerts_0021` RENAME TO `risk_alerts`;--> statement-breakpoint
-- The indexes in the order they were made before (0000, then 0018): SQLite's planner breaks a tie
-- between two indexes by that order, and the queries' plans stay as they were.
CREATE UNIQUE INDEX `risk_alerts_id_idx` ON `risk_alerts` (`id`) WHERE `id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `risk_alerts_status_created_idx` ON `risk_alerts` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `risk_alerts_check_in_category_idx` ON `risk_alerts` (`check_in_id`,`category`);--> statement-breakpoint
CREATE INDEX `risk_alerts_open_idx` ON `risk_alerts` (`organization_id`, `priority`, `created_at` DESC, `status`) WHERE `status` IN ('unread', 'read');--> statement-breakpoint
CREATE INDEX `risk_alerts_resolved_idx` ON `risk_alerts` (`organization_id`, `created_at`) WHERE `status` = 'resolved';--> statement-breakpoint
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
END;
