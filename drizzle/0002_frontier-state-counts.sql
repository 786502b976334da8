CREATE TABLE `frontier_state_counts` (
	`state` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
