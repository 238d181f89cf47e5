-- Design documents (issue 25, docs/decisions/069-071): resumable uploads, the PDFs of a
-- registration with their revisions, pinned comments and the approved (stamped) copies.
-- An unfinished or unused tus upload (docs/api.md "Resumable uploads"): its bytes are in
-- the streaming file store under `uploads/<id>`; they expire after 24 hours.
CREATE TABLE "tus_uploads" (
  "id" text PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "size" bigint NOT NULL,
  "metadata" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "tus_uploads_user_idx" ON "tus_uploads" ("user_id");
--> statement-breakpoint
CREATE INDEX "tus_uploads_created_idx" ON "tus_uploads" ("created_at");
--> statement-breakpoint
-- The streaming file store's shared back-end (DATABASE_URL set): a file is a run of
-- chunks, each written as it arrives, so no file is ever whole in memory.
CREATE TABLE "file_chunks" (
  "area" text NOT NULL,
  "key" text NOT NULL,
  "start" bigint NOT NULL,
  "size" integer NOT NULL,
  "bytes" bytea NOT NULL,
  CONSTRAINT "file_chunks_pk" PRIMARY KEY ("area", "key", "start")
);
--> statement-breakpoint
CREATE TABLE "registration_documents" (
  "id" serial PRIMARY KEY,
  "registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
  "discipline" text NOT NULL,
  "kind" text NOT NULL,
  "number" text NOT NULL,
  "title" text NOT NULL,
  "revision" text NOT NULL,
  "round" integer NOT NULL,
  "pages" integer NOT NULL,
  "size" bigint NOT NULL,
  "sha256" text NOT NULL,
  "status" text NOT NULL DEFAULT 'current',
  "file_key" text NOT NULL,
  "file_name" text NOT NULL,
  "replaces_id" integer REFERENCES "registration_documents"("id") ON DELETE SET NULL,
  "uploaded_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "uploaded_at" timestamp with time zone NOT NULL,
  "approved_key" text,
  "approved_sha256" text,
  "approved_size" bigint,
  "approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "registration_documents_registration_idx" ON "registration_documents" ("registration_id", "discipline", "number");
--> statement-breakpoint
CREATE UNIQUE INDEX "registration_documents_current_idx" ON "registration_documents" ("registration_id", "discipline", "number") WHERE "status" = 'current';
--> statement-breakpoint
CREATE INDEX "registration_documents_sha_idx" ON "registration_documents" ("sha256");
--> statement-breakpoint
CREATE INDEX "registration_documents_approved_sha_idx" ON "registration_documents" ("approved_sha256");
--> statement-breakpoint
-- Each round keeps the documents it was submitted with, so the next round shows which sheets changed.
ALTER TABLE "registration_rounds" ADD COLUMN "documents" jsonb NOT NULL DEFAULT '[]'::jsonb;
--> statement-breakpoint
-- A comment pinned to a point of a page, citing a clause of a library volume; open until resolved.
ALTER TABLE "registration_comments" ADD COLUMN "document_id" integer REFERENCES "registration_documents"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "page" integer;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "x" double precision;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "y" double precision;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "clause_library_id" integer;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "clause_page" integer;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "resolved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "answer" text;
--> statement-breakpoint
ALTER TABLE "registration_comments" ADD COLUMN "answered_at" timestamp with time zone;
