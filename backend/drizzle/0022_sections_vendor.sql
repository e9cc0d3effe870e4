ALTER TABLE "generation_sections" ADD COLUMN "vendor" text DEFAULT 'openai' NOT NULL;--> statement-breakpoint
ALTER TABLE "preview_sections" ADD COLUMN "vendor" text DEFAULT 'openai' NOT NULL;