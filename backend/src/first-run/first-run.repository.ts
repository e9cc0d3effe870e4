import { Injectable } from '@nestjs/common';
import { asc, eq, sql } from 'drizzle-orm';
import { articles } from '../articles/articles.schema';
import { modelConnections } from '../connections/connections.schema';
import { DatabaseService } from '../database/database.service';
import { generationJobs } from '../generation/generation.schema';
import { sections } from '../sections/sections.schema';
import { Scope } from '../workspaces/scope';

/** What a workspace holds, as far as its first article needs it. */
export interface FirstRunRecords {
  /** A model provider beside OpenAI. */
  providers: boolean;
  sections: boolean;
  /** A Notion row was ever claimed (its status has since left the start value). */
  claimed: boolean;
  /** An article was written to the end. */
  written: boolean;
  /** The newest failed article's message, when none was written. */
  lastFailure: string | null;
}

/** The first-run checklist's reads: whether each kind of record exists, in one statement, and the templates' titles and types. */
@Injectable()
export class FirstRunRepository {
  constructor(private readonly database: DatabaseService) {}

  async records(scope: Scope): Promise<FirstRunRecords> {
    const workspace = scope.workspaceId;
    const result = await this.database.db.execute(sql`
      select exists (select 1 from ${modelConnections} where workspace_id = ${workspace}) as providers,
             exists (select 1 from ${sections} where workspace_id = ${workspace}) as sections,
             exists (select 1 from ${generationJobs} where workspace_id = ${workspace}) as claimed,
             exists (select 1 from ${generationJobs} where workspace_id = ${workspace} and status = 'completed') as written,
             (select message from ${generationJobs} where workspace_id = ${workspace} and status = 'failed'
               order by "timestamp" desc limit 1) as last_failure`);
    const [row] = (result as unknown as { rows: { providers: boolean; sections: boolean; claimed: boolean; written: boolean; last_failure: string | null }[] })
      .rows;
    return { providers: row.providers, sections: row.sections, claimed: row.claimed, written: row.written, lastFailure: row.written ? null : row.last_failure };
  }

  /** Every template's title and type, by title. */
  templates(scope: Scope): Promise<{ title: string; type: string }[]> {
    return this.database.db
      .select({ title: articles.articleTitle, type: articles.articleType })
      .from(articles)
      .where(eq(articles.workspaceId, scope.workspaceId))
      .orderBy(asc(articles.articleTitle));
  }
}
