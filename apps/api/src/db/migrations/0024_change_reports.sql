-- Issue 30 ("Construction"): design changes during construction. A change report names its
-- revised sheets (new revisions uploaded after approval, status 'proposed' until the report is
-- acknowledged or approved); the counterparts acknowledge a minor one or countersign a major
-- one's content hash, and the committee decides a major one.
CREATE TABLE "change_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('minor', 'major')),
	"status" text DEFAULT 'open' NOT NULL CHECK ("status" IN ('open', 'acknowledged', 'approved', 'rejected')),
	"description" text NOT NULL,
	"disciplines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_sha256" text NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"decision_note" text
);
--> statement-breakpoint
CREATE INDEX "change_reports_registration_idx" ON "change_reports" ("registration_id");
--> statement-breakpoint
CREATE TABLE "change_report_signoffs" (
	"change_report_id" integer NOT NULL REFERENCES "change_reports"("id") ON DELETE CASCADE,
	"discipline" text NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('acknowledged', 'countersigned')),
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"license" text DEFAULT '' NOT NULL,
	"content_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "change_report_signoffs_pk" PRIMARY KEY ("change_report_id", "discipline")
);
--> statement-breakpoint
CREATE TABLE "change_report_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"change_report_id" integer NOT NULL REFERENCES "change_reports"("id") ON DELETE CASCADE,
	"discipline" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_report_comments_report_idx" ON "change_report_comments" ("change_report_id");
--> statement-breakpoint
ALTER TABLE "registration_documents" ADD COLUMN "change_report_id" integer REFERENCES "change_reports"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The designer's presentation (issue 30): scheduled by the committee, answered by its invitees.
CREATE TABLE "presentations" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"place" text,
	"meeting_url" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"minutes" text,
	"minutes_at" timestamp with time zone,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "presentations_registration_idx" ON "presentations" ("registration_id");
--> statement-breakpoint
CREATE TABLE "presentation_answers" (
	"presentation_id" integer NOT NULL REFERENCES "presentations"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"answer" text NOT NULL CHECK ("answer" IN ('accepted', 'declined')),
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "presentation_answers_pk" PRIMARY KEY ("presentation_id", "email")
);
