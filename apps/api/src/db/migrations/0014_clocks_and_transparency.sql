-- Issue 27: working-day clocks, reminders, extensions and the public decision log
-- (docs/decisions/077-working-day-clocks.md, 078-decision-log-hash-chain.md).

-- The committee's holiday calendar: days that are not working days besides weekends.
CREATE TABLE "holidays" (
  "day" date PRIMARY KEY,
  "name_en" text NOT NULL,
  "name_my" text NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Myanmar's official public holidays 2025-2027 as announced; the lunar days follow the
-- Myanmar calendar, so the administrator checks each year against the Union Government's
-- notification and corrects them on the holidays screen.
INSERT INTO "holidays" ("day", "name_en", "name_my") VALUES
  ('2025-01-04', 'Independence Day', 'လွတ်လပ်ရေးနေ့'),
  ('2025-02-12', 'Union Day', 'ပြည်ထောင်စုနေ့'),
  ('2025-03-02', 'Peasants'' Day', 'တောင်သူလယ်သမားနေ့'),
  ('2025-03-13', 'Full Moon Day of Tabaung', 'တပေါင်းလပြည့်နေ့'),
  ('2025-03-27', 'Armed Forces Day', 'တပ်မတော်နေ့'),
  ('2025-04-13', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2025-04-14', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2025-04-15', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2025-04-16', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2025-04-17', 'Myanmar New Year', 'မြန်မာနှစ်သစ်ကူးနေ့'),
  ('2025-05-01', 'Labour Day', 'အလုပ်သမားနေ့'),
  ('2025-05-11', 'Full Moon Day of Kasong', 'ကဆုန်လပြည့်နေ့'),
  ('2025-06-07', 'Eid al-Adha', 'အိဒ်နေ့'),
  ('2025-07-10', 'Full Moon Day of Waso', 'ဝါဆိုလပြည့်နေ့'),
  ('2025-07-19', 'Martyrs'' Day', 'အာဇာနည်နေ့'),
  ('2025-10-05', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2025-10-06', 'Full Moon Day of Thadingyut', 'သီတင်းကျွတ်လပြည့်နေ့'),
  ('2025-10-07', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2025-10-20', 'Deepavali', 'ဒီပါဝလီနေ့'),
  ('2025-11-04', 'Full Moon Day of Tazaungmone', 'တန်ဆောင်မုန်းလပြည့်နေ့'),
  ('2025-11-14', 'National Day', 'အမျိုးသားနေ့'),
  ('2025-12-20', 'Kayin New Year', 'ကရင်နှစ်သစ်ကူးနေ့'),
  ('2025-12-25', 'Christmas Day', 'ခရစ္စမတ်နေ့'),
  ('2026-01-04', 'Independence Day', 'လွတ်လပ်ရေးနေ့'),
  ('2026-02-12', 'Union Day', 'ပြည်ထောင်စုနေ့'),
  ('2026-03-02', 'Peasants'' Day', 'တောင်သူလယ်သမားနေ့'),
  ('2026-03-03', 'Full Moon Day of Tabaung', 'တပေါင်းလပြည့်နေ့'),
  ('2026-03-27', 'Armed Forces Day', 'တပ်မတော်နေ့'),
  ('2026-04-13', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2026-04-14', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2026-04-15', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2026-04-16', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2026-04-17', 'Myanmar New Year', 'မြန်မာနှစ်သစ်ကူးနေ့'),
  ('2026-04-30', 'Full Moon Day of Kasong', 'ကဆုန်လပြည့်နေ့'),
  ('2026-05-01', 'Labour Day', 'အလုပ်သမားနေ့'),
  ('2026-05-27', 'Eid al-Adha', 'အိဒ်နေ့'),
  ('2026-07-19', 'Martyrs'' Day', 'အာဇာနည်နေ့'),
  ('2026-07-29', 'Full Moon Day of Waso', 'ဝါဆိုလပြည့်နေ့'),
  ('2026-10-25', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2026-10-26', 'Full Moon Day of Thadingyut', 'သီတင်းကျွတ်လပြည့်နေ့'),
  ('2026-10-27', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2026-11-09', 'Deepavali', 'ဒီပါဝလီနေ့'),
  ('2026-11-24', 'Full Moon Day of Tazaungmone', 'တန်ဆောင်မုန်းလပြည့်နေ့'),
  ('2026-12-04', 'National Day', 'အမျိုးသားနေ့'),
  ('2026-12-10', 'Kayin New Year', 'ကရင်နှစ်သစ်ကူးနေ့'),
  ('2026-12-25', 'Christmas Day', 'ခရစ္စမတ်နေ့'),
  ('2027-01-04', 'Independence Day', 'လွတ်လပ်ရေးနေ့'),
  ('2027-02-12', 'Union Day', 'ပြည်ထောင်စုနေ့'),
  ('2027-03-02', 'Peasants'' Day', 'တောင်သူလယ်သမားနေ့'),
  ('2027-03-22', 'Full Moon Day of Tabaung', 'တပေါင်းလပြည့်နေ့'),
  ('2027-03-27', 'Armed Forces Day', 'တပ်မတော်နေ့'),
  ('2027-04-13', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2027-04-14', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2027-04-15', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2027-04-16', 'Thingyan (Water Festival)', 'သင်္ကြန်'),
  ('2027-04-17', 'Myanmar New Year', 'မြန်မာနှစ်သစ်ကူးနေ့'),
  ('2027-05-01', 'Labour Day', 'အလုပ်သမားနေ့'),
  ('2027-05-17', 'Eid al-Adha', 'အိဒ်နေ့'),
  ('2027-05-20', 'Full Moon Day of Kasong', 'ကဆုန်လပြည့်နေ့'),
  ('2027-07-18', 'Full Moon Day of Waso', 'ဝါဆိုလပြည့်နေ့'),
  ('2027-07-19', 'Martyrs'' Day', 'အာဇာနည်နေ့'),
  ('2027-10-14', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2027-10-15', 'Full Moon Day of Thadingyut', 'သီတင်းကျွတ်လပြည့်နေ့'),
  ('2027-10-16', 'Thadingyut holiday', 'သီတင်းကျွတ် ရုံးပိတ်ရက်'),
  ('2027-10-29', 'Deepavali', 'ဒီပါဝလီနေ့'),
  ('2027-11-13', 'Full Moon Day of Tazaungmone', 'တန်ဆောင်မုန်းလပြည့်နေ့'),
  ('2027-11-23', 'National Day', 'အမျိုးသားနေ့'),
  ('2027-12-29', 'Kayin New Year', 'ကရင်နှစ်သစ်ကူးနေ့'),
  ('2027-12-25', 'Christmas Day', 'ခရစ္စမတ်နေ့');
--> statement-breakpoint
-- A target in working days for each waiting step, set by the administrator.
CREATE TABLE "clock_targets" (
  "step" text PRIMARY KEY,
  "working_days" integer NOT NULL CHECK ("working_days" BETWEEN 1 AND 250),
  "remind_days_before" integer NOT NULL DEFAULT 2 CHECK ("remind_days_before" BETWEEN 0 AND 30),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
INSERT INTO "clock_targets" ("step", "working_days", "remind_days_before") VALUES
  ('counterpart_review', 10, 2),
  ('submitter_answer', 20, 3),
  ('committee_decision', 10, 2),
  ('inspection_scheduling', 5, 1),
  ('concern_answer', 5, 1);
--> statement-breakpoint
-- More working days for one step of one registration, asked for with a reason and decided by the committee.
CREATE TABLE "clock_extensions" (
  "id" serial PRIMARY KEY,
  "registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
  "step" text NOT NULL,
  "working_days" integer NOT NULL CHECK ("working_days" BETWEEN 1 AND 60),
  "reason" text NOT NULL,
  "status" text NOT NULL DEFAULT 'requested',
  "requested_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "requested_at" timestamp with time zone NOT NULL,
  "decided_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "clock_extensions_registration_idx" ON "clock_extensions" ("registration_id", "step");
--> statement-breakpoint
-- One row per reminder or escalation that is due: the unique key makes each one happen
-- once; the lease (as the mail outbox's, decision 003) lets another process take it over
-- if the one that claimed it died before it was sent.
CREATE TABLE "clock_reminders" (
  "id" serial PRIMARY KEY,
  "registration_id" integer NOT NULL REFERENCES "registrations"("id") ON DELETE CASCADE,
  "step" text NOT NULL,
  "kind" text NOT NULL,
  "run_key" text NOT NULL,
  "lease_until" timestamp with time zone NOT NULL,
  "sent_at" timestamp with time zone,
  CONSTRAINT "clock_reminders_once" UNIQUE ("registration_id", "step", "kind", "run_key")
);
--> statement-breakpoint
-- The public decision log: a hash chain (docs/api.md, "Transparency"). Append-only like
-- the audit log; an edit made anyway (by disabling the triggers) breaks the chain.
CREATE TABLE "decision_log" (
  "seq" bigint PRIMARY KEY,
  "at" timestamp with time zone NOT NULL,
  "reference" text NOT NULL,
  "action" text NOT NULL,
  "content_sha256" text NOT NULL,
  "prev_hash" text NOT NULL UNIQUE,
  "hash" text NOT NULL UNIQUE
);
--> statement-breakpoint
-- One function for any append-only table: it names the table it refuses a change to.
CREATE OR REPLACE FUNCTION refuse_change_to_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER decision_log_no_update_delete BEFORE UPDATE OR DELETE ON "decision_log"
  FOR EACH ROW EXECUTE FUNCTION refuse_change_to_append_only();
--> statement-breakpoint
CREATE TRIGGER decision_log_no_truncate BEFORE TRUNCATE ON "decision_log"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change_to_append_only();
