CREATE TABLE "allocation_arms" (
	"site" text PRIMARY KEY NOT NULL,
	"pulls" integer NOT NULL,
	"reward_sum" double precision NOT NULL,
	"rewarded" integer NOT NULL,
	"reward_max" double precision NOT NULL,
	"first_share_sum" double precision NOT NULL,
	"exhausted" boolean NOT NULL
);
