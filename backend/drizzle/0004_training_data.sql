CREATE TABLE "training_pages" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"article" jsonb,
	CONSTRAINT "training_pages_job_url_key" UNIQUE("job_id","url")
);
--> statement-breakpoint
CREATE TABLE "training_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "training_snapshots_job_key" UNIQUE("job_id")
);
--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "clustering" text DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_pages" ADD CONSTRAINT "training_pages_job_id_training_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."training_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_snapshots" ADD CONSTRAINT "training_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_snapshots" ADD CONSTRAINT "training_snapshots_job_id_training_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."training_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_pages_job_state_idx" ON "training_pages" USING btree ("job_id","state","seq");