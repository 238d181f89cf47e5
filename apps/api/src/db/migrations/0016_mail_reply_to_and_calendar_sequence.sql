-- Issue 29. A mail may name where replies go (RFC 5322 Reply-To): the company's notice of a
-- new service request answers to the requester, not to the portal's no-reply address.
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;
--> statement-breakpoint
-- RFC 5545 3.8.7.4: a calendar updates an event only when its SEQUENCE grows, so every
-- reschedule or cancellation of an inspection counts up.
ALTER TABLE "inspections" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;
