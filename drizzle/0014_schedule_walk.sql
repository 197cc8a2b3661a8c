-- The schedule's walks (worker/schedule/, issue 26 item 3), each index checked with EXPLAIN QUERY
-- PLAN (tests/integration/schedule-plans.test.ts):
-- the invite and remind walks read open check-ins in id order, a page at a time: a range of pending rows;
CREATE INDEX `check_ins_status_id_idx` ON `check_ins` (`status`,`id`);--> statement-breakpoint
-- the create walk reads an organization's active members in id order, a page at a time: with `id`
-- in the index a page is a range read (it sorted all 10,000 members of an organization for each
-- page of 200); it also serves every (organization_id, status) lookup the old index did;
DROP INDEX `team_members_org_status_idx`;--> statement-breakpoint
CREATE INDEX `team_members_org_status_id_idx` ON `team_members` (`organization_id`,`status`,`id`);--> statement-breakpoint
-- "has this member an open check-in?" (every insert's guard, the due check, the email lock) is a
-- seek on the member: with (status, expires_at) alone SQLite chose check_ins_status_expires_idx and
-- read every open check-in of every organization for each member.
CREATE INDEX `check_ins_member_open_idx` ON `check_ins` (`team_member_id`,`status`,`expires_at`);
