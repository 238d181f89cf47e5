-- Issue 27, items 5 and 6. In-app notices (one per mail to an account, decision 088), the kinds
-- of mail a person turned off, and the public's concerns about a site (decision 089).
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "concerns" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE cascade,
	"message" text NOT NULL,
	"name" text,
	"email" text,
	"locale" text DEFAULT 'en' NOT NULL,
	"photo_key" text,
	"photo_type" text,
	"received_at" timestamp with time zone NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer REFERENCES "users"("id") ON DELETE set null,
	"published" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "concerns_open_idx" ON "concerns" USING btree ("answered_at","received_at");
--> statement-breakpoint
CREATE INDEX "concerns_registration_idx" ON "concerns" USING btree ("registration_id");
