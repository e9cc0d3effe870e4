CREATE TABLE "section_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"model" uuid NOT NULL,
	"temperature" double precision NOT NULL,
	"logit_bias_group" uuid,
	"system_message" text NOT NULL,
	"user_message" text NOT NULL,
	"notes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "section_versions" ADD CONSTRAINT "section_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_versions" ADD CONSTRAINT "section_versions_logit_bias_group_logit_bias_groups_id_fk" FOREIGN KEY ("logit_bias_group") REFERENCES "public"."logit_bias_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "section_versions_section_version_idx" ON "section_versions" USING btree ("section_id","version");--> statement-breakpoint
CREATE INDEX "section_versions_user_idx" ON "section_versions" USING btree ("user_id");--> statement-breakpoint
-- Every existing section starts at version 1: its current fields, as of its last save.
INSERT INTO "section_versions" ("user_id", "section_id", "version", "name", "model", "temperature", "logit_bias_group", "system_message", "user_message", "notes", "created_at")
SELECT "user_id", "id", 1, "name", "model", "temperature", "logit_bias_group", "system_message", "user_message", "notes", "updated_at" FROM "sections";
--> statement-breakpoint
-- An article's entry is at version 1 when it equals version 1 (heading = name, prompts, model,
-- temperature, bias list); otherwise it was taken from an earlier state of the section: unknown (null).
UPDATE "articles" AS a SET "sections" = (
	SELECT coalesce(jsonb_agg(e.entry || jsonb_build_object('section_version', (
		SELECT max(v."version") FROM "section_versions" v
		WHERE v."user_id" = a."user_id"
			AND v."section_id"::text = lower(e.entry->>'section')
			AND v."name" = e.entry->>'heading'
			AND v."system_message" = e.entry->>'systemPrompt'
			AND v."user_message" = e.entry->>'userPrompt'
			AND v."model"::text = lower(e.entry->>'model')
			AND v."temperature" = (e.entry->>'temperature')::double precision
			AND v."logit_bias_group"::text IS NOT DISTINCT FROM lower(e.entry->>'logit_bias_group')
	)) ORDER BY e.ord), '[]'::jsonb)
	FROM jsonb_array_elements(a."sections") WITH ORDINALITY AS e(entry, ord)
);
