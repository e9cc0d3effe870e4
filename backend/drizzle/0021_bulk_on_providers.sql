ALTER TABLE "bulk_batches" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD COLUMN "create_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD COLUMN "connection_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_connection_id_model_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."model_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_lines" ADD CONSTRAINT "bulk_lines_connection_id_model_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."model_connections"("id") ON DELETE cascade ON UPDATE no action;