CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"workspace_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"notion_secret" text,
	"notion_database_id" text,
	"openai_api_key" text,
	"status_config" jsonb,
	"drive_user_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Each operator's personal workspace: the operator's own id (so their records' user_id is already
-- its id, and the secrets sealed for "<user id>:<name>" open unchanged), their name, their
-- connection settings; the operator is its owner.
INSERT INTO "workspaces" ("id", "name", "notion_secret", "notion_database_id", "openai_api_key", "status_config", "drive_user_id", "created_by", "created_at", "updated_at")
SELECT "id", "name" || '''s workspace', "notion_secret", "notion_database_id", "openai_api_key", "status_config", "id", "id", "created_at", "updated_at" FROM "users";
--> statement-breakpoint
INSERT INTO "memberships" ("workspace_id", "user_id", "role", "created_at") SELECT "id", "id", 'owner', "created_at" FROM "users";
--> statement-breakpoint
ALTER TABLE "models" DROP CONSTRAINT "models_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" DROP CONSTRAINT "fine_tune_jobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "training_jobs" DROP CONSTRAINT "training_jobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "logit_bias_groups" DROP CONSTRAINT "logit_bias_groups_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sections" DROP CONSTRAINT "sections_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "section_versions" DROP CONSTRAINT "section_versions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "articles" DROP CONSTRAINT "articles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "generation_jobs" DROP CONSTRAINT "generation_jobs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "training_snapshots" DROP CONSTRAINT "training_snapshots_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "previews" DROP CONSTRAINT "previews_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "evaluations" DROP CONSTRAINT "evaluations_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "models_user_name_idx";--> statement-breakpoint
DROP INDEX "fine_tune_jobs_user_idx";--> statement-breakpoint
DROP INDEX "training_jobs_user_timestamp_idx";--> statement-breakpoint
DROP INDEX "logit_bias_groups_user_idx";--> statement-breakpoint
DROP INDEX "sections_user_idx";--> statement-breakpoint
DROP INDEX "section_versions_user_idx";--> statement-breakpoint
DROP INDEX "articles_user_title_idx";--> statement-breakpoint
DROP INDEX "clients_user_name_idx";--> statement-breakpoint
DROP INDEX "generation_jobs_user_timestamp_idx";--> statement-breakpoint
DROP INDEX "previews_user_created_idx";--> statement-breakpoint
DROP INDEX "evaluations_user_idx";--> statement-breakpoint
DROP INDEX "generation_jobs_open_page";--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "logit_bias_groups" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "section_versions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "training_snapshots" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "previews" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "models" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "fine_tune_jobs" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "training_jobs" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "training_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "logit_bias_groups" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "logit_bias_groups" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "logit_bias_groups" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "sections" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "sections" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "section_versions" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "section_versions" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "section_versions" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "articles" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "articles" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "clients" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "clients" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "generation_jobs" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "generation_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "training_snapshots" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "training_snapshots" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "training_snapshots" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "previews" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "previews" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "previews" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
UPDATE "evaluations" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "evaluations" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_drive_user_id_users_id_fk" FOREIGN KEY ("drive_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_workspace_seq_idx" ON "audit_events" USING btree ("workspace_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_workspace_email_idx" ON "invitations" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ADD CONSTRAINT "fine_tune_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ADD CONSTRAINT "fine_tune_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logit_bias_groups" ADD CONSTRAINT "logit_bias_groups_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logit_bias_groups" ADD CONSTRAINT "logit_bias_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_versions" ADD CONSTRAINT "section_versions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_versions" ADD CONSTRAINT "section_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "generation_jobs" ADD CONSTRAINT "generation_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_snapshots" ADD CONSTRAINT "training_snapshots_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_snapshots" ADD CONSTRAINT "training_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "models_workspace_name_idx" ON "models" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "fine_tune_jobs_workspace_idx" ON "fine_tune_jobs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "training_jobs_workspace_timestamp_idx" ON "training_jobs" USING btree ("workspace_id","timestamp");--> statement-breakpoint
CREATE INDEX "logit_bias_groups_workspace_idx" ON "logit_bias_groups" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "sections_workspace_idx" ON "sections" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "section_versions_workspace_idx" ON "section_versions" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_workspace_title_idx" ON "articles" USING btree ("workspace_id",lower("article_title"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_workspace_name_idx" ON "clients" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "generation_jobs_workspace_timestamp_idx" ON "generation_jobs" USING btree ("workspace_id","timestamp");--> statement-breakpoint
CREATE INDEX "previews_workspace_created_idx" ON "previews" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "evaluations_workspace_idx" ON "evaluations" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "generation_jobs_open_page" ON "generation_jobs" USING btree ("workspace_id","notion_page_id") WHERE "generation_jobs"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notion_secret";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "notion_database_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "openai_api_key";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "status_config";