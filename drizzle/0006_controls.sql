-- issue 13 (helper "controls"): an organization's own conversation style (null = Global Settings' defaults)
ALTER TABLE `organization_settings` ADD `conversation_style` text;
