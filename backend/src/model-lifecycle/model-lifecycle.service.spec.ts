import { BadRequestException, NotFoundException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { ArticlesRepository } from '../articles/articles.repository';
import { ModelLineupService } from '../models/model-lineup.service';
import { ModelsRepository } from '../models/models.repository';
import { ModelsService } from '../models/models.service';
import { SectionsRepository } from '../sections/sections.repository';
import { ModelLifecycleRepository } from './model-lifecycle.repository';
import { ModelLifecycleService, SHUTDOWN_NOTICE_DAYS } from './model-lifecycle.service';

const TODAY = new Date('2026-01-01T12:00:00Z');
const day = (offset: number) => new Date(TODAY.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

const model = (id: string, name = id) => ({ id, name, baseModel: `gpt-${id}`, outputModel: null, connectionId: null });

describe(ModelLifecycleService.name, () => {
  /** `lives` are each model's shutdown date (or 'gone'); every model given is used by one section. */
  async function build(lives: Record<string, string | 'gone' | null> = {}) {
    const built = await buildService(ModelLifecycleService, {
      models: ModelsRepository,
      modelsService: ModelsService,
      lineups: ModelLineupService,
      sections: SectionsRepository,
      articles: ArticlesRepository,
      lifecycle: ModelLifecycleRepository,
    });
    const ids = Object.keys(lives);
    built.sections.countByModel.mockResolvedValue(new Map(ids.map((id) => [id, 1])));
    built.articles.countByModel.mockResolvedValue(new Map());
    built.models.openAiModels.mockImplementation(async (_scope, used) => used.map((id) => model(id)));
    built.lineups.forWorkspace.mockResolvedValue({ unknown: null });
    built.lineups.lifeOfModel.mockImplementation((m) => {
      const life = lives[m.baseModel.replace(/^gpt-/, '')];
      return life === 'gone' ? { shutdownDate: null, gone: true } : { shutdownDate: life ?? null, gone: false };
    });
    built.modelsService.requireOwned.mockResolvedValue(model('old') as never);
    built.models.ownedIds.mockImplementation(async (_scope, asked) => new Set(asked.filter((id) => id === 'new')));
    built.lifecycle.replace.mockResolvedValue({ sections: 2, articles: 1 });
    return built;
  }

  describe('shutdowns', () => {
    it("should leave out a model on another provider: OpenAI's lineup does not speak of it", async () => {
      const { sut, models } = await build({ gone: 'gone' });
      models.openAiModels.mockResolvedValue([{ ...model('gone'), baseModel: 'claude-sonnet-4-6', connectionId: 'provider-1' }]);

      expect(await sut.shutdowns(SCOPE)).toEqual([]);
    });

    it('should list a model that stops within the notice period', async () => {
      const { sut } = await build({ soon: day(SHUTDOWN_NOTICE_DAYS) });

      expect((await sut.shutdowns(SCOPE, TODAY)).map((row) => row._id)).toEqual(['soon']);
    });

    it('should leave out a model that stops after the notice period', async () => {
      const { sut } = await build({ later: day(SHUTDOWN_NOTICE_DAYS + 1) });

      expect(await sut.shutdowns(SCOPE, TODAY)).toEqual([]);
    });

    it('should leave out a model with no shutdown date', async () => {
      const { sut } = await build({ lasting: null });

      expect(await sut.shutdowns(SCOPE, TODAY)).toEqual([]);
    });

    it('should mark a model gone from OpenAI as shut down', async () => {
      const { sut } = await build({ gone: 'gone' });

      expect(await sut.shutdowns(SCOPE, TODAY)).toMatchObject([{ _id: 'gone', shut_down: true }]);
    });

    it('should mark a model whose shutdown date has come as shut down', async () => {
      const { sut } = await build({ today: day(0) });

      expect(await sut.shutdowns(SCOPE, TODAY)).toMatchObject([{ _id: 'today', shut_down: true }]);
    });

    it('should put stopped models first, then the soonest to stop', async () => {
      const { sut } = await build({ late: day(50), soon: day(10), stopped: day(-1) });

      expect((await sut.shutdowns(SCOPE, TODAY)).map((row) => row._id)).toEqual(['stopped', 'soon', 'late']);
    });

    it('should ask nothing of OpenAI when no model is in use', async () => {
      const { sut, lineups } = await build();

      expect(await sut.shutdowns(SCOPE, TODAY)).toEqual([]);
      expect(lineups.forWorkspace).not.toHaveBeenCalled();
    });
  });

  describe('replace', () => {
    it('should answer 404 for a model that is not the workspace’s, changing nothing', async () => {
      const { sut, modelsService, lifecycle } = await build();
      modelsService.requireOwned.mockRejectedValue(new NotFoundException('Model not found.'));

      await expect(sut.replace(SCOPE, 'old', 'new')).rejects.toBeInstanceOf(NotFoundException);
      expect(lifecycle.replace).not.toHaveBeenCalled();
    });

    it('should refuse the model itself as its replacement, changing nothing', async () => {
      const { sut, lifecycle } = await build();

      await expect(sut.replace(SCOPE, 'old', 'OLD')).rejects.toBeInstanceOf(BadRequestException);
      expect(lifecycle.replace).not.toHaveBeenCalled();
    });

    it('should refuse a replacement that is not the workspace’s, changing nothing', async () => {
      const { sut, lifecycle } = await build();

      await expect(sut.replace(SCOPE, 'old', 'other')).rejects.toBeInstanceOf(BadRequestException);
      expect(lifecycle.replace).not.toHaveBeenCalled();
    });

    it('should replace in one step, the replacement’s id in lower case', async () => {
      const { sut, lifecycle } = await build();

      await sut.replace(SCOPE, 'old', 'NEW');

      expect(lifecycle.replace).toHaveBeenCalledWith(SCOPE, 'old', 'new');
    });

    it('should answer how many sections and articles moved', async () => {
      const { sut } = await build();

      expect(await sut.replace(SCOPE, 'old', 'new')).toEqual({ sections: 2, articles: 1 });
    });
  });
});
