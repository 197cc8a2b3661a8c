-- shards (issue 26 §4): organizations live in shards (worker/db/shards.ts). Every database gets
-- these migrations; in the platform database `organization_shards` maps each organization to
-- the D1 binding holding its rows, in a shard it stays empty. An organization with no row
-- was created before shards and keeps its rows in the platform database (binding DB).
CREATE TABLE `organization_shards` (
	`organization_id` text PRIMARY KEY NOT NULL,
	`shard` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `organization_shards_shard_idx` ON `organization_shards` (`shard`);--> statement-breakpoint
-- Who sent a check-in, without the foreign key to `user`: a shard has no accounts (they live in
-- the platform database), so `created_by` (which references user) is left null from now on.
-- SQLite cannot drop a column used in a foreign key, and rebuilding check_ins would cascade.
ALTER TABLE `check_ins` ADD `sent_by` text;--> statement-breakpoint
UPDATE `check_ins` SET `sent_by` = `created_by`;
