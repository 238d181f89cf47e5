DROP INDEX "library_pages_text_fts_idx";--> statement-breakpoint
ALTER TABLE "library_pages" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "text")) STORED;--> statement-breakpoint
ALTER TABLE "library_pages" ADD COLUMN "folded_text" text GENERATED ALWAYS AS (translate(lower("text"), ' ' || chr(10), '')) STORED;--> statement-breakpoint
CREATE INDEX "library_pages_search_vector_idx" ON "library_pages" USING gin ("search_vector");