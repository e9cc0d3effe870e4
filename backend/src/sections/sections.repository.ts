import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import { DatabaseService, Queries } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { holdsAlready } from '../common/unchanged';
import type { SectionSnapshot } from './sections.schema';
import { SectionRow, sections } from './sections.schema';
import { sectionVersions } from './section-versions.schema';
import { models } from '../models/models.schema';

export const SECTION_SORTABLE = ['name', 'temperature', 'created_at', 'updated_at'] as const;
export const SECTION_FILTERABLE = { q: 'search', id: 'uuid', model: 'uuid', logit_bias_group: 'uuid' } as const satisfies Filterable;

const columns = {
  id: sections.id,
  name: sections.name,
  model: sections.model,
  logit_bias_group: sections.logitBiasGroup,
  temperature: sections.temperature,
  created_at: sections.createdAt,
  updated_at: sections.updatedAt,
};

/** What a section's versions hold: everything an operator sets. */
const VALUE_FIELDS = [
  'name',
  'model',
  'temperature',
  'reasoningEffort',
  'logitBiasGroup',
  'systemMessage',
  'userMessage',
  'examplesModel',
  'examplesCount',
  'notes',
] as const satisfies readonly (keyof SectionRow)[];

export type SectionValues = Pick<SectionRow, (typeof VALUE_FIELDS)[number]>;

/** A section as a template entry holds it (a section tried alone is a template of one). */
export function sectionAsEntry(row: SectionRow): SectionSnapshot {
  return {
    section: row.id,
    heading: row.name,
    systemPrompt: row.systemMessage,
    userPrompt: row.userMessage,
    model: row.model,
    temperature: row.temperature,
    logit_bias_group: row.logitBiasGroup,
    reasoning_effort: row.reasoningEffort,
    examples_model: row.examplesModel,
    examples_count: row.examplesCount,
  };
}

/** The values of a section, or of one of its versions. */
export function valuesOf(row: SectionValues): SectionValues {
  return Object.fromEntries(VALUE_FIELDS.map((field) => [field, row[field]])) as SectionValues;
}

@Injectable()
export class SectionsRepository {
  constructor(private readonly database: DatabaseService) {}

  list(scope: Scope, query: ListQuery): Promise<Page<SectionRow>> {
    const db = this.database.db;
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${sections.createdAt} desc`, search: sections.name });
    const condition = whereAll([eq(sections.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        db
          .select()
          .from(sections)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await db.select({ total: count() }).from(sections).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<SectionRow | null> {
    const [row] = await this.database.db
      .select()
      .from(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), eq(sections.id, id)))
      .limit(1);
    return row ?? null;
  }

  async findManyOwned(scope: Scope, ids: string[]): Promise<SectionRow[]> {
    if (ids.length === 0) return [];
    return this.database.db
      .select()
      .from(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), inArray(sections.id, ids)));
  }

  /** How many of the user's sections write with each of their models. */
  async countByModel(scope: Scope): Promise<Map<string, number>> {
    const rows = await this.database.db
      .select({ model: sections.model, sections: count() })
      .from(sections)
      .where(eq(sections.workspaceId, scope.workspaceId))
      .groupBy(sections.model);
    return new Map(rows.map((row) => [row.model, row.sections]));
  }

  /** The user's sections that write with a model. */
  withModel(scope: Scope, model: string, db: Queries = this.database.db): Promise<SectionRow[]> {
    return db
      .select()
      .from(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), eq(sections.model, model)));
  }

  /** Names that a copy of `base` could collide with: the base itself and "base (n)". */
  /** The workspace's models on a provider, and the sections that write with them, by name (A–Z). */
  async onConnection(scope: Scope, connectionId: string): Promise<{ models: string[]; sections: string[] }> {
    const db = this.database.db;
    const onIt = and(eq(models.workspaceId, scope.workspaceId), eq(models.connectionId, connectionId));
    const [modelRows, sectionRows] = await Promise.all([
      db.select({ name: models.name }).from(models).where(onIt).orderBy(models.name),
      db
        .select({ name: sections.name })
        .from(sections)
        .innerJoin(models, eq(models.id, sections.model))
        .where(and(eq(sections.workspaceId, scope.workspaceId), onIt))
        .orderBy(sections.name),
    ]);
    return { models: modelRows.map((row) => row.name), sections: sectionRows.map((row) => row.name) };
  }

  async namesLike(scope: Scope, base: string): Promise<string[]> {
    const escaped = base.replace(/[%_\\]/g, '\\$&');
    const rows = await this.database.db
      .select({ name: sections.name })
      .from(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), or(eq(sections.name, base), like(sections.name, `${escaped} (%)`))));
    return rows.map((r) => r.name);
  }

  /** A new section at version 1, with that version kept. */
  async create(scope: Scope, values: SectionValues): Promise<SectionRow> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(sections)
        .values({ ...ownedBy(scope), ...values, version: 1 })
        .returning();
      await tx.insert(sectionVersions).values({ ...ownedBy(scope), sectionId: row.id, version: 1, ...values, createdAt: row.updatedAt });
      return row;
    });
  }

  /**
   * The section with `values`, as its next version (kept with it), under the row's lock so two
   * updates at once get two numbers. Values equal to the current ones change nothing and add no
   * version. Null when the section is not the user's. Inside the caller's transaction `db`, a savepoint.
   */
  async update(scope: Scope, id: string, values: SectionValues, db: Queries = this.database.db): Promise<SectionRow | null> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(sections)
        .where(and(eq(sections.workspaceId, scope.workspaceId), eq(sections.id, id)))
        .for('update');
      if (!current) return null;
      // Checked again under the lock: a write that changes nothing is no new version.
      if (holdsAlready(current, values)) return current;
      const [row] = await tx
        .update(sections)
        .set({ ...values, version: current.version + 1, updatedAt: new Date() })
        .where(eq(sections.id, id))
        .returning();
      await tx.insert(sectionVersions).values({ ...ownedBy(scope), sectionId: id, version: row.version, ...values, createdAt: row.updatedAt });
      return row;
    });
  }

  /** The section goes; its versions stay, for the articles that snapshotted it. */
  async delete(scope: Scope, id: string): Promise<SectionRow | null> {
    const [row] = await this.database.db
      .delete(sections)
      .where(and(eq(sections.workspaceId, scope.workspaceId), eq(sections.id, id)))
      .returning();
    return row ?? null;
  }
}
