-- Issue 31, a decade of data (docs/decisions/109-a-decade-of-data.md): every paged list and
-- search answers in the same time at 1,000,000 projects as at a hundred. What each page read
-- before, found with EXPLAIN (ANALYZE, BUFFERS) on bench/decade.ts's database: whole-table
-- counts for `meta.total`, sorts of every registration for one page, substring searches read
-- row by row, a project's registration found by reading them all.
--
-- Substring search (ILIKE '%…%', docs/api.md "Paging"): trigram indexes. PGlite loads the
-- extension's code when the database opens (db/client.ts, PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint

-- Counts kept as they change, for `meta.total` without counting a whole table. Each change
-- appends its difference (+n or −n per key) rather than updating one row, so two transactions
-- never wait for each other over a counter (and cannot deadlock over two of them); a reader
-- sums the few rows of its name and, when they have grown many, folds them into one per key
-- (lib/row-counts.ts). Exact: a difference commits with the change it counts.
CREATE TABLE "row_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_counts_name_idx" ON "row_counts" ("name", "key");
--> statement-breakpoint

-- Registrations per status (the admin list's total, the dashboard's "awaiting a decision").
CREATE FUNCTION row_counts_registrations_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n")
    SELECT 'registrations', "status", count(*) FROM added GROUP BY "status";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_registrations_removed() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n")
    SELECT 'registrations', "status", -count(*) FROM removed GROUP BY "status";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_registrations_moved() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n") VALUES ('registrations', OLD."status", -1), ('registrations', NEW."status", 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_forget() RETURNS trigger AS $$
BEGIN
  DELETE FROM "row_counts" WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER registrations_counted_insert AFTER INSERT ON "registrations"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_registrations_added();
--> statement-breakpoint
CREATE TRIGGER registrations_counted_delete AFTER DELETE ON "registrations"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_registrations_removed();
--> statement-breakpoint
CREATE TRIGGER registrations_counted_move AFTER UPDATE OF "status" ON "registrations"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION row_counts_registrations_moved();
--> statement-breakpoint
CREATE TRIGGER registrations_counted_truncate AFTER TRUNCATE ON "registrations"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_forget('registrations');
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "key", "n")
  SELECT 'registrations', "status", count(*) FROM "registrations" GROUP BY "status";
--> statement-breakpoint

-- Audit entries (the audit log's total; the table is append-only, migration 0010) and
-- inspections (part of the statistics' key, transparency.repository.ts).
CREATE FUNCTION row_counts_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n") SELECT TG_ARGV[0], '', count(*) FROM added HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_removed() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n") SELECT TG_ARGV[0], '', -count(*) FROM removed HAVING count(*) > 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_counted_insert AFTER INSERT ON "audit_log"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('audit_log');
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "key", "n") SELECT 'audit_log', '', count(*) FROM "audit_log";
--> statement-breakpoint
CREATE TRIGGER inspections_counted_insert AFTER INSERT ON "inspections"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('inspections');
--> statement-breakpoint
CREATE TRIGGER inspections_counted_delete AFTER DELETE ON "inspections"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed('inspections');
--> statement-breakpoint
CREATE TRIGGER inspections_counted_truncate AFTER TRUNCATE ON "inspections"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_forget('inspections');
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "key", "n") SELECT 'inspections', '', count(*) FROM "inspections";
--> statement-breakpoint

-- The public project list: a status's page in RN order, the name search (the filter is
-- lower(project_name) LIKE '%…%', projects.repository.ts).
CREATE INDEX "projects_status_rn_idx" ON "projects" ("status", "rn_number" DESC) WHERE "retired_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin (lower("project_name") gin_trgm_ops);
--> statement-breakpoint

-- A project's registration (the public project page's construction; the foreign key's
-- ON DELETE SET NULL reads it too).
CREATE INDEX "registrations_project_idx" ON "registrations" ("project_id");
--> statement-breakpoint
-- The committee's list, newest submission first, all or by status.
CREATE INDEX "registrations_submitted_idx" ON "registrations" ("submitted_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "registrations_status_submitted_idx" ON "registrations" ("status", "submitted_at" DESC, "id" DESC);
--> statement-breakpoint
-- The committee's search: reference, project name, submitter's name or e-mail, ignoring case.
CREATE INDEX "registrations_reference_trgm_idx" ON "registrations" USING gin ((coalesce("reference_number", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "registrations_project_name_trgm_idx" ON "registrations" USING gin ((coalesce("data" ->> 'project_name', '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint

-- The status history by status and time: the dashboard's months and the statistics read
-- only the last year's changes, then each changed registration's own rows.
CREATE INDEX "registration_history_status_at_idx" ON "registration_status_history" ("status", "created_at");
--> statement-breakpoint
CREATE INDEX "registration_history_at_idx" ON "registration_status_history" ("created_at");
--> statement-breakpoint
CREATE INDEX "registration_history_registration_status_idx" ON "registration_status_history" ("registration_id", "status", "created_at");
--> statement-breakpoint

-- Inspections done in a period (statistics, dashboard) and the latest change (statistics' key).
CREATE INDEX "inspections_status_scheduled_idx" ON "inspections" ("status", "scheduled_for");
--> statement-breakpoint
CREATE INDEX "inspections_updated_idx" ON "inspections" ("updated_at");
