import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { storableText } from '../common/storable-text';
import { DatabaseService } from '../database/database.service';
import { LeasedRows } from '../jobs/leased-rows';
import { evaluationItems, EvaluationItemRow, evaluationOutputs, EvaluationOutputRow, EvaluationRow, evaluations } from './evaluations.schema';

export const EVALUATION_SORTABLE = ['created_at', 'status', 'model_name'] as const;
export const EVALUATION_FILTERABLE = { q: 'search', id: 'uuid', modelId: 'uuid', status: 'text' } as const satisfies Filterable;

const columns = {
  id: evaluations.id,
  created_at: evaluations.createdAt,
  status: evaluations.status,
  model_name: evaluations.modelName,
  modelId: evaluations.modelId,
};

export type NewEvaluation = Pick<typeof evaluations.$inferInsert, 'modelId' | 'modelName' | 'holdout' | 'variants'> & { scope: Scope };
export type NewItem = Pick<typeof evaluationItems.$inferInsert, 'position' | 'exampleUuid' | 'system' | 'prompt' | 'original' | 'pair'>;
export type NewOutput = Omit<typeof evaluationOutputs.$inferInsert, 'id' | 'createdAt' | 'similarity'>;

/** What an evaluation's summary needs of an item: its pair and judgment, not its texts. */
export type JudgedItemRow = Pick<EvaluationItemRow, 'id' | 'evaluationId' | 'pair' | 'winner'>;
/** What an evaluation's summary needs of an output: its scores and tokens, not its text. */
export type ScoredOutputRow = Omit<EvaluationOutputRow, 'text' | 'examples'>;

/** Evaluations, their held-out items and the outputs written for them; the lease queries are LeasedRows'. */
@Injectable()
export class EvaluationsRepository extends LeasedRows<typeof evaluations, EvaluationRow> {
  constructor(private readonly databaseService: DatabaseService) {
    super(databaseService, evaluations);
  }

  private get db() {
    return this.databaseService.db;
  }

  /** The evaluation with its items, at once: it is never seen without them. */
  async create({ scope, ...values }: NewEvaluation, items: NewItem[]): Promise<EvaluationRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(evaluations)
        .values({ ...values, ...ownedBy(scope), status: 'queued' })
        .returning();
      await tx.insert(evaluationItems).values(items.map((item) => ({ ...item, evaluationId: row.id })));
      return row;
    });
  }

  /** Newest first unless sorted otherwise. */
  list(scope: Scope, query: ListQuery): Promise<Page<EvaluationRow>> {
    const { where, orderBy } = listClauses(query, columns, {
      orderBy: sql`${evaluations.createdAt} desc, ${evaluations.id} desc`,
      search: evaluations.modelName,
    });
    const condition = whereAll([eq(evaluations.workspaceId, scope.workspaceId), ...where]);
    return readPage(
      query,
      (offset, limit) =>
        this.db
          .select()
          .from(evaluations)
          .where(condition)
          .orderBy(...orderBy)
          .offset(offset)
          .limit(limit),
      async () => (await this.db.select({ total: count() }).from(evaluations).where(condition))[0].total,
    );
  }

  async findOwned(scope: Scope, id: string): Promise<EvaluationRow | null> {
    const [row] = await this.db
      .select()
      .from(evaluations)
      .where(and(eq(evaluations.workspaceId, scope.workspaceId), eq(evaluations.id, id)))
      .limit(1);
    return row ?? null;
  }

  /** The items of some evaluations, in order. */
  items(evaluationIds: string[]): Promise<EvaluationItemRow[]> {
    if (evaluationIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(evaluationItems)
      .where(inArray(evaluationItems.evaluationId, evaluationIds))
      .orderBy(asc(evaluationItems.evaluationId), asc(evaluationItems.position));
  }

  /** The judgments of some evaluations' items, without the items' texts: what their summaries need. */
  judgedItems(evaluationIds: string[]): Promise<JudgedItemRow[]> {
    if (evaluationIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: evaluationItems.id, evaluationId: evaluationItems.evaluationId, pair: evaluationItems.pair, winner: evaluationItems.winner })
      .from(evaluationItems)
      .where(inArray(evaluationItems.evaluationId, evaluationIds))
      .orderBy(asc(evaluationItems.evaluationId), asc(evaluationItems.position));
  }

  /** The scores and tokens of the outputs written for some items, without their texts: what their evaluations' summaries need. */
  scoredOutputs(itemIds: string[]): Promise<ScoredOutputRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    const { text: _text, examples: _examples, ...scored } = getTableColumns(evaluationOutputs);
    // In the order the full outputs are read, so a summary sums them alike.
    return this.db.select(scored).from(evaluationOutputs).where(inArray(evaluationOutputs.itemId, itemIds)).orderBy(asc(evaluationOutputs.createdAt));
  }

  outputs(itemIds: string[]): Promise<EvaluationOutputRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(evaluationOutputs).where(inArray(evaluationOutputs.itemId, itemIds)).orderBy(asc(evaluationOutputs.createdAt));
  }

  /** Kept as soon as OpenAI answers (paid once); a second save of the same item and variant changes nothing. */
  async saveOutput(values: NewOutput): Promise<void> {
    await this.db
      .insert(evaluationOutputs)
      .values({ ...values, text: storableText(values.text) })
      .onConflictDoNothing();
  }

  async score(outputId: string, similarity: number): Promise<void> {
    await this.db.update(evaluationOutputs).set({ similarity }).where(eq(evaluationOutputs.id, outputId));
  }

  /** The item's judgment (a later one replaces it); false when the item is not the evaluation's. */
  async judge(evaluationId: string, itemId: string, winner: string): Promise<boolean> {
    const rows = await this.db
      .update(evaluationItems)
      .set({ winner, judgedAt: new Date() })
      .where(and(eq(evaluationItems.evaluationId, evaluationId), eq(evaluationItems.id, itemId)))
      .returning({ id: evaluationItems.id });
    return rows.length > 0;
  }
}
