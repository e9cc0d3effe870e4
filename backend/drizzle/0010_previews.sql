CREATE TABLE "preview_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"preview_id" uuid NOT NULL,
	"variant" integer NOT NULL,
	"position" integer NOT NULL,
	"heading" text NOT NULL,
	"content" text NOT NULL,
	"tokens" integer NOT NULL,
	"model" text NOT NULL,
	"temperature" double precision,
	"logit_bias_group" uuid,
	"system_message" text NOT NULL,
	"user_message" text NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"cached_tokens" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_sections_preview_variant_position_key" UNIQUE("preview_id","variant","position")
);
--> statement-breakpoint
CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"article_id" uuid,
	"section_id" uuid,
	"article_title" text NOT NULL,
	"article_type" text NOT NULL,
	"template" jsonb NOT NULL,
	"title" text NOT NULL,
	"properties" jsonb NOT NULL,
	"client_id" uuid,
	"client_name" text,
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
ALTER TABLE "preview_sections" ADD CONSTRAINT "preview_sections_preview_id_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."previews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_sections_created_at_idx" ON "preview_sections" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "previews_user_created_idx" ON "previews" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "previews_status_idx" ON "previews" USING btree ("status");