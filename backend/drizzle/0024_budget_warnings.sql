ALTER TABLE "budgets" ADD COLUMN "warned_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "warned_month" text;