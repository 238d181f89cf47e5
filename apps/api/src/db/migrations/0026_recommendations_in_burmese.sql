-- Issue 28, item 11: the technical recommendations in Burmese beside the English (decision 106).
-- Optional columns on each level: a missing Burmese text falls back to the English one.
ALTER TABLE "disciplines" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "sub_disciplines" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "recommendation_titles" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "recommendation_sub_titles" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "recommendation_items" ADD COLUMN "name_my" text;--> statement-breakpoint
ALTER TABLE "recommendation_items" ADD COLUMN "content_my" text;
