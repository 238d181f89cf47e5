-- The committee sees everything (issue 28, item 5; decision 090): case notes on a
-- registration, written by administrators for administrators. Never in any answer to the
-- submitter, a counterpart, a company or the public. Append-only like the audit log: a
-- note is corrected by a later note, so the case's record stays what people read.
CREATE TABLE "registration_case_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"text" text NOT NULL,
	"author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registration_case_notes_registration_idx" ON "registration_case_notes" USING btree ("registration_id", "created_at");
