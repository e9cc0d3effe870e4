-- History's search index (training_jobs_url_search_idx, generation_jobs_title_search_idx) is of trigrams.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "list_totals" (
	"workspace_id" uuid NOT NULL,
	"list" text NOT NULL,
	"key_a" text NOT NULL,
	"key_b" text NOT NULL,
	"rows" bigint NOT NULL,
	CONSTRAINT "list_totals_workspace_id_list_key_a_key_b_pk" PRIMARY KEY("workspace_id","list","key_a","key_b")
);
--> statement-breakpoint
DROP INDEX "training_jobs_workspace_timestamp_idx";--> statement-breakpoint
DROP INDEX "generation_jobs_workspace_timestamp_idx";--> statement-breakpoint
ALTER TABLE "list_totals" ADD CONSTRAINT "list_totals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_user_at_idx" ON "audit_events" USING btree ("workspace_id","user_id","at","seq");--> statement-breakpoint
CREATE INDEX "audit_events_resource_at_idx" ON "audit_events" USING btree ("workspace_id","resource","at","seq");--> statement-breakpoint
CREATE INDEX "training_jobs_history_idx" ON "training_jobs" USING btree ("workspace_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_jobs_history_status_idx" ON "training_jobs" USING btree ("workspace_id","status","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_jobs_history_title_idx" ON "training_jobs" USING btree ("workspace_id","url","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "training_jobs_url_search_idx" ON "training_jobs" USING gin ("url" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "generation_jobs_history_idx" ON "generation_jobs" USING btree ("workspace_id","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "generation_jobs_history_status_idx" ON "generation_jobs" USING btree ("workspace_id","status","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "generation_jobs_history_title_idx" ON "generation_jobs" USING btree ("workspace_id","title","timestamp" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "generation_jobs_title_search_idx" ON "generation_jobs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
-- Keeps list_totals as rows are inserted and deleted: once per statement, from the rows it changed.
-- Arguments: the list, then the SQL of each of its two keys over a row. A workspace being deleted
-- takes its totals with it (the rows whose workspace is gone are not counted). The totals a
-- statement changes are locked in one order, so two statements never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION "keep_list_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keyed text := format('select workspace_id, (%s)::text as key_a, (%s)::text as key_b', TG_ARGV[1], TG_ARGV[2]);
  changed text := CASE TG_OP WHEN 'INSERT' THEN keyed || ', 1 as n from added' ELSE keyed || ', -1 as n from removed' END;
BEGIN
  EXECUTE format(
    'insert into list_totals as t (workspace_id, list, key_a, key_b, rows)
       select c.workspace_id, %L, c.key_a, c.key_b, sum(c.n) from (%s) c
        where exists (select 1 from workspaces w where w.id = c.workspace_id)
        group by c.workspace_id, c.key_a, c.key_b order by c.workspace_id, c.key_a, c.key_b
     on conflict (workspace_id, list, key_a, key_b) do update set rows = t.rows + excluded.rows',
    TG_ARGV[0], changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "generation_jobs_totals_added" AFTER INSERT ON "generation_jobs" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('history', '''generation''', '''''');--> statement-breakpoint
CREATE TRIGGER "generation_jobs_totals_removed" AFTER DELETE ON "generation_jobs" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('history', '''generation''', '''''');--> statement-breakpoint
CREATE TRIGGER "training_jobs_totals_added" AFTER INSERT ON "training_jobs" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('history', '''training''', '''''');--> statement-breakpoint
CREATE TRIGGER "training_jobs_totals_removed" AFTER DELETE ON "training_jobs" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('history', '''training''', '''''');--> statement-breakpoint
CREATE TRIGGER "audit_events_totals_added" AFTER INSERT ON "audit_events" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('audit', 'resource', 'coalesce(user_id::text, '''')');--> statement-breakpoint
CREATE TRIGGER "audit_events_totals_removed" AFTER DELETE ON "audit_events" REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION keep_list_totals('audit', 'resource', 'coalesce(user_id::text, '''')');--> statement-breakpoint
-- The totals of the rows already there.
INSERT INTO "list_totals" ("workspace_id", "list", "key_a", "key_b", "rows")
  SELECT workspace_id, 'history', 'generation', '', count(*) FROM generation_jobs GROUP BY workspace_id
  UNION ALL SELECT workspace_id, 'history', 'training', '', count(*) FROM training_jobs GROUP BY workspace_id
  UNION ALL SELECT workspace_id, 'audit', resource, coalesce(user_id::text, ''), count(*) FROM audit_events GROUP BY workspace_id, resource, coalesce(user_id::text, '');
