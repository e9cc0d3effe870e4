import { Injectable } from '@nestjs/common';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { articles } from '../articles/articles.schema';
import { clients } from '../clients/clients.schema';
import { models } from '../models/models.schema';
import { DatabaseService, Queries } from '../database/database.service';
import { generationJobs, generationSections, generationSpend } from '../generation/generation.schema';
import { ownedBy, Scope } from '../workspaces/scope';
import { BudgetRow, budgets } from './budgets.schema';

/** A limit with what counts against it this month: sections written (their cost) and what open articles hold. */
export interface BudgetSpend {
  budget: BudgetRow;
  clientName: string | null;
  /** The template's title, for a template's limit. */
  articleName: string | null;
  /** What the month's sections cost (the batch price for a batch). */
  spentUsd: number;
  /** What open articles have reserved and not spent yet. */
  heldUsd: number;
  /** Articles waiting for room. */
  waiting: number;
}

/** A limit an article did not fit in: what was spent and held against it already. */
export interface Overrun {
  budget: BudgetRow;
  usedUsd: number;
}

/** Whose limit: the workspace's (neither), a client's or a template's. */
export interface Whose {
  clientId: string | null;
  articleId: string | null;
}

/** Whether a limit covers an article of this client and template: the workspace's covers all. */
export function covers(budget: Whose, article: Whose): boolean {
  return (!budget.clientId || budget.clientId === article.clientId) && (!budget.articleId || budget.articleId === article.articleId);
}

/** covers() in SQL, for the rows (spend or articles) aliased `row` under a limit aliased `b`. */
const underLimit = (row: 's' | 'j') =>
  sql.raw(`(b.client_id is null or ${row}.client_id = b.client_id) and (b.article_id is null or ${row}.article_id = b.article_id)`);

@Injectable()
export class BudgetsRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /** The workspace's limits, its own first, then its clients' and its templates' by name, with what counts against each this month. */
  async list(scope: Scope, month: string): Promise<BudgetSpend[]> {
    const rows = await this.db
      .select({ budget: budgets, clientName: clients.name, articleName: articles.articleTitle })
      .from(budgets)
      .leftJoin(clients, eq(clients.id, budgets.clientId))
      .leftJoin(articles, eq(articles.id, budgets.articleId))
      .where(eq(budgets.workspaceId, scope.workspaceId))
      .orderBy(
        sql`${budgets.clientId} is not null or ${budgets.articleId} is not null`,
        sql`${budgets.articleId} is not null`,
        asc(sql`lower(coalesce(${clients.name}, ${articles.articleTitle}))`),
      );
    if (rows.length === 0) return [];
    // Articles waiting for room, by client and template, counted once for all the limits.
    const waitingRows = await this.db
      .select({ clientId: generationJobs.clientId, articleId: generationJobs.articleId, n: sql<number>`count(*)::int` })
      .from(generationJobs)
      .where(and(eq(generationJobs.workspaceId, scope.workspaceId), eq(generationJobs.budgetWaiting, true), eq(generationJobs.status, 'queued')))
      .groupBy(generationJobs.clientId, generationJobs.articleId);
    const used = await this.used(
      this.db,
      rows.map((row) => row.budget),
      month,
      null,
    );
    return rows.map(({ budget, clientName, articleName }, i) => ({
      budget,
      clientName,
      articleName,
      ...used[i],
      // The workspace's limit covers every article; a client's, the client's; a template's, the template's.
      waiting: waitingRows.filter((w) => covers(budget, w)).reduce((sum, w) => sum + w.n, 0),
    }));
  }

  /**
   * Notes that the limit's spend reached `percent` in `month`; false when that month was warned of
   * it (or of more) already, so that each warning is given once whichever server sees it first.
   */
  async markWarned(id: string, month: string, percent: number): Promise<boolean> {
    const rows = await this.db
      .update(budgets)
      .set({ warnedPercent: percent, warnedMonth: month })
      .where(and(eq(budgets.id, id), or(sql`${budgets.warnedMonth} is distinct from ${month}`, lt(budgets.warnedPercent, percent))))
      .returning({ id: budgets.id });
    return rows.length > 0;
  }

  /** Every workspace's limits with the month's spend against each (the metrics' gauges). */
  async everySpend(month: string): Promise<{ workspaceId: string; clientId: string | null; articleId: string | null; limitUsd: number; spentUsd: number }[]> {
    const result = (await this.db.execute(sql`
      select b.workspace_id as "workspaceId", b.client_id as "clientId", b.article_id as "articleId", b.monthly_limit_usd as "limitUsd",
             (select coalesce(sum(s.cost_usd), 0)::float8 from ${generationSpend} s
               where s.workspace_id = b.workspace_id and s.month = ${month} and ${underLimit('s')}) as "spentUsd"
        from ${budgets} b`)) as unknown as {
      rows: { workspaceId: string; clientId: string | null; articleId: string | null; limitUsd: number; spentUsd: number | string }[];
    };
    return result.rows.map((row) => ({ ...row, limitUsd: Number(row.limitUsd), spentUsd: Number(row.spentUsd) }));
  }

  async find(scope: Scope, id: string): Promise<BudgetRow | null> {
    const [row] = await this.db
      .select()
      .from(budgets)
      .where(and(eq(budgets.workspaceId, scope.workspaceId), eq(budgets.id, id)));
    return row ?? null;
  }

  /**
   * The workspace's limit (no client, no template), a client's or a template's, made, or set to
   * `monthlyLimitUsd` when it exists and `change` says so; answers it and the one there was before (null: none).
   */
  async set(scope: Scope, whose: Whose, monthlyLimitUsd: number, change: boolean): Promise<{ row: BudgetRow; before: BudgetRow | null }> {
    const { clientId, articleId } = whose;
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(budgets)
        .where(
          and(
            eq(budgets.workspaceId, scope.workspaceId),
            clientId ? eq(budgets.clientId, clientId) : isNull(budgets.clientId),
            articleId ? eq(budgets.articleId, articleId) : isNull(budgets.articleId),
          ),
        )
        .for('update');
      if (before && !change) return { row: before, before };
      const [row] = await tx
        .insert(budgets)
        .values({ ...ownedBy(scope), clientId, articleId, monthlyLimitUsd })
        .onConflictDoUpdate({ target: [budgets.workspaceId, budgets.clientId, budgets.articleId], set: { monthlyLimitUsd, updatedAt: new Date() } })
        .returning();
      return { row, before: before ?? null };
    });
  }

  async remove(scope: Scope, id: string): Promise<BudgetRow | null> {
    const [row] = await this.db
      .delete(budgets)
      .where(and(eq(budgets.workspaceId, scope.workspaceId), eq(budgets.id, id)))
      .returning();
    return row ?? null;
  }

  /**
   * Holds `reservedUsd` for the article (what it may cost in all, what it has spent — `spentUsd` — included; null
   * when a section's price is unknown, which no limit can take) if it
   * fits in every limit it falls under — the workspace's, its client's and its template's — else answers the first
   * it would pass. The limits are locked (in one order) while the month's spend is summed and the
   * reservation written, so two servers reserving at once wait for each other and never pass a limit
   * together. `month` is the month's key (`2026-11`).
   */
  async hold(
    job: { id: string; workspaceId: string; spentUsd: number },
    whose: Whose & { articleId: string },
    reservedUsd: number | null,
    month: string,
  ): Promise<Overrun | null> {
    const { clientId, articleId } = whose;
    const covering = and(
      eq(budgets.workspaceId, job.workspaceId),
      or(and(isNull(budgets.clientId), isNull(budgets.articleId)), clientId ? eq(budgets.clientId, clientId) : undefined, eq(budgets.articleId, articleId)),
    );
    const [any] = await this.db.select({ id: budgets.id }).from(budgets).where(covering).limit(1);
    if (!any) {
      // No limit to hold it to: the reservation is noted (what the article may cost), with no lock to take.
      await this.db
        .update(generationJobs)
        .set({ clientId, articleId, reservedUsd: reservedUsd ?? job.spentUsd, budgetWaiting: false })
        .where(eq(generationJobs.id, job.id));
      return null;
    }
    return this.db.transaction(async (tx) => {
      const limits = await tx.select().from(budgets).where(covering).orderBy(asc(budgets.id)).for('update');
      // Only this attempt writes the article's sections: what it has spent is as the caller read it.
      const spentByJob = job.spentUsd;
      const holding = reservedUsd === null ? Number.POSITIVE_INFINITY : Math.max(reservedUsd - spentByJob, 0);
      // Summed in a statement after the lock: its snapshot sees what a server that held the lock before reserved.
      const used = await this.used(tx, limits, month, job.id);
      for (const [i, budget] of limits.entries()) {
        const { spentUsd, heldUsd } = used[i];
        if (spentUsd + heldUsd + holding > budget.monthlyLimitUsd) return { budget, usedUsd: spentUsd + heldUsd };
      }
      // An article that cannot be priced, under no limit, holds nothing beyond what it spent.
      await tx
        .update(generationJobs)
        .set({ clientId, articleId, reservedUsd: reservedUsd ?? spentByJob, budgetWaiting: false })
        .where(eq(generationJobs.id, job.id));
      return null;
    });
  }

  /** What the article's sections have cost so far, and what it reserved (null: not yet). */
  async spentAndReserved(jobId: string): Promise<{ spentUsd: number; reservedUsd: number | null; clientId: string | null }> {
    const [job] = await this.db
      .select({ spentUsd: generationJobs.spentUsd, reservedUsd: generationJobs.reservedUsd, clientId: generationJobs.clientId })
      .from(generationJobs)
      .where(eq(generationJobs.id, jobId));
    return { spentUsd: job?.spentUsd ?? 0, reservedUsd: job?.reservedUsd ?? null, clientId: job?.clientId ?? null };
  }

  /**
   * The workspace's models of `ids` as a vendor knows them (the tuned model's name, else the base
   * model's; the provider, null for OpenAI), each with the most it has written in one section as its
   * vendor reported it (null: none yet): one statement, an indexed look-up a model
   * (generation_sections_model_completion_idx).
   */
  async estimatedModels(scope: Scope, ids: string[]): Promise<{ id: string; name: string; connectionId: string | null; mostWritten: number | null }[]> {
    if (ids.length === 0) return [];
    const result = (await this.db.execute(sql`
      select m.id, coalesce(m.output_model, m.base_model) as name, m.connection_id as "connectionId", (
        select s.completion_tokens from ${generationSections} s
         where s.model = coalesce(m.output_model, m.base_model) and s.completion_tokens is not null
         order by s.model desc, s.completion_tokens desc limit 1) as "mostWritten"
        from ${models} m
       where m.workspace_id = ${scope.workspaceId} and m.id in (${sql.join(
         ids.map((id) => sql`${id}::uuid`),
         sql`, `,
       )})`)) as unknown as { rows: { id: string; name: string; connectionId: string | null; mostWritten: number | string | null }[] };
    return result.rows.map((row) => ({ ...row, mostWritten: row.mostWritten === null ? null : Number(row.mostWritten) }));
  }

  /**
   * What counts against each limit in the month, in the limits' order, in one statement: what the
   * articles it covers spent in it (the month's spend rows, added to as each section is saved), and
   * what their open articles (but `except`) hold beyond what they have spent.
   */
  private async used(db: Queries, limits: BudgetRow[], month: string, except: string | null): Promise<{ spentUsd: number; heldUsd: number }[]> {
    if (limits.length === 0) return [];
    const others = except ? sql`and j.id <> ${except}` : sql``;
    const ids = sql.join(
      limits.map((budget) => sql`${budget.id}::uuid`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      select b.id,
        (select coalesce(sum(s.cost_usd), 0)::float8 from ${generationSpend} s
          where s.workspace_id = b.workspace_id and s.month = ${month} and ${underLimit('s')}) as spent,
        (select coalesce(sum(greatest(j.reserved_usd - j.spent_usd, 0)), 0)::float8 from ${generationJobs} j
          -- An open article (queued or running) holds what it reserved beyond what it spent, until it ends.
          where j.status in ('queued', 'running') and j.workspace_id = b.workspace_id and ${underLimit('j')}
            and j.reserved_usd is not null ${others}) as held
        from ${budgets} b where b.id in (${ids})`)) as unknown as { rows: { id: string; spent: number | string; held: number | string }[] };
    const byId = new Map(result.rows.map((row) => [row.id, { spentUsd: Number(row.spent), heldUsd: Number(row.held) }]));
    return limits.map((budget) => byId.get(budget.id) ?? { spentUsd: 0, heldUsd: 0 });
  }
}
