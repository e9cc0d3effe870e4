CREATE TABLE "openai_model_parameters" (
	"model" text PRIMARY KEY NOT NULL,
	"refused" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accepted" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"listed_created" bigint,
	"probe_token" text,
	"probe_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fine_tune_refusals" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"refused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "reasoning_effort" text;--> statement-breakpoint
ALTER TABLE "section_versions" ADD COLUMN "reasoning_effort" text;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "reasoning_effort" text;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "reasoning_tokens" integer DEFAULT 0 NOT NULL;