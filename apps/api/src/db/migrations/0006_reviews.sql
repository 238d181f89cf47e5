ALTER TABLE "registrations" ADD COLUMN "content_sha256" text;
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "project_id" integer REFERENCES "projects"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE TABLE "registration_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"round" integer NOT NULL,
	"data" jsonb NOT NULL,
	"content_sha256" text NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registration_rounds_unique" UNIQUE ("registration_id", "round")
);
--> statement-breakpoint
CREATE TABLE "registration_counterparts" (
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"discipline" text NOT NULL,
	"email" text NOT NULL,
	"invited_at" timestamp with time zone,
	CONSTRAINT "registration_counterparts_pk" PRIMARY KEY ("registration_id", "discipline")
);
--> statement-breakpoint
CREATE INDEX "registration_counterparts_email_idx" ON "registration_counterparts" USING btree ("email");
--> statement-breakpoint
CREATE TABLE "registration_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"round" integer NOT NULL,
	"discipline" text NOT NULL,
	"field" text,
	"text" text NOT NULL,
	"author_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"author_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "registration_comments_registration_idx" ON "registration_comments" USING btree ("registration_id", "created_at");
--> statement-breakpoint
CREATE TABLE "registration_countersignatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
	"discipline" text NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"license" text NOT NULL,
	"round" integer NOT NULL,
	"content_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registration_countersignatures_unique" UNIQUE ("registration_id", "discipline")
);
