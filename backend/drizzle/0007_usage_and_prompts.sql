ALTER TABLE "generation_sections" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "temperature" double precision;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "logit_bias_group" uuid;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "system_message" text;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "user_message" text;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "prompt_tokens" integer;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "completion_tokens" integer;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "cached_tokens" integer;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
CREATE INDEX "generation_sections_created_at_idx" ON "generation_sections" USING btree ("created_at");