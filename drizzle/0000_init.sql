CREATE TABLE `bad_links` (
	`id` integer PRIMARY KEY NOT NULL,
	`raw` text NOT NULL,
	`found_on` text NOT NULL,
	`reason` text NOT NULL,
	FOREIGN KEY (`found_on`) REFERENCES `pages`(`url`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bad_links_found_on` ON `bad_links` (`found_on`);--> statement-breakpoint
CREATE TABLE `external_links` (
	`id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`found_on` text NOT NULL,
	`anchor` text,
	`context` text,
	FOREIGN KEY (`found_on`) REFERENCES `pages`(`url`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `external_links_found_on` ON `external_links` (`found_on`);--> statement-breakpoint
CREATE TABLE `extractions` (
	`page_url` text PRIMARY KEY NOT NULL,
	`title` text,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`markdown` text NOT NULL,
	`metadata_json` text NOT NULL,
	`word_count` integer,
	`content_hash` text NOT NULL,
	`simhash` text NOT NULL,
	FOREIGN KEY (`page_url`) REFERENCES `pages`(`url`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `extractions_content_hash` ON `extractions` (`content_hash`);--> statement-breakpoint
CREATE TABLE `frontier` (
	`id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`site` text NOT NULL,
	`depth` integer NOT NULL,
	`priority` real NOT NULL,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`not_before` integer,
	`found_on` text,
	`anchor` text,
	`scored_with_version` integer,
	`last_error` text,
	`enqueued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `frontier_url` ON `frontier` (`url`);--> statement-breakpoint
CREATE INDEX `frontier_claim` ON `frontier` (`state`,"priority" DESC,`id`);--> statement-breakpoint
CREATE INDEX `frontier_not_before` ON `frontier` (`not_before`) WHERE "frontier"."not_before" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `internal_links` (
	`id` integer PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`found_on` text NOT NULL,
	`anchor` text,
	`level` integer NOT NULL,
	`processed` integer NOT NULL,
	FOREIGN KEY (`found_on`) REFERENCES `pages`(`url`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `internal_links_found_on` ON `internal_links` (`found_on`);--> statement-breakpoint
CREATE TABLE `models` (
	`name` text PRIMARY KEY NOT NULL,
	`json` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pages` (
	`fetch_order` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`final_url` text,
	`site` text NOT NULL,
	`depth` integer NOT NULL,
	`status` integer,
	`fetched_at` integer NOT NULL,
	`content_type` text,
	`content_hash` text,
	`is_article` integer NOT NULL,
	`error_code` text,
	`error_message` text,
	`duration_ms` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pages_url` ON `pages` (`url`);--> statement-breakpoint
CREATE TABLE `seeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`site` text NOT NULL,
	`name` text,
	`added_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seeds_url_unique` ON `seeds` (`url`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
