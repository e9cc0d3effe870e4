import type { ArticleRow } from '../articles/articles.schema';
import type { ClientRow } from '../clients/clients.schema';
import { GenerationError } from './generation-error';
import type { GenerationJobRow } from './generation.schema';

/**
 * How the writing keeps an article within the workspace's spending limits, which budgets provide
 * (BudgetsModule): generation names what it needs here and never imports budgets.
 */
export interface ArticleBudget {
  /**
   * Before an article's first section: its estimated cost is reserved against every limit it falls
   * under (the workspace's, its client's, its template's), all in one transaction, so two servers never pass a limit
   * together. Throws BudgetWait when it does not fit. Does nothing for an article that has reserved.
   */
  reserve(job: GenerationJobRow, article: ArticleRow, client: ClientRow | null): Promise<void>;
  /**
   * Before each section after the first: when the article has cost more than it reserved, its next
   * section must still fit in its limits; throws BudgetStop when it does not.
   */
  beforeSection(job: GenerationJobRow, article: ArticleRow, position: number): Promise<void>;
  /**
   * An article of the workspace ended, written or failed: the limits its spend brought to 80 % or
   * 100 % are warned of (once a month), and the articles waiting for room try again (it may have
   * spent less than it held).
   */
  ended(workspaceId: string): Promise<void>;
}

/** The injection token of the ArticleBudget budgets provide. */
export const ARTICLE_BUDGET = Symbol('ArticleBudget');

/** An article that does not fit in a limit now: it waits (its row stays in progress) and History says why. */
export class BudgetWait extends Error {
  constructor(
    message: string,
    /** The client the page names, whose budget the article may wait on (null: none). */
    readonly clientId: string | null,
    /** The template the article is written from, whose budget it may wait on. */
    readonly articleId: string,
    /** When the month turns: the article starts then by itself. */
    readonly until: Date,
  ) {
    super(message);
  }
}

/** An article stopped between sections because the rest would pass a limit (or cannot be priced): it fails keeping what it wrote. */
export class BudgetStop extends GenerationError {}
