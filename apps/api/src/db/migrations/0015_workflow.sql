-- The workflow as people live it (issue 28, item 2; decision 080).
-- The private tracking link's token, sealed with the server secret (lib/secret-box.ts), so
-- every status mail of a service request can carry the link again; the hash beside it
-- stays what a link is checked against. Null for requests from before.
ALTER TABLE "service_requests" ADD COLUMN "tracking_token_sealed" text;
