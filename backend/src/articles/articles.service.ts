import { Scope } from '../workspaces/scope';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { holdsAlready, unchanged } from '../common/unchanged';
import { notYours } from '../common/validation';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { ModelsRepository } from '../models/models.repository';
import { SectionsRepository } from '../sections/sections.repository';
import { SectionVersionsRepository } from '../sections/section-versions.repository';
import { ArticleDto, ArticleResponse, ArticleSectionDto, toArticleResponse } from './articles.dto';
import { ArticleValues, ArticlesRepository } from './articles.repository';
import { SectionSnapshot } from '../sections/sections.schema';
import { ArticleRow } from './articles.schema';
import { EXAMPLES_COUNT } from '@quire/shared';

/** Article templates: ordered snapshots of the user's sections. */
@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly sections: SectionsRepository,
    private readonly versions: SectionVersionsRepository,
    private readonly models: ModelsRepository,
    private readonly biasGroups: LogitBiasGroupsRepository,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<ArticleResponse>> {
    const page = await this.articles.list(scope, query);
    return { ...page, rows: await this.respond(scope, page.rows) };
  }

  async get(scope: Scope, id: string): Promise<ArticleResponse> {
    return (await this.respond(scope, [await this.require(scope, id)]))[0];
  }

  async create(scope: Scope, dto: ArticleDto): Promise<ArticleResponse> {
    const values = {
      articleTitle: dto.article_title,
      articleType: dto.article_type,
      notes: dto.notes ?? '',
      bulk: dto.bulk ?? false,
      sections: await this.snapshots(scope, dto.sections, []),
    };
    const row = await this.articles.create(scope, values);
    if (!row) throw this.titleTaken(dto.article_title);
    return (await this.respond(scope, [row]))[0];
  }

  /**
   * The fields given replace the saved ones; those left out keep their values (without `sections`
   * the entries stay as saved). The dashboard's update payload omits each section's bias group: the saved one is kept.
   * Values equal to the saved ones (`{}` included) write nothing.
   */
  async update(scope: Scope, id: string, dto: Partial<ArticleDto>): Promise<ArticleResponse> {
    const existing = await this.require(scope, id);
    if (dto.article_title !== undefined && (await this.articles.titleTakenByAnother(scope, dto.article_title, id))) {
      throw this.titleTaken(dto.article_title);
    }
    const values: ArticleValues = {
      articleTitle: dto.article_title ?? existing.articleTitle,
      articleType: dto.article_type ?? existing.articleType,
      notes: dto.notes ?? existing.notes,
      bulk: dto.bulk ?? existing.bulk,
      sections: dto.sections ? await this.snapshots(scope, dto.sections, existing.sections) : existing.sections,
    };
    if (holdsAlready(existing, values)) return unchanged((await this.respond(scope, [existing]))[0]);
    const row = await this.articles.update(scope, id, values);
    if (!row) throw new NotFoundException('Article not found.');
    return (await this.respond(scope, [row]))[0];
  }

  async remove(scope: Scope, id: string): Promise<ArticleResponse> {
    const row = await this.articles.delete(scope, id);
    if (!row) throw new NotFoundException('Article not found.');
    return (await this.respond(scope, [row]))[0];
  }

  async require(scope: Scope, id: string) {
    const row = await this.articles.findOwned(scope, id);
    if (!row) throw new NotFoundException('Article not found.');
    return row;
  }

  /** The articles as answered, each entry with its section's newest version (null once the section is deleted). */
  private async respond(scope: Scope, rows: ArticleRow[]): Promise<ArticleResponse[]> {
    const latest = await this.versions.latest(scope, [...new Set(rows.flatMap((row) => row.sections.map((entry) => entry.section.toLowerCase())))]);
    return rows.map((row) => toArticleResponse(row, latest));
  }

  private titleTaken(title: string) {
    return new ConflictException(`An article titled "${title}" already exists.`);
  }

  /**
   * Each entry must come from one of the user's sections and name one of their models (or keep
   * what the saved article already holds, so a since-deleted section or model does not block
   * editing). A missing bias group is taken from the same section's k-th entry in the saved
   * article (its null included: an entry saved with no list keeps none), else, for an entry new to
   * the article, from the section itself; a given one (null: no list) must be one of the user's lists.
   * The reasoning effort and the example set and count are taken the same way (a given example set
   * other than the saved one must be one of the user's models). Each entry's `section_version` is
   * the newest version of its section that the entry equals.
   */
  private async snapshots(scope: Scope, entries: ArticleSectionDto[], saved: SectionSnapshot[]): Promise<SectionSnapshot[]> {
    const owned = new Map((await this.sections.findManyOwned(scope, [...new Set(entries.map((s) => s.section))])).map((s) => [s.id, s]));
    const ownedModels = await this.models.ownedIds(scope, [...new Set(entries.map((s) => s.model))]);
    const savedBySection = new Map<string, SectionSnapshot[]>();
    for (const snapshot of saved) savedBySection.set(snapshot.section, [...(savedBySection.get(snapshot.section) ?? []), snapshot]);
    const seen = new Map<string, number>();

    const snapshots: SectionSnapshot[] = [];
    for (const [index, entry] of entries.entries()) {
      const occurrence = seen.get(entry.section) ?? 0;
      seen.set(entry.section, occurrence + 1);
      const previous = savedBySection.get(entry.section)?.[occurrence];
      const section = owned.get(entry.section);
      if (!section && !savedBySection.has(entry.section)) throw notYours(`sections.${index}.section`, 'sections');
      if (!ownedModels.has(entry.model) && previous?.model !== entry.model) throw notYours(`sections.${index}.model`, 'models');
      // Left out, a setting keeps the saved entry's (even none: null); only an entry new to the article takes its section's.
      const inherited = <K extends keyof SectionSnapshot>(
        given: SectionSnapshot[K] | undefined,
        key: K,
        fromSection: SectionSnapshot[K],
      ): SectionSnapshot[K] => (given !== undefined ? given : previous ? previous[key] : fromSection);
      const group = inherited(entry.logit_bias_group, 'logit_bias_group', section?.logitBiasGroup ?? null) ?? null;
      if (group && entry.logit_bias_group !== undefined && !(await this.biasGroups.findOwned(scope, group))) {
        throw notYours(`sections.${index}.logit_bias_group`, 'bias word lists');
      }
      const examplesModel = inherited(entry.examples_model?.toLowerCase() ?? entry.examples_model, 'examples_model', section?.examplesModel ?? null) ?? null;
      if (
        examplesModel &&
        entry.examples_model &&
        previous?.examples_model !== examplesModel &&
        !(await this.models.ownedIds(scope, [examplesModel])).has(examplesModel)
      ) {
        throw notYours(`sections.${index}.examples_model`, 'models');
      }
      snapshots.push({
        section: entry.section,
        heading: entry.heading,
        systemPrompt: entry.systemPrompt,
        userPrompt: entry.userPrompt,
        model: entry.model,
        temperature: entry.temperature,
        logit_bias_group: group,
        reasoning_effort: inherited(entry.reasoning_effort, 'reasoning_effort', section?.reasoningEffort ?? null) ?? null,
        examples_model: examplesModel,
        examples_count: inherited(entry.examples_count, 'examples_count', section?.examplesCount ?? EXAMPLES_COUNT.default) ?? EXAMPLES_COUNT.default,
      });
    }
    // Each entry records the newest version of its section it equals (whatever section_version the body claimed).
    const versions = await this.versions.matching(scope, snapshots);
    return snapshots.map((snapshot, index) => ({ ...snapshot, section_version: versions[index] }));
  }
}
