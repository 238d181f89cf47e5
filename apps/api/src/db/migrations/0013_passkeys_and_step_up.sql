-- Passkeys for every account, step-up proofs for legal acts, mailed security links
-- (docs/decisions/074-passkeys-simplewebauthn.md, 075-step-up-for-legal-acts.md,
-- 076-second-factor-changes-need-a-mailed-link.md).
CREATE TABLE "passkeys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"credential_id" text NOT NULL UNIQUE,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");
--> statement-breakpoint
-- One WebAuthn challenge per ceremony, used once. A step-up challenge carries the act it signs.
CREATE TABLE "webauthn_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL UNIQUE,
	"act" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_user_idx" ON "webauthn_challenges" USING btree ("user_id");
--> statement-breakpoint
-- A fresh second-factor proof, spent by one legal act; once spent it is that act's evidence.
CREATE TABLE "step_up_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"method" text NOT NULL,
	"passkey_id" integer REFERENCES "passkeys"("id") ON DELETE SET NULL,
	"passkey_name" text,
	"act" jsonb,
	"act_key" text,
	"act_kind" text,
	"act_record_id" integer,
	"assertion" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "step_up_proofs_user_idx" ON "step_up_proofs" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE INDEX "step_up_proofs_act_idx" ON "step_up_proofs" USING btree ("act_kind", "act_record_id");
