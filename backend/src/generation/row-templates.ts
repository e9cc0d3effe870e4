import { Injectable } from '@nestjs/common';
import { ArticlesRepository } from '../articles/articles.repository';
import { ArticleRow } from '../articles/articles.schema';
import { NotionClient } from '../integrations/notion/notion.client';
import { pageProperties } from '../integrations/notion/properties';
import { Scope } from '../workspaces/scope';
import { GenerationError } from './generation-error';
import { NotionSettingsReader } from './notion-settings';

/** The template a Notion row names, and the rows waiting at the start value: what an article starts from, and what an estimate reads. */
@Injectable()
export class RowTemplates {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly notionSettings: NotionSettingsReader,
    private readonly notion: NotionClient,
  ) {}

  /**
   * The rows at the start value in Notion now, with their properties as a check would claim them
   * (none is claimed), and the start value's name: what an estimate of writing them reads.
   */
  async rowsToStart(scope: Scope): Promise<{ startValue: string; rows: Record<string, string | null>[] }> {
    const settings = await this.notionSettings.read(scope);
    const startValue = settings.statusConfig.values.start;
    const pages = await this.notion.pagesWithStatus(settings.secret, settings.dataSourceId, settings.status, startValue);
    const reader = this.notion.propertyReader(settings.secret);
    const rows: Record<string, string | null>[] = [];
    for (const page of pages) rows.push(await pageProperties(page, reader));
    return { startValue, rows };
  }

  /** The template a page names (its Article property, else its Type); GenerationError saying what is wrong when none or several fit. */
  async templateFor(scope: Scope, properties: Record<string, string | null>): Promise<ArticleRow> {
    const named = (properties.Article ?? '').trim();
    if (named) {
      const article = await this.articles.findByTitle(scope, named);
      if (!article) throw new GenerationError(`No article template is titled "${named}" (the page's Article property). Create it or fix the property.`);
      return article;
    }
    const type = (properties.Type ?? '').trim();
    if (!type) throw new GenerationError('The page names no template: fill its Article property (a template title) or its Type property (a template type).');
    const matches = await this.articles.findByType(scope, type);
    if (matches.length === 0) throw new GenerationError(`No article template has the type "${type}" (the page's Type property).`);
    if (matches.length > 1) {
      throw new GenerationError(
        `Several article templates have the type "${type}" (${matches.map((a) => a.articleTitle).join(', ')}); name one in the page's Article property.`,
      );
    }
    return matches[0];
  }
}
