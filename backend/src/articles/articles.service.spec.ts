import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { ModelsRepository } from '../models/models.repository';
import { SectionsRepository } from '../sections/sections.repository';
import { SectionVersionsRepository } from '../sections/section-versions.repository';
import { SectionRow } from '../sections/sections.schema';
import { ownedBy } from '../workspaces/scope';
import { ArticleSectionDto } from './articles.dto';
import { ArticlesRepository } from './articles.repository';
import { SectionSnapshot } from '../sections/sections.schema';
import { ArticleRow } from './articles.schema';
import { ArticlesService } from './articles.service';
import { isUnchanged } from '../common/unchanged';

const SECTION = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const MODEL = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const SECTION_GROUP = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const SAVED_GROUP = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const OTHER_GROUP = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

const entry = (overrides: Partial<ArticleSectionDto> = {}): ArticleSectionDto => ({
  section: SECTION,
  heading: 'Intro',
  systemPrompt: 'Be brief.',
  userPrompt: 'Introduce {{title}}.',
  model: MODEL,
  temperature: 0.5,
  ...overrides,
});

const snapshot = (overrides: Partial<SectionSnapshot> = {}): SectionSnapshot => ({
  ...entry(),
  logit_bias_group: SAVED_GROUP,
  reasoning_effort: null,
  examples_model: null,
  examples_count: 3,
  ...overrides,
});

/** An entry as answered: the snapshot, the version it was recorded at and the section's newest. */
const answered = (overrides: Partial<SectionSnapshot> = {}, latest: number | null = null) => ({
  section_version: null,
  ...snapshot(overrides),
  latest_version: latest,
});

const articleRow = (overrides: Partial<ArticleRow> = {}): ArticleRow => ({
  id: 'article-1',
  ...ownedBy(SCOPE),
  articleTitle: 'Review',
  bulk: false,
  articleType: 'review',
  notes: '',
  sections: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

describe(ArticlesService.name, () => {
  async function build({ ownedSections = [SECTION], ownedModels = [MODEL] } = {}) {
    const built = await buildService(ArticlesService, {
      articles: ArticlesRepository,
      sections: SectionsRepository,
      versions: SectionVersionsRepository,
      models: ModelsRepository,
      biasGroups: LogitBiasGroupsRepository,
    });
    built.sections.findManyOwned.mockImplementation(async (_user, ids) =>
      ids.filter((id) => ownedSections.includes(id)).map((id) => ({ id, logitBiasGroup: SECTION_GROUP }) as SectionRow),
    );
    built.versions.matching.mockImplementation(async (_user, entries) => entries.map(() => null));
    built.versions.latest.mockResolvedValue(new Map());
    built.models.ownedIds.mockImplementation(async (_user, ids) => new Set(ids.filter((id) => ownedModels.includes(id))));
    built.articles.create.mockImplementation(async (scope, values) => articleRow({ ...ownedBy(scope), ...values }));
    built.articles.update.mockImplementation(async (scope, id, values) => articleRow({ id, ...ownedBy(scope), ...values }));
    built.articles.titleTakenByAnother.mockResolvedValue(false);
    return built;
  }

  describe('create', () => {
    it('should save the entries as snapshots, taking the bias list of the section when none is given', async () => {
      const { sut } = await build();

      const created = await sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry()] });

      expect(created.sections).toEqual([answered({ logit_bias_group: SECTION_GROUP })]);
      expect(created.notes).toBe('');
    });

    it('should keep an explicit null bias list instead of the section’s', async () => {
      const { sut } = await build();

      const created = await sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry({ logit_bias_group: null })] });

      expect(created.sections[0].logit_bias_group).toBeNull();
    });

    it('should record the version each entry equals, whatever the body claims, and answer the section’s newest', async () => {
      const { sut, versions, articles } = await build();
      versions.matching.mockResolvedValue([2, null]);
      versions.latest.mockResolvedValue(new Map([[SECTION, 3]]));

      const created = await sut.create(SCOPE, {
        article_title: 'Review',
        article_type: 'review',
        sections: [entry({ section_version: 3, latest_version: 9 }), entry({ userPrompt: 'Edited here.' })],
      });

      expect(versions.matching).toHaveBeenCalledWith(SCOPE, [
        snapshot({ logit_bias_group: SECTION_GROUP }),
        snapshot({ logit_bias_group: SECTION_GROUP, userPrompt: 'Edited here.' }),
      ]);
      expect(articles.create.mock.calls[0][1].sections.map((s) => s.section_version)).toEqual([2, null]);
      expect(created.sections.map((s) => [s.section_version, s.latest_version])).toEqual([
        [2, 3],
        [null, 3],
      ]);
    });

    it('should answer 409 naming the title when the repository finds it taken', async () => {
      const { sut, articles } = await build();
      articles.create.mockResolvedValue(null);

      await expect(sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry()] })).rejects.toThrow(
        new ConflictException('An article titled "Review" already exists.'),
      );
    });

    it('should refuse, naming the entry’s field, a section that is not the caller’s', async () => {
      const { sut, articles } = await build({ ownedSections: [] });

      const error = await sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry(), entry()] }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toMatchObject({ errors: [{ field: 'sections.0.section', message: 'is not one of your sections' }] });
      expect(articles.create).not.toHaveBeenCalled();
    });

    it('should refuse a model that is not the caller’s', async () => {
      const { sut } = await build({ ownedModels: [] });

      await expect(sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry()] })).rejects.toThrow(
        'sections.0.model is not one of your models',
      );
    });

    it('should refuse a given bias list that is not the caller’s', async () => {
      const { sut, biasGroups, articles } = await build();
      biasGroups.findOwned.mockResolvedValue(null);

      await expect(
        sut.create(SCOPE, { article_title: 'Review', article_type: 'review', sections: [entry({ logit_bias_group: OTHER_GROUP })] }),
      ).rejects.toThrow('sections.0.logit_bias_group is not one of your bias word lists');
      expect(articles.create).not.toHaveBeenCalled();
    });
  });

  describe('update', () => {
    it('should keep the saved bias list of the same section’s k-th entry when the payload omits it', async () => {
      const { sut, articles } = await build();
      articles.findOwned.mockResolvedValue(
        articleRow({ sections: [snapshot({ logit_bias_group: SAVED_GROUP }), snapshot({ logit_bias_group: OTHER_GROUP })] }),
      );

      const updated = await sut.update(SCOPE, 'article-1', { article_title: 'Review', article_type: 'review', sections: [entry(), entry(), entry()] });

      // First and second entries carry over their own saved values; a third has none saved, so it takes the section's.
      expect(updated.sections.map((s) => s.logit_bias_group)).toEqual([SAVED_GROUP, OTHER_GROUP, SECTION_GROUP]);
    });

    it('should keep a saved entry’s null bias list (no list) when the payload omits it, not take the section’s', async () => {
      const { sut, articles } = await build();
      articles.findOwned.mockResolvedValue(articleRow({ sections: [snapshot({ logit_bias_group: null })] }));

      const updated = await sut.update(SCOPE, 'article-1', { article_title: 'Review', article_type: 'review', sections: [entry(), entry()] });

      // The saved entry had none and keeps none; the entry new to the article takes its section's.
      expect(updated.sections.map((s) => s.logit_bias_group)).toEqual([null, SECTION_GROUP]);
    });

    it('should keep a since-deleted section and model the saved article already holds', async () => {
      const { sut, articles } = await build({ ownedSections: [], ownedModels: [] });
      articles.findOwned.mockResolvedValue(articleRow({ sections: [snapshot()] }));

      const updated = await sut.update(SCOPE, 'article-1', { article_title: 'Review', article_type: 'review', sections: [entry({ heading: 'New heading' })] });

      expect(updated.sections).toEqual([answered({ heading: 'New heading' })]);
    });

    it('should refuse a since-deleted model the saved entry does not hold', async () => {
      const other = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
      const { sut, articles } = await build({ ownedModels: [] });
      articles.findOwned.mockResolvedValue(articleRow({ sections: [snapshot()] }));

      await expect(sut.update(SCOPE, 'article-1', { article_title: 'Review', article_type: 'review', sections: [entry({ model: other })] })).rejects.toThrow(
        'sections.0.model is not one of your models',
      );
      expect(articles.update).not.toHaveBeenCalled();
    });

    it('should answer 409 when another of the caller’s articles has the title', async () => {
      const { sut, articles } = await build();
      articles.findOwned.mockResolvedValue(articleRow());
      articles.titleTakenByAnother.mockResolvedValue(true);

      await expect(sut.update(SCOPE, 'article-1', { article_title: 'Guide', article_type: 'review', sections: [entry()] })).rejects.toThrow(
        new ConflictException('An article titled "Guide" already exists.'),
      );
      expect(articles.update).not.toHaveBeenCalled();
    });

    it('should write nothing for {} or the saved values again, and answer the saved article as unchanged', async () => {
      const { sut, articles } = await build();
      articles.findOwned.mockResolvedValue(articleRow({ notes: 'Kept', sections: [snapshot({ section_version: null })] }));

      const answers = [await sut.update(SCOPE, 'article-1', {}), await sut.update(SCOPE, 'article-1', { notes: 'Kept', sections: [entry()] })];

      expect(articles.update).not.toHaveBeenCalled();
      for (const answer of answers) {
        expect(isUnchanged(answer)).toBe(true);
        expect(answer).toMatchObject({ notes: 'Kept', updated_at: new Date(0) });
      }
      expect(isUnchanged(await sut.update(SCOPE, 'article-1', { notes: 'Edited' }))).toBe(false);
      expect(articles.update).toHaveBeenCalledTimes(1);
    });

    it('should answer 404 when the article is not the caller’s', async () => {
      const { sut, articles } = await build();
      articles.findOwned.mockResolvedValue(null);

      await expect(sut.update(SCOPE, 'article-1', { article_title: 'Review', article_type: 'review', sections: [] })).rejects.toThrow(
        new NotFoundException('Article not found.'),
      );
    });
  });
});
