ALTER TABLE "users" ADD COLUMN "eiet_company_id" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pile_company_id" integer;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_eiet_company_id_eiet_companies_id_fk" FOREIGN KEY ("eiet_company_id") REFERENCES "public"."eiet_companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pile_company_id_pile_companies_id_fk" FOREIGN KEY ("pile_company_id") REFERENCES "public"."pile_companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_one_company" CHECK ("eiet_company_id" IS NULL OR "pile_company_id" IS NULL);
--> statement-breakpoint
CREATE INDEX "users_eiet_company_idx" ON "users" USING btree ("eiet_company_id");
--> statement-breakpoint
CREATE INDEX "users_pile_company_idx" ON "users" USING btree ("pile_company_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar_token_hash" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_token_hash_unique" UNIQUE("calendar_token_hash");
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "tracking_token_hash" text;
--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_tracking_token_hash_unique" UNIQUE("tracking_token_hash");
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "service_requests" SET "updated_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "service_requests_eiet_idx" ON "service_requests" USING btree ("eiet_id","created_at");
--> statement-breakpoint
CREATE INDEX "service_requests_pile_idx" ON "service_requests" USING btree ("pile_company_id","created_at");
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_request_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_service_request_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "service_request_history_request_idx" ON "service_request_history" USING btree ("service_request_id");
--> statement-breakpoint
INSERT INTO "service_request_history" ("service_request_id", "status", "created_at") SELECT "id", 'new', "created_at" FROM "service_requests";
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"eiet_company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"outcome" text,
	"remarks" text,
	"notes" text,
	"reason" text,
	"report_path" text,
	"report_name" text,
	"report_size" integer,
	"report_sha256" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_eiet_company_id_eiet_companies_id_fk" FOREIGN KEY ("eiet_company_id") REFERENCES "public"."eiet_companies"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "inspections_registration_idx" ON "inspections" USING btree ("registration_id","scheduled_for");
--> statement-breakpoint
CREATE INDEX "inspections_company_idx" ON "inspections" USING btree ("eiet_company_id","status","scheduled_for");
--> statement-breakpoint
CREATE INDEX "registrations_eiet_company_idx" ON "registrations" USING btree (("data" ->> 'eiet_company_id'));
