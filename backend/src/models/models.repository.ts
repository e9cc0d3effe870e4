import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { FineTuneStatus } from './model-eligibility';
import { ChatMessage, ModelExampleRow, modelExamples, ModelRow, models } from './models.schema';

export interface ModelWithState extends ModelRow {
  exampleCount: number;
  latestJobStatus: FineTuneStatus | null;
}

export const MODEL_SORTABLE = ['name', 'base_model', 'output_model', 'date_created', 'date_tuned', 'tokens'] as const;
export const MODEL_FILTERABLE = { q: 'search', id: 'uuid', base_model: 'text' } as const satisfies Filterable;

const columns = {
  id: models.id,
  name: models.name,
  base_model: models.baseModel,
  output_model: models.outputModel,
  date_created: models.dateCreated,
  date_tuned: models.dateTuned,
  tokens: models.tokens,
};

// Written out in SQL: drizzle leaves columns unqualified in single-table selects, and these
// correlated subqueries must name the outer "models" row explicitly.
const exampleCount = sql<number>`(select count(*)::int from model_examples e where e.model_id = "models"."id")`;
const latestJobStatus = sql<FineTuneStatus | null>`(select j.status from fine_tune_jobs j where j.model_id = "models"."id" order by j.created_at desc limit 1)`;

/** An example's columns but its embedding. */
const { embedding: _embedding, embeddedAt: _embeddedAt, ...exampleColumns } = getTableColumns(modelExamples);

@Injectable()
export class ModelsRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  async list(scope: Scope, query: ListQuery): Promise<Page<ModelWithState>> {
    const { where, orderBy } = listClauses(query, columns, { orderBy: sql`${models.dateCreated} desc`, search: models.name });
    const condition = whereAll([eq(models.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      async (offset, limit) => {
        const rows = await this.db
          .select({ model: models, exampleCount, latestJobStatus })
          .from(models)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit);
        return rows.map((r) => ({ ...r.model, exampleCount: r.exampleCount, latestJobStatus: r.latestJobStatus }));
      },
      async () => (await this.db.select({ total: count() }).from(models).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<ModelWithState | null> {
    const [row] = await this.db
      .select({ model: models, exampleCount, latestJobStatus })
      .from(models)
      .where(and(eq(models.workspaceId, scope.workspaceId), eq(models.id, id)))
      .limit(1);
    return row ? { ...row.model, exampleCount: row.exampleCount, latestJobStatus: row.latestJobStatus } : null;
  }

  /** Which of `ids` are the user's models. */
  async ownedIds(scope: Scope, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: models.id })
      .from(models)
      .where(and(eq(models.workspaceId, scope.workspaceId), inArray(models.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The vendors' models behind some of the user's models (their base model, the tuned one, and the provider they are on; null: OpenAI). */
  async openAiModels(
    scope: Scope,
    ids: string[],
  ): Promise<{ id: string; name: string; baseModel: string; outputModel: string | null; connectionId: string | null }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: models.id, name: models.name, baseModel: models.baseModel, outputModel: models.outputModel, connectionId: models.connectionId })
      .from(models)
      .where(and(eq(models.workspaceId, scope.workspaceId), inArray(models.id, ids)));
  }

  /** Null when the user already has a model of that name (names are unique per user, any case). */
  async create({ scope, ...values }: { scope: Scope; name: string; baseModel: string; connectionId: string | null }): Promise<ModelRow | null> {
    const [row] = await this.db
      .insert(models)
      .values({ ...values, ...ownedBy(scope) })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(models).where(eq(models.id, id));
  }

  async examples(modelId: string): Promise<ModelExampleRow[]> {
    return this.db
      .select(exampleColumns)
      .from(modelExamples)
      .where(eq(modelExamples.modelId, modelId))
      .orderBy(asc(modelExamples.createdAt), asc(modelExamples.id));
  }

  /** Null when the model already holds an example with that uuid. */
  async addExample(
    values: {
      modelId: string;
      uuid: string;
      articleUuid: string | null;
      clusterId: number;
      messages: ChatMessage[];
    },
    replace: boolean,
  ): Promise<ModelExampleRow | null> {
    const insert = this.db.insert(modelExamples).values(values);
    const [row] = replace
      ? await insert
          .onConflictDoUpdate({
            target: [modelExamples.modelId, modelExamples.uuid],
            // New messages: the kept embedding is of the old ones.
            set: { articleUuid: values.articleUuid, clusterId: values.clusterId, messages: values.messages, embedding: null, embeddedAt: null },
          })
          .returning(exampleColumns)
      : await insert.onConflictDoNothing().returning(exampleColumns);
    return row ?? null;
  }

  async removeExample(modelId: string, uuid: string): Promise<boolean> {
    const rows = await this.db
      .delete(modelExamples)
      .where(and(eq(modelExamples.modelId, modelId), eq(modelExamples.uuid, uuid)))
      .returning({ id: modelExamples.id });
    return rows.length > 0;
  }
}
