CREATE TABLE "bulk_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"openai_batch_id" text,
	"input_file_id" text,
	"output_file_id" text,
	"error_file_id" text,
	"lines" integer DEFAULT 0 NOT NULL,
	"bytes" integer DEFAULT 0 NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"lease_until" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"in_progress_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"taken_at" timestamp with time zone,
	CONSTRAINT "bulk_batches_openai_batch_id_unique" UNIQUE("openai_batch_id")
);
--> statement-breakpoint
CREATE TABLE "bulk_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"attempt" integer NOT NULL,
	"custom_id" text NOT NULL,
	"batch_id" uuid,
	"model" text NOT NULL,
	"body" jsonb NOT NULL,
	"meta" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"tokens" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"result" jsonb,
	"error" text,
	"counted" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "bulk_lines_custom_id_unique" UNIQUE("custom_id")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "bulk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_sections" ADD COLUMN "batch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_batch_id_bulk_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_batches_workspace_status_idx" ON "bulk_batches" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_lines_open_section" ON "bulk_lines" USING btree ("job_id","position") WHERE "bulk_lines"."status" in ('waiting', 'submitted');--> statement-breakpoint
CREATE INDEX "bulk_lines_waiting_idx" ON "bulk_lines" USING btree ("workspace_id","model","status");--> statement-breakpoint
CREATE INDEX "bulk_lines_batch_idx" ON "bulk_lines" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "bulk_lines_job_idx" ON "bulk_lines" USING btree ("job_id");