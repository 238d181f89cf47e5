-- Issue 28, item 6: an approval publishes only what the submitter gave. Form One asks no
-- building height, so a project published from a registration has none (shown as "not given")
-- until the committee enters one; it was 3 m a floor before, published as if measured.
ALTER TABLE "projects" ALTER COLUMN "building_height" DROP NOT NULL;
