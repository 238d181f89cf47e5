-- Each public list has a version counter; any change to its tables bumps it.
INSERT INTO "content_versions" ("name", "version") VALUES
  ('projects', 0), ('eiet_companies', 0), ('pile_companies', 0), ('recommendations', 0), ('library', 0)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_content_version() RETURNS trigger AS $$
BEGIN
  UPDATE "content_versions" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER projects_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('projects');
--> statement-breakpoint
CREATE TRIGGER eiet_companies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "eiet_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('eiet_companies');
--> statement-breakpoint
CREATE TRIGGER pile_companies_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pile_companies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('pile_companies');
--> statement-breakpoint
CREATE TRIGGER disciplines_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "disciplines"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('recommendations');
--> statement-breakpoint
CREATE TRIGGER sub_disciplines_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sub_disciplines"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('recommendations');
--> statement-breakpoint
CREATE TRIGGER recommendation_titles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recommendation_titles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('recommendations');
--> statement-breakpoint
CREATE TRIGGER recommendation_sub_titles_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recommendation_sub_titles"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('recommendations');
--> statement-breakpoint
CREATE TRIGGER recommendation_items_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "recommendation_items"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('recommendations');
--> statement-breakpoint
CREATE TRIGGER library_documents_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "library_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version('library');
