import { ownedBy, Scope } from '../workspaces/scope';
import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Filterable, listClauses, ListQuery, Page, readPage, whereAll } from '../common/list-query';
import { storableText } from '../common/storable-text';
import { DatabaseService } from '../database/database.service';
import { LeasedRows } from '../jobs/leased-rows';
import { OutputTotals, PairJudgments } from './evaluation-plan';
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

/** What an evaluation's summary, verdict, progress and cost are computed from (`scores`). */
export interface EvaluationScores {
  judgments: PairJudgments[];
  outputs: (OutputTotals & { model: string; cachedTokens: number })[];
}

/**
 * A sum of floats as numeric: the same whatever order the rows come in (a float sum's last digits
 * depend on it), so the list and an evaluation's page answer the same means.
 */
const exactSum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}::numeric), 0)`.mapWith(Number);
const sumOf = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

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

  outputs(itemIds: string[]): Promise<EvaluationOutputRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(evaluationOutputs).where(inArray(evaluationOutputs.itemId, itemIds)).orderBy(asc(evaluationOutputs.createdAt));
  }

  /**
   * What the summaries of some evaluations are computed from, without a text: each one's items
   * counted by pair and judgment, and its outputs summed per variant and model. Every evaluation
   * asked is in the map. Summed here, a page of 25 evaluations is a few rows rather than a row per
   * output (2,500 and more, which the embedded database takes ~30 ms to hand over).
   */
  async scores(evaluationIds: string[]): Promise<Map<string, EvaluationScores>> {
    const scores = new Map(evaluationIds.map((id): [string, EvaluationScores] => [id, { judgments: [], outputs: [] }]));
    if (evaluationIds.length === 0) return scores;
    const theirs = inArray(evaluationItems.evaluationId, evaluationIds);
    const judgments = await this.db
      .select({ evaluationId: evaluationItems.evaluationId, pair: evaluationItems.pair, winner: evaluationItems.winner, items: count() })
      .from(evaluationItems)
      .where(theirs)
      .groupBy(evaluationItems.evaluationId, evaluationItems.pair, evaluationItems.winner);
    // The outputs of the items' ids, looked up by index: joined on the evaluation, the planner
    // reads the whole table of outputs instead (70 ms of 40,000 on the embedded database).
    const itemIds = this.db.select({ id: evaluationItems.id }).from(evaluationItems).where(theirs);
    const outputs = await this.db
      .select({
        evaluationId: evaluationItems.evaluationId,
        label: evaluationOutputs.label,
        model: evaluationOutputs.model,
        outputs: count(),
        scored: count(evaluationOutputs.similarity),
        similaritySum: exactSum(evaluationOutputs.similarity),
        rougeLSum: exactSum(evaluationOutputs.rougeL),
        promptTokens: sumOf(evaluationOutputs.promptTokens),
        completionTokens: sumOf(evaluationOutputs.completionTokens),
        cachedTokens: sumOf(evaluationOutputs.cachedTokens),
      })
      .from(evaluationOutputs)
      .innerJoin(evaluationItems, eq(evaluationItems.id, evaluationOutputs.itemId))
      .where(sql`${evaluationOutputs.itemId} = any(array(${itemIds}))`)
      .groupBy(evaluationItems.evaluationId, evaluationOutputs.label, evaluationOutputs.model)
      .orderBy(asc(evaluationOutputs.label), asc(evaluationOutputs.model));
    for (const { evaluationId, ...counted } of judgments) scores.get(evaluationId)!.judgments.push(counted);
    for (const { evaluationId, ...summed } of outputs) scores.get(evaluationId)!.outputs.push(summed);
    return scores;
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
