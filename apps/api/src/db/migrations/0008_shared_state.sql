CREATE TABLE IF NOT EXISTS "app_settings" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stored_files" (
	"area" text NOT NULL,
	"key" text NOT NULL,
	"bytes" bytea NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_area_key_pk" PRIMARY KEY("area","key")
);
