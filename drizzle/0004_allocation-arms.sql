CREATE TABLE `allocation_arms` (
	`site` text PRIMARY KEY NOT NULL,
	`pulls` integer NOT NULL,
	`reward_sum` real NOT NULL,
	`rewarded` integer NOT NULL,
	`reward_max` real NOT NULL,
	`first_share_sum` real NOT NULL,
	`exhausted` integer NOT NULL
);
