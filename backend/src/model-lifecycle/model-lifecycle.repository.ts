import { Injectable } from '@nestjs/common';
import { ArticlesRepository } from '../articles/articles.repository';
import { DatabaseService } from '../database/database.service';
import { SectionVersionsRepository } from '../sections/section-versions.repository';
import { SectionsRepository, valuesOf } from '../sections/sections.repository';
import { Scope } from '../workspaces/scope';

/** Replacing a model everywhere it writes, as one change. */
@Injectable()
export class ModelLifecycleRepository {
  constructor(
    private readonly database: DatabaseService,
    private readonly sections: SectionsRepository,
    private readonly versions: SectionVersionsRepository,
    private readonly articles: ArticlesRepository,
  ) {}

  /**
   * In one transaction, so a failure changes nothing: every section writing with `from` writes with
   * `to` (each a new version), then every article entry writing with `from` writes with `to`, its
   * section version worked out again. The caller checked both models are the user's. Answers how
   * many sections and articles changed.
   */
  replace(scope: Scope, from: string, to: string): Promise<{ sections: number; articles: number }> {
    return this.database.db.transaction(async (tx) => {
      const sections = await this.sections.withModel(scope, from, tx);
      for (const section of sections) await this.sections.update(scope, section.id, valuesOf({ ...section, model: to }), tx);
      const articles = await this.articles.withModel(scope, from, tx);
      for (const row of articles) {
        const moved = row.sections.map((entry) => (entry.model.toLowerCase() === from ? { ...entry, model: to } : entry));
        const versions = await this.versions.matching(scope, moved, tx);
        const entries = moved.map((entry, index) => ({ ...entry, section_version: versions[index] }));
        await this.articles.update(
          scope,
          row.id,
          { articleTitle: row.articleTitle, articleType: row.articleType, notes: row.notes, bulk: row.bulk, sections: entries },
          tx,
        );
      }
      return { sections: sections.length, articles: articles.length };
    });
  }
}
