-- Issue 26 §1: fewer D1 bytes per completed check-in (README → Performance, "D1 bytes per
-- completed check-in"; the rows' compact ids are the code's, worker/db/compact-id.ts).
--
-- risk_alerts_org_status_idx (organization, status, time) held every alert, open or resolved,
-- beside risk_alerts_open_idx (drizzle/0016), which held the open ones again. An organization's
-- resolved alerts now have a partial index of their own, so each alert is in exactly one of the
-- two: a new alert costs one index entry by organization instead of two. The open index takes
-- the status as its last column, so a count of the open alerts still reads the index alone (its
-- condition names two statuses, and SQLite checks such a term on the row unless the index
-- holds the column). Every query of an organization's alerts names the statuses it reads
-- (worker/db/alert-status.ts) and searches one of the two indexes or both
-- (tests/integration/completion-rows-plans.test.ts EXPLAINs them). No row is rewritten.
DROP INDEX `risk_alerts_org_status_idx`;--> statement-breakpoint
DROP INDEX `risk_alerts_open_idx`;--> statement-breakpoint
CREATE INDEX `risk_alerts_open_idx` ON `risk_alerts` (`organization_id`, `priority`, `created_at` DESC, `status`) WHERE `status` IN ('unread', 'read');--> statement-breakpoint
CREATE INDEX `risk_alerts_resolved_idx` ON `risk_alerts` (`organization_id`, `created_at`) WHERE `status` = 'resolved';
