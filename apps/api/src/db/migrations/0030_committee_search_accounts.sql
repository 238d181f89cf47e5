-- Issue 31, a decade of data (docs/decisions/127-open-data-memory-and-the-committee-search-at-a-decade.md).
--
-- The committee's search (registrations.repository.ts, `matches`) finds a registration by its
-- submitter's name or e-mail. The accounts are few (2,010 in bench/decade.ts's seed), so the
-- planner read them all rather than through their trigram indexes (migration 0027): it counts
-- ILIKE as one operator per row, but in UTF-8 every name and e-mail is lowercased first, and the
-- read took 12 to 49 ms (load 12) against 0.2 ms through the indexes, twice per page (the count
-- and the rows): most of the search's time. This function reads the accounts through the
-- indexes (its own `enable_seqscan = off`, set only while it runs) and says it returns a few
-- rows, so that the registrations are then found by their submitter's index. Its answer is the
-- same rows: only how they are read is set.
CREATE FUNCTION accounts_matching(pattern text) RETURNS SETOF integer
  LANGUAGE sql STABLE ROWS 5 SET enable_seqscan = off
  AS $$ SELECT "id" FROM "users" WHERE "name" ILIKE pattern OR "email" ILIKE pattern $$;
