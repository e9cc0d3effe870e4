CREATE TABLE "evaluation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"evaluation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"example_uuid" text NOT NULL,
	"system" text NOT NULL,
	"prompt" text NOT NULL,
	"original" text NOT NULL,
	"pair" jsonb NOT NULL,
	"winner" text,
	"judged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "evaluation_outputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"label" text NOT NULL,
	"model" text NOT NULL,
	"text" text NOT NULL,
	"similarity" double precision,
	"rouge_l" double precision NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"cached_tokens" integer DEFAULT 0 NOT NULL,
	"reasoning_tokens" integer DEFAULT 0 NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"model_id" uuid,
	"model_name" text NOT NULL,
	"holdout" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "model_examples" ADD COLUMN "embedding" "bytea";--> statement-breakpoint
ALTER TABLE "model_examples" ADD COLUMN "embedded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "examples_model" uuid;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "examples_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "section_versions" ADD COLUMN "examples_model" uuid;--> statement-breakpoint
ALTER TABLE "section_versions" ADD COLUMN "examples_count" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "examples" jsonb;--> statement-breakpoint
ALTER TABLE "preview_sections" ADD COLUMN "examples" jsonb;--> statement-breakpoint
ALTER TABLE "evaluation_items" ADD CONSTRAINT "evaluation_items_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_outputs" ADD CONSTRAINT "evaluation_outputs_item_id_evaluation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."evaluation_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_items_position_idx" ON "evaluation_items" USING btree ("evaluation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "evaluation_outputs_item_label_idx" ON "evaluation_outputs" USING btree ("item_id","label");--> statement-breakpoint
CREATE INDEX "evaluations_user_idx" ON "evaluations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_status_idx" ON "evaluations" USING btree ("status");