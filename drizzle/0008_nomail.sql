-- nomail (issue 12 §1): a team member may have no email; the Admin then hands their link over.
-- SQLite cannot drop NOT NULL in place, and the usual rebuild (create a copy, DROP TABLE, rename)
-- would lose data on D1: D1 always enforces foreign keys (PRAGMA foreign_keys=OFF is ignored
-- inside its transaction), and DROP TABLE's implicit DELETE runs the ON DELETE CASCADE of
-- check_ins, sentiment_scores, risk_alerts, ... even with PRAGMA defer_foreign_keys = on.
-- So the column is swapped instead: no team_members row is deleted, nothing cascades, and the
-- table keeps its id, foreign keys and the status index. The unique index is rebuilt on the new
-- column; SQLite's unique indexes treat nulls as distinct, so any number of members may have none.
-- (The column moves to the end of the table; every insert names its columns.)
ALTER TABLE `team_members` ADD `email_optional` text;--> statement-breakpoint
UPDATE `team_members` SET `email_optional` = `email`;--> statement-breakpoint
DROP INDEX `team_members_org_email_idx`;--> statement-breakpoint
ALTER TABLE `team_members` DROP COLUMN `email`;--> statement-breakpoint
ALTER TABLE `team_members` RENAME COLUMN `email_optional` TO `email`;--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_org_email_idx` ON `team_members` (`organization_id`,`email`);
