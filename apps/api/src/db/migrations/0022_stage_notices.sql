-- Issue 30 ("Construction" in the fixed contract): after approval the owner reports each
-- construction stage once, with its date and a note; the registration's EIET company is told
-- and schedules the stage's inspection from the notice (decision 094). One row per stage of a
-- registration: the unique pair makes a second report of the same stage lose, even when two
-- requests race (INSERT ... ON CONFLICT DO NOTHING).
CREATE TABLE "stage_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"stage" text NOT NULL CHECK ("stage" IN ('commencement', 'foundation', 'structure', 'services', 'completion')),
	"stage_date" date NOT NULL,
	"note" text,
	"reported_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_notices_registration_stage_key" UNIQUE ("registration_id", "stage")
);
