-- Issue 30, on-site inspections (docs/decisions/097-099): the checklist of each inspection kind,
-- edited by the committee like the public registers; an inspection's recorded checklist (the
-- items' wording as on the day, so a later edit changes no record); and its photos, each with
-- the SHA-256 the phone computed when it was taken, the original and a resized copy.
CREATE TABLE "inspection_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text_en" text NOT NULL,
	"text_my" text NOT NULL,
	"recommendation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "inspection_checklist_items_kind_idx" ON "inspection_checklist_items" ("kind", "position");
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "checklist" jsonb;
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "checklist_updated_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "inspection_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"inspection_id" integer NOT NULL REFERENCES "inspections"("id") ON DELETE CASCADE,
	"sha256" text NOT NULL,
	"type" text NOT NULL,
	"size" integer NOT NULL,
	"original_key" text NOT NULL,
	"resized_key" text,
	"resized_type" text,
	"taken_at" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "inspection_photos_inspection_idx" ON "inspection_photos" ("inspection_id", "taken_at");
