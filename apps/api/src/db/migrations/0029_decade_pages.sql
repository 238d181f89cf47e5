-- Issue 31, a decade of data (docs/decisions/123-what-still-grew-with-a-decade.md).
--
-- Every change of an inspection is counted in row_counts (name 'inspection_changes'), as
-- migration 0028 counts the milestones' changes (appended, never waited for; the functions are
-- 0027's and 0028's, each event's rows counting +1): the admin dashboard's inspections per month
-- are read again only when it moved, not grouped from a year of inspections on every request.
CREATE TRIGGER inspections_changed_insert AFTER INSERT ON "inspections"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('inspection_changes');
--> statement-breakpoint
CREATE TRIGGER inspections_changed_update AFTER UPDATE ON "inspections"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('inspection_changes');
--> statement-breakpoint
CREATE TRIGGER inspections_changed_delete AFTER DELETE ON "inspections"
  REFERENCING OLD TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('inspection_changes');
--> statement-breakpoint
CREATE TRIGGER inspections_changed_truncate AFTER TRUNCATE ON "inspections"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('inspection_changes');
--> statement-breakpoint

-- Public projects (not retired) per status, kept as 0027 keeps registrations per status: the
-- project list's `meta.total` unfiltered or by status, and its status options, without counting
-- or reading a million projects whenever the list changed (projects.routes.ts). An update's
-- statement compares the rows before and after (a status change, a retirement or a restoration
-- moves a project between keys; any other change adds nothing). A trigger with transition
-- tables may not name columns, so every update of projects comes here.
CREATE FUNCTION row_counts_projects_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n")
    SELECT 'projects', "status", count(*) FROM added WHERE "retired_at" IS NULL GROUP BY "status";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_projects_removed() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n")
    SELECT 'projects', "status", -count(*) FROM removed WHERE "retired_at" IS NULL GROUP BY "status";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION row_counts_projects_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n")
    SELECT 'projects', "status", sum("n") FROM (
      SELECT "status", -1 AS "n" FROM removed WHERE "retired_at" IS NULL
      UNION ALL
      SELECT "status", 1 AS "n" FROM added WHERE "retired_at" IS NULL
    ) AS moved
    GROUP BY "status" HAVING sum("n") <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER projects_counted_insert AFTER INSERT ON "projects"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_projects_added();
--> statement-breakpoint
CREATE TRIGGER projects_counted_delete AFTER DELETE ON "projects"
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_projects_removed();
--> statement-breakpoint
CREATE TRIGGER projects_counted_update AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_projects_changed();
--> statement-breakpoint
CREATE TRIGGER projects_counted_truncate AFTER TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_forget('projects');
--> statement-breakpoint
INSERT INTO "row_counts" ("name", "key", "n")
  SELECT 'projects', "status", count(*) FROM "projects" WHERE "retired_at" IS NULL GROUP BY "status";
--> statement-breakpoint

-- The substring searches' trigram indexes (migration 0027) keep at most 64 kB of new entries
-- unsorted. GIN's default keeps up to 4 MB in a pending list that every search reads whole
-- until a vacuum merges it: after bench/decade.ts's seeding the registrations' reference index
-- had 113 pending pages and the users' 99 (all of them), and the committee's search read them
-- for its count and again for its page (204 ms p99 at a million projects). A write that fills
-- 64 kB merges them into the index itself; what is pending now is merged here. The project
-- name's index is left at the default: its search was not slow (decision 123), and a million
-- projects inserted at once (bench/decade.ts's seed) are merged faster in large pieces.
ALTER INDEX "registrations_reference_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "registrations_project_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (gin_pending_list_limit = 64);
--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass)
  FROM unnest(ARRAY['registrations_reference_trgm_idx', 'registrations_project_name_trgm_idx',
                    'users_name_trgm_idx', 'users_email_trgm_idx']) AS i;
