-- Issue 30 ("Replays" in the fixed contract): an inspection's calls take an Idempotency-Key, so
-- that an offline phone can send its queue again without recording anything twice. One row per
-- account and key: the request's digest, then the first answer, which every repeat gets again.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"key" text NOT NULL,
	"request_digest" text NOT NULL,
	"state" text DEFAULT 'processing' NOT NULL CHECK ("state" IN ('processing', 'done')),
	"claimed_at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"response_type" text,
	"response_body" text,
	PRIMARY KEY ("user_id", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_claimed_at_idx" ON "idempotency_keys" ("claimed_at");
