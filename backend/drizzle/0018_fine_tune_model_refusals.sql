ALTER TABLE "fine_tune_refusals" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fine_tune_refusals" DROP CONSTRAINT "fine_tune_refusals_pkey";--> statement-breakpoint
ALTER TABLE "fine_tune_refusals" ADD CONSTRAINT "fine_tune_refusals_key_hash_model_pk" PRIMARY KEY("key_hash","model");
