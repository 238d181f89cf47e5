-- Issue 31: the admin dashboard's months read a few rows (docs/decisions/116-fewer-queries-per-request.md).
-- Its figures are, per month (Myanmar time) of the last year, registrations first submitted,
-- first decided (Approved or Rejected), and the median days between the two. They were worked
-- out from the status history on each request (2.2 s at bench/decade.ts's million projects);
-- now each registration's two milestones are kept here as its history grows, and the months
-- are read from the year's milestones only when one of them changed (dashboard.service.ts).
CREATE TABLE "registration_milestones" (
	"registration_id" integer PRIMARY KEY NOT NULL REFERENCES "registrations"("id") ON DELETE cascade,
	"first_submitted_at" timestamp with time zone,
	"first_decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "registration_milestones_submitted_idx" ON "registration_milestones" ("first_submitted_at");
--> statement-breakpoint
CREATE INDEX "registration_milestones_decided_idx" ON "registration_milestones" ("first_decided_at") INCLUDE ("first_submitted_at");
--> statement-breakpoint
INSERT INTO "registration_milestones" ("registration_id", "first_submitted_at", "first_decided_at")
  SELECT "registration_id",
         min("created_at") FILTER (WHERE "status" = 'Submitted'),
         min("created_at") FILTER (WHERE "status" IN ('Approved', 'Rejected'))
    FROM "registration_status_history"
   WHERE "status" IN ('Submitted', 'Approved', 'Rejected')
   GROUP BY "registration_id";
--> statement-breakpoint

-- New history rows can only bring a milestone earlier: least() of the kept one and theirs,
-- which stays right when two transactions add rows for one registration at once (the upsert
-- reads the other's committed milestone, not its own snapshot's).
CREATE FUNCTION registration_milestones_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO "registration_milestones" AS m ("registration_id", "first_submitted_at", "first_decided_at")
    SELECT "registration_id",
           min("created_at") FILTER (WHERE "status" = 'Submitted'),
           min("created_at") FILTER (WHERE "status" IN ('Approved', 'Rejected'))
      FROM added
     WHERE "status" IN ('Submitted', 'Approved', 'Rejected')
     GROUP BY "registration_id"
  ON CONFLICT ("registration_id") DO UPDATE
     SET "first_submitted_at" = least(m."first_submitted_at", EXCLUDED."first_submitted_at"),
         "first_decided_at" = least(m."first_decided_at", EXCLUDED."first_decided_at")
   WHERE (m."first_submitted_at", m."first_decided_at")
         IS DISTINCT FROM (least(m."first_submitted_at", EXCLUDED."first_submitted_at"),
                           least(m."first_decided_at", EXCLUDED."first_decided_at"));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A history row changed or removed (the registration itself stays): its milestones again from
-- its whole history. (Removed with their registration, the milestones go by the foreign key.)
CREATE FUNCTION registration_milestones_redone() RETURNS trigger AS $$
BEGIN
  INSERT INTO "registration_milestones" AS m ("registration_id", "first_submitted_at", "first_decided_at")
    SELECT r."id",
           (SELECT min(h."created_at") FROM "registration_status_history" h
             WHERE h."registration_id" = r."id" AND h."status" = 'Submitted'),
           (SELECT min(h."created_at") FROM "registration_status_history" h
             WHERE h."registration_id" = r."id" AND h."status" IN ('Approved', 'Rejected'))
      FROM "registrations" r
     WHERE r."id" IN (SELECT "registration_id" FROM touched)
  ON CONFLICT ("registration_id") DO UPDATE
     SET "first_submitted_at" = EXCLUDED."first_submitted_at", "first_decided_at" = EXCLUDED."first_decided_at"
   WHERE (m."first_submitted_at", m."first_decided_at")
         IS DISTINCT FROM (EXCLUDED."first_submitted_at", EXCLUDED."first_decided_at");
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER registration_history_milestones_insert AFTER INSERT ON "registration_status_history"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION registration_milestones_added();
--> statement-breakpoint
CREATE TRIGGER registration_history_milestones_update AFTER UPDATE ON "registration_status_history"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION registration_milestones_redone();
--> statement-breakpoint
CREATE TRIGGER registration_history_milestones_delete AFTER DELETE ON "registration_status_history"
  REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION registration_milestones_redone();
--> statement-breakpoint

-- Every change of a milestone is counted in row_counts (name 'registration_milestones', as
-- migration 0027 keeps counts: appended, never waited for), so a process knows when the
-- months it keeps are out of date. The sum only grows; the functions are 0027's (for a
-- change counter each event's rows count +1, so each trigger names its rows `added`).
CREATE TRIGGER registration_milestones_changed_insert AFTER INSERT ON "registration_milestones"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('registration_milestones');
--> statement-breakpoint
CREATE TRIGGER registration_milestones_changed_update AFTER UPDATE ON "registration_milestones"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('registration_milestones');
--> statement-breakpoint
CREATE TRIGGER registration_milestones_changed_delete AFTER DELETE ON "registration_milestones"
  REFERENCING OLD TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added('registration_milestones');
--> statement-breakpoint
CREATE FUNCTION row_counts_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO "row_counts" ("name", "key", "n") VALUES (TG_ARGV[0], '', 1);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER registration_milestones_changed_truncate AFTER TRUNCATE ON "registration_milestones"
  FOR EACH STATEMENT EXECUTE FUNCTION row_counts_changed('registration_milestones');
