CREATE TABLE "model_examples" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL,
	"uuid" text NOT NULL,
	"article_uuid" text,
	"cluster_id" integer NOT NULL,
	"messages" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_examples_model_uuid_key" UNIQUE("model_id","uuid")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"base_model" text NOT NULL,
	"output_model" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_tuned" timestamp with time zone,
	"tokens" integer
);
--> statement-breakpoint
CREATE TABLE "fine_tune_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"model_id" uuid NOT NULL,
	"status" text NOT NULL,
	"openai_job_id" text,
	"training_file_id" text,
	"base_model" text NOT NULL,
	"suffix" text NOT NULL,
	"output_model" text,
	"trained_tokens" integer,
	"date_tuned" timestamp with time zone,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"url" text NOT NULL,
	"message" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "model_examples" ADD CONSTRAINT "model_examples_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ADD CONSTRAINT "fine_tune_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_tune_jobs" ADD CONSTRAINT "fine_tune_jobs_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_jobs" ADD CONSTRAINT "training_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_examples_model_idx" ON "model_examples" USING btree ("model_id");--> statement-breakpoint
CREATE UNIQUE INDEX "models_user_name_idx" ON "models" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "fine_tune_jobs_one_open_per_model" ON "fine_tune_jobs" USING btree ("model_id") WHERE "fine_tune_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "fine_tune_jobs_user_idx" ON "fine_tune_jobs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fine_tune_jobs_due_idx" ON "fine_tune_jobs" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "training_jobs_user_timestamp_idx" ON "training_jobs" USING btree ("user_id","timestamp");