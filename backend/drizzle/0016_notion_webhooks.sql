CREATE TABLE "notion_webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"entity_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notion_webhook_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notion_webhook_verification" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notion_webhook_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "notion_webhook_delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notion_webhook_events" ADD CONSTRAINT "notion_webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notion_webhook_events_received_idx" ON "notion_webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_notion_webhook_token_unique" UNIQUE("notion_webhook_token");