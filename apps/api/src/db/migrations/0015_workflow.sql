-- The workflow as people live it (issue 28).
-- The private tracking link's token, sealed with the server secret (lib/secret-box.ts), so
-- every status mail of a service request can carry the link again; the hash beside it
-- stays what a link is checked against. Null for requests from before.
ALTER TABLE "service_requests" ADD COLUMN "tracking_token_sealed" text;
--> statement-breakpoint
-- The committee's own notes on a registration: never shown to the submitter or the counterparts.
CREATE TABLE "registration_case_notes" (
  "id" serial PRIMARY KEY,
  "registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
  "author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "author_name" text NOT NULL,
  "text" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registration_case_notes_registration_idx" ON "registration_case_notes" ("registration_id", "created_at");
