ALTER TABLE "generation_spend" DROP CONSTRAINT "generation_spend_key";--> statement-breakpoint
ALTER TABLE "budgets" DROP CONSTRAINT "budgets_workspace_client_key";--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "article_id" uuid;--> statement-breakpoint
ALTER TABLE "generation_spend" ADD COLUMN "article_id" uuid;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "article_id" uuid;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_spend" ADD CONSTRAINT "generation_spend_key" UNIQUE NULLS NOT DISTINCT("workspace_id","client_id","article_id","month");--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_workspace_client_key" UNIQUE NULLS NOT DISTINCT("workspace_id","client_id","article_id");