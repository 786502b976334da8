CREATE TABLE "bad_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"raw" text NOT NULL,
	"found_on" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"found_on" text NOT NULL,
	"anchor" text,
	"context" text
);
--> statement-breakpoint
CREATE TABLE "extractions" (
	"page_url" text PRIMARY KEY NOT NULL,
	"title" text,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"markdown" text NOT NULL,
	"metadata_json" text NOT NULL,
	"word_count" integer,
	"content_hash" text NOT NULL,
	"simhash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frontier" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"site" text NOT NULL,
	"depth" integer NOT NULL,
	"priority" double precision NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" bigint,
	"found_on" text,
	"anchor" text,
	"scored_with_version" integer,
	"last_error" text,
	"enqueued_at" bigint NOT NULL,
	"lease_until" bigint,
	"claimed_by" text
);
--> statement-breakpoint
CREATE TABLE "hosts" (
	"site" text PRIMARY KEY NOT NULL,
	"next_allowed_at" bigint DEFAULT 0 NOT NULL,
	"crawl_delay_ms" integer
);
--> statement-breakpoint
CREATE TABLE "internal_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"found_on" text NOT NULL,
	"anchor" text,
	"level" integer NOT NULL,
	"processed" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "models" (
	"name" text PRIMARY KEY NOT NULL,
	"json" text NOT NULL,
	"updated_at" bigint NOT NULL,
	"lease_holder" text,
	"lease_until" bigint
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"fetch_order" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"final_url" text,
	"site" text NOT NULL,
	"depth" integer NOT NULL,
	"status" integer,
	"fetched_at" bigint NOT NULL,
	"content_type" text,
	"content_hash" text,
	"is_article" boolean NOT NULL,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer,
	CONSTRAINT "pages_url" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"site" text NOT NULL,
	"name" text,
	"added_at" bigint NOT NULL,
	CONSTRAINT "seeds_url_unique" UNIQUE("url")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bad_links" ADD CONSTRAINT "bad_links_found_on_pages_url_fk" FOREIGN KEY ("found_on") REFERENCES "public"."pages"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_links" ADD CONSTRAINT "external_links_found_on_pages_url_fk" FOREIGN KEY ("found_on") REFERENCES "public"."pages"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extractions" ADD CONSTRAINT "extractions_page_url_pages_url_fk" FOREIGN KEY ("page_url") REFERENCES "public"."pages"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internal_links" ADD CONSTRAINT "internal_links_found_on_pages_url_fk" FOREIGN KEY ("found_on") REFERENCES "public"."pages"("url") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bad_links_found_on" ON "bad_links" USING btree ("found_on");--> statement-breakpoint
CREATE INDEX "external_links_found_on" ON "external_links" USING btree ("found_on");--> statement-breakpoint
CREATE INDEX "extractions_content_hash" ON "extractions" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "frontier_url" ON "frontier" USING btree ("url");--> statement-breakpoint
CREATE INDEX "frontier_claim" ON "frontier" USING btree ("priority" DESC,"id") WHERE "frontier"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "frontier_site_claim" ON "frontier" USING btree ("site","priority" DESC,"id") WHERE "frontier"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "frontier_not_before" ON "frontier" USING btree ("not_before") WHERE "frontier"."not_before" IS NOT NULL AND "frontier"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "frontier_lease" ON "frontier" USING btree ("lease_until") WHERE "frontier"."state" = 'in-flight';--> statement-breakpoint
CREATE INDEX "frontier_state" ON "frontier" USING btree ("state");--> statement-breakpoint
CREATE INDEX "internal_links_found_on" ON "internal_links" USING btree ("found_on");