CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rate_counters_window_ends_at_idx" ON "rate_counters" USING btree ("window_ends_at");