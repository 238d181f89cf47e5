-- The audit log (issue 16): one row per administrative change, written in the same
-- transaction as the change. Append-only: the portal has no route to change a row, and
-- these triggers refuse UPDATE, DELETE and TRUNCATE from any tool.
-- No foreign key to users: the actor's name and e-mail are copied, so an entry stays
-- readable (and unchanged) whatever later happens to the account.
CREATE TABLE "audit_log" (
  "id" bigserial PRIMARY KEY,
  "actor_id" integer,
  "actor_name" text NOT NULL,
  "actor_email" text NOT NULL,
  "action" text NOT NULL,
  "record_type" text NOT NULL,
  "record_id" text,
  "before" jsonb,
  "after" jsonb,
  "ip" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "created_at");
--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" ("record_type", "record_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Public data is retired, not deleted: a retired row leaves the public answers and can be restored.
ALTER TABLE "projects" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "eiet_companies" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "pile_companies" ADD COLUMN "retired_at" timestamp with time zone;
--> statement-breakpoint
-- Disciplines get an order like the other levels of the recommendation tree (id order kept: all 0).
ALTER TABLE "disciplines" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A replaced library volume: the new file waits under pending_file_key until it is indexed;
-- the old file (file_key) stays in use until then. index_* show the background job's progress.
ALTER TABLE "library_documents" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "pending_file_key" text;
--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "index_state" text DEFAULT 'idle' NOT NULL;
--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "index_done" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "index_total" integer DEFAULT 0 NOT NULL;
