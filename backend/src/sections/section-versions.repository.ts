import { Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { EXAMPLES_COUNT } from '@quire/shared';
import { DatabaseService, Queries } from '../database/database.service';
import { SectionSnapshot, sections } from './sections.schema';
import { SectionVersionRow, sectionVersions } from './section-versions.schema';

/** What an article entry holds of a section, to be matched against the section's versions: its snapshot, without the version it was matched to. */
export type EntryContent = Omit<SectionSnapshot, 'section_version'>;

/** A section's versions (written by SectionsRepository with each change; read here). */
@Injectable()
export class SectionVersionsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** Newest first. */
  list(scope: Scope, sectionId: string): Promise<SectionVersionRow[]> {
    return this.database.db
      .select()
      .from(sectionVersions)
      .where(and(eq(sectionVersions.workspaceId, scope.workspaceId), eq(sectionVersions.sectionId, sectionId)))
      .orderBy(desc(sectionVersions.version));
  }

  async find(scope: Scope, sectionId: string, version: number): Promise<SectionVersionRow | null> {
    const [row] = await this.database.db
      .select()
      .from(sectionVersions)
      .where(and(eq(sectionVersions.workspaceId, scope.workspaceId), eq(sectionVersions.sectionId, sectionId), eq(sectionVersions.version, version)))
      .limit(1);
    return row ?? null;
  }

  /** The newest version of each of the user's sections that still exist (a deleted one is absent). */
  async latest(scope: Scope, sectionIds: string[]): Promise<Map<string, number>> {
    if (sectionIds.length === 0) return new Map();
    const rows = await this.database.db
      .select({ id: sections.id, version: sections.version })
      .from(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), inArray(sections.id, sectionIds)));
    return new Map(rows.map((r) => [r.id, r.version]));
  }

  /**
   * Per entry, the newest version of its section that it equals (heading = name, both prompts,
   * model, temperature, bias list, reasoning effort, example set and count; an entry without the
   * last three holds what a section did before they existed), or null when it equals none. Matched in the database, so no
   * prompt of any version travels to the server. The same rule as migration 0008's.
   */
  async matching(scope: Scope, entries: EntryContent[], db: Queries = this.database.db): Promise<(number | null)[]> {
    if (entries.length === 0) return [];
    const result = await db.execute(sql`
      select e.ord, (
        select max(v.version) from ${sectionVersions} v
        where v.workspace_id = ${scope.workspaceId}
          and v.section_id::text = lower(e.entry->>'section')
          and v.name = e.entry->>'heading'
          and v.system_message = e.entry->>'systemPrompt'
          and v.user_message = e.entry->>'userPrompt'
          and v.model::text = lower(e.entry->>'model')
          and v.temperature = (e.entry->>'temperature')::double precision
          and v.logit_bias_group::text is not distinct from lower(e.entry->>'logit_bias_group')
          and v.reasoning_effort is not distinct from (e.entry->>'reasoning_effort')
          and v.examples_model::text is not distinct from lower(e.entry->>'examples_model')
          and v.examples_count = coalesce((e.entry->>'examples_count')::int, ${EXAMPLES_COUNT.default})
      ) as version
      from jsonb_array_elements(${JSON.stringify(entries)}::jsonb) with ordinality as e(entry, ord)
      order by e.ord`);
    const rows = (result as unknown as { rows: { ord: string | number; version: string | number | null }[] }).rows;
    const byOrd = new Map(rows.map((r) => [Number(r.ord), r.version === null ? null : Number(r.version)]));
    return entries.map((_, index) => byOrd.get(index + 1) ?? null);
  }
}
