-- The schedule's invite and remind walks (worker/schedule/send-jobs.ts) read open check-ins
-- in id order, a page at a time: this index makes each page a range read of pending rows.
CREATE INDEX `check_ins_status_id_idx` ON `check_ins` (`status`,`id`);
