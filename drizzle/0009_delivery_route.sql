-- delivery route (issue 22 item 1): a check-in keeps the route and address it was created
-- with, written by the same INSERT … SELECT that reads the member (worker/team/check-ins.ts).
-- Resends, reminders, Slack DMs and fresh links use only these, never the member's address
-- as it is now, so an address edited around the send cannot redirect an open link.
-- email: the link goes to delivery_address; slack_dm: a Slack DM to the workspace member
-- with that address (else email to it); handover: no address, the Admin hands the link over.
ALTER TABLE `check_ins` ADD `delivery_route` text;--> statement-breakpoint
ALTER TABLE `check_ins` ADD `delivery_address` text;--> statement-breakpoint
-- Open check-ins take their member's address as it is at the migration (the email lock has
-- kept it unchanged since they were sent). Finished ones keep none: nothing is sent for them.
UPDATE `check_ins` SET
  `delivery_address` = (SELECT `email` FROM `team_members` WHERE `team_members`.`id` = `check_ins`.`team_member_id`),
  `delivery_route` = CASE
    WHEN (SELECT `email` FROM `team_members` WHERE `team_members`.`id` = `check_ins`.`team_member_id`) IS NULL THEN 'handover'
    WHEN EXISTS (SELECT 1 FROM `slack_installations` WHERE `slack_installations`.`organization_id` = `check_ins`.`organization_id` AND `slack_installations`.`dm_invitations` = 1) THEN 'slack_dm'
    ELSE 'email'
  END
WHERE `status` = 'pending';
