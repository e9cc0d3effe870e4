CREATE TABLE "usage_days" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"job_id" uuid,
	"preview_id" uuid,
	"model" text,
	"vendor" text NOT NULL,
	"batch" boolean NOT NULL,
	"prompt_tokens" bigint NOT NULL,
	"completion_tokens" bigint NOT NULL,
	"cached_tokens" bigint NOT NULL,
	"sections" integer NOT NULL,
	CONSTRAINT "usage_days_key" UNIQUE NULLS NOT DISTINCT("job_id","preview_id","day","model","vendor","batch")
);
--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_job_id_generation_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."generation_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_days" ADD CONSTRAINT "usage_days_preview_id_previews_id_fk" FOREIGN KEY ("preview_id") REFERENCES "public"."previews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_days_workspace_day_idx" ON "usage_days" USING btree ("workspace_id","day");--> statement-breakpoint
CREATE INDEX "usage_days_preview_idx" ON "usage_days" USING btree ("preview_id");--> statement-breakpoint
-- Keeps usage_days as sections are inserted, rewritten and deleted: once per statement, from the rows
-- it changed (the transition tables `added` and `removed`). Arguments: usage_days' column of the
-- section's owner (also the section's own column), the owner's table, the SQL of the section's price
-- (batch or not). What a rewrite replaced is taken off the day it was written, what replaced it added
-- to its own day; a row left with no section goes. An owner deleted takes its rows by foreign key.
CREATE OR REPLACE FUNCTION "keep_usage_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text := TG_ARGV[0];
  owner text := TG_ARGV[1];
  -- A transition table's sections summed by their row of usage_days (its name fills the %I left).
  summed text := format(
    'select %1$I as source, (created_at at time zone ''UTC'')::date as day, model, vendor, (%2$s) as batch,
            sum(coalesce(prompt_tokens, 0))::bigint as prompt_tokens, sum(coalesce(completion_tokens, 0))::bigint as completion_tokens,
            sum(coalesce(cached_tokens, 0))::bigint as cached_tokens, count(*)::int as sections
       from %%I group by 1, 2, 3, 4, 5',
    source, TG_ARGV[2]);
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE format(
      'update usage_days u
          set prompt_tokens = u.prompt_tokens - r.prompt_tokens, completion_tokens = u.completion_tokens - r.completion_tokens,
              cached_tokens = u.cached_tokens - r.cached_tokens, sections = u.sections - r.sections
         from (%s) r
        where u.%I = r.source and u.day = r.day and u.model is not distinct from r.model and u.vendor = r.vendor and u.batch = r.batch',
      format(summed, 'removed'), source);
    EXECUTE format('delete from usage_days where sections <= 0 and %1$I in (select %1$I from removed)', source);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE format(
      'insert into usage_days as u (workspace_id, day, %1$I, model, vendor, batch, prompt_tokens, completion_tokens, cached_tokens, sections)
         select o.workspace_id, a.day, a.source, a.model, a.vendor, a.batch, a.prompt_tokens, a.completion_tokens, a.cached_tokens, a.sections
           from (%2$s) a join %3$I o on o.id = a.source
          order by a.source, a.day, a.model, a.vendor, a.batch
       on conflict (job_id, preview_id, day, model, vendor, batch) do update
          set prompt_tokens = u.prompt_tokens + excluded.prompt_tokens, completion_tokens = u.completion_tokens + excluded.completion_tokens,
              cached_tokens = u.cached_tokens + excluded.cached_tokens, sections = u.sections + excluded.sections',
      source, format(summed, 'added'), owner);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_sections_usage_added" AFTER INSERT ON "generation_sections" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('job_id', 'generation_jobs', 'batch');--> statement-breakpoint
CREATE TRIGGER "generation_sections_usage_changed" AFTER UPDATE ON "generation_sections" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('job_id', 'generation_jobs', 'batch');--> statement-breakpoint
CREATE TRIGGER "generation_sections_usage_removed" AFTER DELETE ON "generation_sections" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('job_id', 'generation_jobs', 'batch');--> statement-breakpoint
CREATE TRIGGER "preview_sections_usage_added" AFTER INSERT ON "preview_sections" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('preview_id', 'previews', 'false');--> statement-breakpoint
CREATE TRIGGER "preview_sections_usage_changed" AFTER UPDATE ON "preview_sections" REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('preview_id', 'previews', 'false');--> statement-breakpoint
CREATE TRIGGER "preview_sections_usage_removed" AFTER DELETE ON "preview_sections" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_usage_days('preview_id', 'previews', 'false');--> statement-breakpoint
-- What the sections already there spent.
INSERT INTO "usage_days" ("workspace_id", "day", "job_id", "preview_id", "model", "vendor", "batch", "prompt_tokens", "completion_tokens", "cached_tokens", "sections")
  SELECT j.workspace_id, (s.created_at at time zone 'UTC')::date, s.job_id, null, s.model, s.vendor, s.batch,
         sum(coalesce(s.prompt_tokens, 0)), sum(coalesce(s.completion_tokens, 0)), sum(coalesce(s.cached_tokens, 0)), count(*)
    FROM generation_sections s JOIN generation_jobs j ON j.id = s.job_id
   GROUP BY j.workspace_id, 2, s.job_id, s.model, s.vendor, s.batch
  UNION ALL
  SELECT p.workspace_id, (s.created_at at time zone 'UTC')::date, null, s.preview_id, s.model, s.vendor, false,
         sum(s.prompt_tokens), sum(s.completion_tokens), sum(s.cached_tokens), count(*)
    FROM preview_sections s JOIN previews p ON p.id = s.preview_id
   GROUP BY p.workspace_id, 2, s.preview_id, s.model, s.vendor;
