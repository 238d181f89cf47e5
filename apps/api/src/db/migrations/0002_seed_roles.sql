-- The three roles exist on every database, demo data or not.
INSERT INTO "roles" ("name", "slug") VALUES
  ('Project', 'project'),
  ('National Counterpart', 'national-counterpart'),
  ('EIET', 'eiet')
ON CONFLICT ("slug") DO NOTHING;
