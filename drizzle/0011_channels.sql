-- channels (issue 22 item 4): the chosen Slack channel may be private (the app is invited, it
-- cannot join one), and alert details (who, scores) may go to Admins as Slack DMs; a channel
-- only ever hears how many alerts there are.
ALTER TABLE `slack_installations` ADD `channel_private` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `slack_installations` ADD `alert_dms` integer DEFAULT false NOT NULL;
