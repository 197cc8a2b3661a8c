-- Issue 26 §1, continued (README → Decisions, "A blocker's description is its theme's"; 0021 did
-- the alerts): fewer D1 bytes per completed check-in.
--
-- 1. A blocker row stores no description when it is its theme's fixed one (worker/language/themes.ts
--    BLOCKER_THEMES: what the reader and the LLM judge write, never the salesperson's words).
--    `description` is now a VIRTUAL column, the stored `own_description` or else the theme's, so
--    every reader reads the same text as before; a stored one (older rows whose text is not their
--    theme's, a retention-anonymized one) wins. Older rows whose description is their theme's fixed
--    one drop it: the column reads the same. SQLite cannot drop NOT NULL in place, so the table is
--    rebuilt as 0019 rebuilt it: a new table, every row copied (no trigger on it yet, so the rollups
--    stay as they are), the old one dropped (its indexes and triggers with it; no table references
--    user_challenges), the new one renamed, then its indexes and 0019's triggers created again word
--    for word. The CASE below is worker/db/schema.ts's BLOCKER_DESCRIPTION (a test compares them).
-- 2. risk_alerts_status_created_idx (status, time; every organization's, for the console and
--    retention) gives way to three partial indexes by time, one per status, without the status:
--    a new alert's entry is in the unread one, 7 B shorter (the read and resolved ones are
--    written when an Admin reads or resolves it). worker/db/alert-status.ts says which query reads
--    which; the console's open list reads the unread and the read apart and merges them.
CREATE TABLE `user_challenges_0022` (
	`check_in_id` text NOT NULL REFERENCES `check_ins`(`id`) ON DELETE cascade,
	`theme` text NOT NULL,
	`organization_id` text NOT NULL REFERENCES `organizations`(`id`) ON DELETE cascade,
	`team_member_id` text NOT NULL REFERENCES `team_members`(`id`) ON DELETE cascade,
	`own_description` text,
	`description` text NOT NULL GENERATED ALWAYS AS (coalesce("own_description", case "theme" when 'CRM admin' then 'Time lost to CRM data entry and admin work' when 'Pricing approvals' then 'Slow pricing, discount or deal-desk approvals' when 'Lead quality' then 'Too few or poorly qualified leads' when 'Product gaps' then 'Missing features or product issues that cost deals' when 'Territory changes' then 'Territory or account reassignments' when 'Tools and systems' then 'Slow or unreliable sales tools' when 'Internal processes' then 'Internal process and handoff friction' when 'Enablement and training' then 'Gaps in training, enablement or content' when 'Manager support' then 'Not enough support or time from their manager' when 'Compensation' then 'Concerns about commission or compensation' when 'Competition' then 'Competitive pressure on deals' when 'Team capacity' then 'An understaffed or overloaded team' end)) VIRTUAL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`check_in_id`, `theme`)
);--> statement-breakpoint
INSERT INTO `user_challenges_0022` (`check_in_id`, `theme`, `organization_id`, `team_member_id`, `own_description`, `created_at`)
SELECT `check_in_id`, `theme`, `organization_id`, `team_member_id`,
	CASE WHEN `description` IS (case `theme` when 'CRM admin' then 'Time lost to CRM data entry and admin work' when 'Pricing approvals' then 'Slow pricing, discount or deal-desk approvals' when 'Lead quality' then 'Too few or poorly qualified leads' when 'Product gaps' then 'Missing features or product issues that cost deals' when 'Territory changes' then 'Territory or account reassignments' when 'Tools and systems' then 'Slow or unreliable sales tools' when 'Internal processes' then 'Internal process and handoff friction' when 'Enablement and training' then 'Gaps in training, enablement or content' when 'Manager support' then 'Not enough support or time from their manager' when 'Compensation' then 'Concerns about commission or compensation' when 'Competition' then 'Competitive pressure on deals' when 'Team capacity' then 'An understaffed or overloaded team' end) THEN NULL ELSE `description` END, `created_at`
FROM `user_challenges` ORDER BY `created_at`;--> statement-breakpoint
DROP TABLE `user_challenges`;--> statement-breakpoint
ALTER TABLE `user_challenges_0022` RENAME TO `user_challenges`;--> statement-breakpoint
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
END;--> statement-breakpoint
DROP INDEX `risk_alerts_status_created_idx`;--> statement-breakpoint
CREATE INDEX `risk_alerts_unread_idx` ON `risk_alerts` (`created_at`) WHERE `status` = 'unread';--> statement-breakpoint
CREATE INDEX `risk_alerts_read_idx` ON `risk_alerts` (`created_at`) WHERE `status` = 'read';--> statement-breakpoint
CREATE INDEX `risk_alerts_resolved_time_idx` ON `risk_alerts` (`created_at`) WHERE `status` = 'resolved';--> statement-breakpoint
-- SQLite's planner breaks a tie between two indexes in favour of the one made last: an
-- organization's queries must keep reading their own partial indexes (0018), not these two of
-- every organization, so those are made again after them, word for word, in their order.
DROP INDEX `risk_alerts_open_idx`;--> statement-breakpoint
DROP INDEX `risk_alerts_resolved_idx`;--> statement-breakpoint
CREATE INDEX `risk_alerts_open_idx` ON `risk_alerts` (`organization_id`, `priority`, `created_at` DESC, `status`) WHERE `status` IN ('unread', 'read');--> statement-breakpoint
CREATE INDEX `risk_alerts_resolved_idx` ON `risk_alerts` (`organization_id`, `created_at`) WHERE `status` = 'resolved';
