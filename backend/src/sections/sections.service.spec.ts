import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { LogitBiasGroupsRepository } from '../logit-bias-groups/logit-bias-groups.repository';
import { ModelLineupService } from '../models/model-lineup.service';
import { ModelsRepository } from '../models/models.repository';
import { ownedBy } from '../workspaces/scope';
import { SectionsRepository } from './sections.repository';
import { SectionVersionsRepository } from './section-versions.repository';
import { SectionRow } from './sections.schema';
import { SectionsService } from './sections.service';
import { isUnchanged } from '../common/unchanged';

const MODEL = '11111111-1111-4111-8111-111111111111';
const GROUP = '22222222-2222-4222-8222-222222222222';

function sectionRow(overrides: Partial<SectionRow> = {}): SectionRow {
  return {
    id: 'section-1',
    ...ownedBy(SCOPE),
    name: 'Intro',
    model: MODEL,
    temperature: 0.7,
    reasoningEffort: null,
    logitBiasGroup: GROUP,
    systemMessage: 'You write intros.',
    userMessage: 'Write about {{title}}.',
    examplesModel: null,
    examplesCount: 3,
    notes: 'keep short',
    version: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

const dto = { name: 'Intro', model: MODEL, temperature: 0.7, logit_bias_group: GROUP, system_message: 'S', user_message: 'U' };

describe(SectionsService.name, () => {
  /** Each answer carries its model's shut-down date from the key's listing: 2027-01-14 here. */
  const build = async () => {
    const built = await buildService(SectionsService, {
      sections: SectionsRepository,
      versions: SectionVersionsRepository,
      models: ModelsRepository,
      biasGroups: LogitBiasGroupsRepository,
      lineups: ModelLineupService,
    });
    built.models.openAiModels.mockImplementation(async (_user, ids) =>
      ids.map((id) => ({ id, name: 'Voice', baseModel: 'gpt-4o', outputModel: null, connectionId: null })),
    );
    built.lineups.forWorkspace.mockResolvedValue({ unknown: null });
    built.lineups.lifeOfModel.mockReturnValue({ shutdownDate: '2027-01-14', gone: false });
    return built;
  };

  describe('copy', () => {
    it('should name the copy with the first free " (n)" of the name without its own " (n)"', async () => {
      const { sut, sections } = await build();
      sections.findOwned.mockResolvedValue(sectionRow({ name: 'Intro (2)' }));
      sections.namesLike.mockResolvedValue(['Intro', 'Intro (1)', 'Intro (2)', 'Intro (4)']);
      sections.create.mockImplementation(async (_user, values) => sectionRow({ id: 'copy', ...values }));

      const copy = await sut.copy(SCOPE, 'section-1');

      expect(sections.namesLike).toHaveBeenCalledWith(SCOPE, 'Intro');
      expect(copy.name).toBe('Intro (3)');
      expect(copy._id).toBe('copy');
    });

    it('should copy every field but the name and the id', async () => {
      const { sut, sections } = await build();
      sections.findOwned.mockResolvedValue(sectionRow());
      sections.namesLike.mockResolvedValue(['Intro']);
      sections.create.mockImplementation(async (_user, values) => sectionRow({ id: 'copy', ...values }));

      await sut.copy(SCOPE, 'section-1');

      const { id, workspaceId, createdBy, createdAt, updatedAt, version, ...copied } = sectionRow();
      expect(sections.create).toHaveBeenCalledWith(SCOPE, { ...copied, name: 'Intro (1)' });
    });

    it('should answer 404 and write nothing when the section is not the caller’s', async () => {
      const { sut, sections } = await build();
      sections.findOwned.mockResolvedValue(null);

      await expect(sut.copy(SCOPE, 'section-1')).rejects.toThrow(new NotFoundException('Section not found.'));
      expect(sections.create).not.toHaveBeenCalled();
    });
  });

  describe('create', () => {
    it('should refuse a model that is not the caller’s, naming the field, before writing', async () => {
      const { sut, sections, models } = await build();
      models.findOwned.mockResolvedValue(null);

      const error = await sut.create(SCOPE, dto).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toEqual({
        message: 'model is not one of your models',
        errors: [{ field: 'model', message: 'is not one of your models' }],
      });
      expect(sections.create).not.toHaveBeenCalled();
    });

    it('should refuse a bias list that is not the caller’s', async () => {
      const { sut, sections, models, biasGroups } = await build();
      models.findOwned.mockResolvedValue({} as never);
      biasGroups.findOwned.mockResolvedValue(null);

      await expect(sut.create(SCOPE, dto)).rejects.toThrow('logit_bias_group is not one of your bias word lists');
      expect(sections.create).not.toHaveBeenCalled();
    });

    it('should save no bias list and empty notes when they are left out', async () => {
      const { sut, sections, models } = await build();
      models.findOwned.mockResolvedValue({} as never);
      sections.create.mockImplementation(async (_user, values) => sectionRow(values));

      const created = await sut.create(SCOPE, { ...dto, logit_bias_group: undefined });

      expect(sections.create).toHaveBeenCalledWith(SCOPE, expect.objectContaining({ logitBiasGroup: null, notes: '' }));
      expect(created.logit_bias_group).toBeNull();
    });
  });

  describe('update', () => {
    it('should answer 404 without checking the body when the section is not the caller’s', async () => {
      const { sut, sections } = await build();
      sections.findOwned.mockResolvedValue(null);

      await expect(sut.update(SCOPE, 'section-1', dto)).rejects.toThrow(new NotFoundException('Section not found.'));
      expect(sections.update).not.toHaveBeenCalled();
    });

    it('should write nothing for {} or the saved values again, and answer the saved section as unchanged', async () => {
      const { sut, sections, models } = await build();
      sections.findOwned.mockResolvedValue(sectionRow());
      models.findOwned.mockResolvedValue({} as never);

      for (const body of [{}, { name: 'Intro', temperature: 0.7 }]) expect(isUnchanged(await sut.update(SCOPE, 'section-1', body))).toBe(true);
      expect(sections.update).not.toHaveBeenCalled();
    });
  });

  describe('restore', () => {
    const kept = {
      id: 'version-row',
      ...ownedBy(SCOPE),
      sectionId: 'section-1',
      version: 1,
      name: 'Intro v1',
      model: MODEL,
      temperature: 0.3,
      logitBiasGroup: null,
      systemMessage: 'Old system.',
      userMessage: 'Old user.',
      examplesModel: null,
      examplesCount: 3,
      notes: '',
      reasoningEffort: null,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    };

    it('should update the section with every field of the version', async () => {
      const { sut, sections, versions, models } = await build();
      sections.findOwned.mockResolvedValue(sectionRow({ version: 3 }));
      versions.find.mockResolvedValue(kept);
      models.ownedIds.mockResolvedValue(new Set([MODEL]));
      sections.update.mockImplementation(async (_user, _id, values) => sectionRow({ ...values, version: 4 }));
      const restored = await sut.restore(SCOPE, 'section-1', 1);
      expect(versions.find).toHaveBeenCalledWith(SCOPE, 'section-1', 1);
      expect(sections.update).toHaveBeenCalledWith(SCOPE, 'section-1', {
        name: 'Intro v1',
        model: MODEL,
        temperature: 0.3,
        reasoningEffort: null,
        logitBiasGroup: null,
        systemMessage: 'Old system.',
        userMessage: 'Old user.',
        examplesModel: null,
        examplesCount: 3,
        notes: '',
      });
      expect(restored).toMatchObject({ name: 'Intro v1', system_message: 'Old system.' });
    });

    it('should write nothing, and answer unchanged, for a version equal to the current fields', async () => {
      const { sut, sections, versions, models } = await build();
      sections.findOwned.mockResolvedValue(sectionRow({ ...kept, id: 'section-1', version: 3 }));
      versions.find.mockResolvedValue(kept);
      models.ownedIds.mockResolvedValue(new Set([MODEL]));
      expect(isUnchanged(await sut.restore(SCOPE, 'section-1', 1))).toBe(true);
      expect(sections.update).not.toHaveBeenCalled();
    });

    it('should answer 404 for a version the section does not have, and write nothing', async () => {
      const { sut, sections, versions } = await build();
      sections.findOwned.mockResolvedValue(sectionRow());
      versions.find.mockResolvedValue(null);
      await expect(sut.restore(SCOPE, 'section-1', 9)).rejects.toThrow(new NotFoundException('Version not found.'));
      expect(sections.update).not.toHaveBeenCalled();
    });

    it('should refuse (409) a version whose model has been deleted, and write nothing', async () => {
      const { sut, sections, versions, models } = await build();
      sections.findOwned.mockResolvedValue(sectionRow());
      versions.find.mockResolvedValue(kept);
      models.ownedIds.mockResolvedValue(new Set());
      await expect(sut.restore(SCOPE, 'section-1', 1)).rejects.toThrow(ConflictException);
      expect(sections.update).not.toHaveBeenCalled();
    });

    it('should answer 404 before looking for versions when the section is not the caller’s', async () => {
      const { sut, sections, versions } = await build();
      sections.findOwned.mockResolvedValue(null);
      await expect(sut.restore(SCOPE, 'section-1', 1)).rejects.toThrow(new NotFoundException('Section not found.'));
      await expect(sut.listVersions(SCOPE, 'section-1')).rejects.toThrow(new NotFoundException('Section not found.'));
      expect(versions.find).not.toHaveBeenCalled();
      expect(versions.list).not.toHaveBeenCalled();
    });
  });

  describe('remove', () => {
    it('should answer 404 when nothing was deleted', async () => {
      const { sut, sections } = await build();
      sections.delete.mockResolvedValue(null);

      await expect(sut.remove(SCOPE, 'section-1')).rejects.toThrow(new NotFoundException('Section not found.'));
    });
  });
});
