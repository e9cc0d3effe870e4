CREATE TABLE "generation_spend" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"client_id" uuid,
	"month" text NOT NULL,
	"cost_usd" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "generation_spend_key" UNIQUE NULLS NOT DISTINCT("workspace_id","client_id","month")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid,
	"client_id" uuid,
	"monthly_limit_usd" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_workspace_client_key" UNIQUE NULLS NOT DISTINCT("workspace_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "reserved_usd" double precision;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "spent_usd" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "budget_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "cost_usd" double precision;--> statement-breakpoint
ALTER TABLE "generation_spend" ADD CONSTRAINT "generation_spend_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generation_sections_model_completion_idx" ON "generation_sections" USING btree ("model","completion_tokens");