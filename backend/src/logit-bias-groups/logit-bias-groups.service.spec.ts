import { BadRequestException, NotFoundException } from '@nestjs/common';
import { scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { ownedBy } from '../workspaces/scope';
import { LogitBiasGroupsRepository } from './logit-bias-groups.repository';
import { BiasEntry, LogitBiasGroupRow } from './logit-bias-groups.schema';
import { LogitBiasGroupsService } from './logit-bias-groups.service';
import { isUnchanged } from '../common/unchanged';

describe(LogitBiasGroupsService.name, () => {
  async function build(tokensPerWord: Record<string, number> = { o200k_base: 1, cl100k_base: 1 }) {
    const built = await buildService(LogitBiasGroupsService, { groups: LogitBiasGroupsRepository, cpu: CpuPool });
    // `tokensPerWord` made-up token ids per word in each family, the families in the tokenizer's order.
    built.cpu.run.mockImplementation((async (_name: string, input: { entries: BiasEntry[]; limit: number }) => {
      const maps: Record<string, Record<string, number>> = {};
      for (const family of ['o200k_base', 'cl100k_base']) {
        const map: Record<string, number> = {};
        for (const entry of input.entries) for (const word of entry.words) for (let t = 0; t < tokensPerWord[family]; t++) map[`${word}.${t}`] = entry.bias;
        if (Object.keys(map).length > input.limit) return { over: family };
        maps[family] = map;
      }
      return { maps };
    }) as never);
    built.groups.create.mockImplementation(
      async (scope, values) => ({ id: 'g', ...ownedBy(scope), createdAt: new Date(0), updatedAt: new Date(0), ...values }) as LogitBiasGroupRow,
    );
    return built;
  }

  describe('create', () => {
    it('should split words on commas, trim them and drop empties, and count them', async () => {
      const { sut, groups } = await build();

      const created = await sut.create(SCOPE, { name: 'Brands', entries: [{ words: [' acme, globex ', ',', 'initech'], bias: -100 }] });

      expect(groups.create).toHaveBeenCalledWith(SCOPE, {
        name: 'Brands',
        entries: [{ words: ['acme', 'globex', 'initech'], bias: -100 }],
        words: ['acme', 'globex', 'initech'],
        wordCount: 3,
        logitBias: {
          o200k_base: { 'acme.0': -100, 'globex.0': -100, 'initech.0': -100 },
          cl100k_base: { 'acme.0': -100, 'globex.0': -100, 'initech.0': -100 },
        },
      });
      expect(created.word_count).toBe(3);
    });

    it('should refuse a group left without a word, naming it', async () => {
      const { sut, groups } = await build();

      const error = await sut
        .create(SCOPE, {
          name: 'Brands',
          entries: [
            { words: ['acme'], bias: 5 },
            { words: [' , '], bias: -5 },
          ],
        })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toEqual({
        message: 'Group 2 needs at least one word.',
        errors: [{ field: 'entries.1.words', message: 'at least one word is required' }],
      });
      expect(groups.create).not.toHaveBeenCalled();
    });

    it('should refuse a list over 300 tokens for any tokenizer, naming the family', async () => {
      const { sut, groups } = await build({ o200k_base: 1, cl100k_base: 4 });

      await expect(sut.create(SCOPE, { name: 'Long', entries: [{ words: Array.from({ length: 80 }, (_, i) => `w${i}`), bias: -100 }] })).rejects.toThrow(
        'This list maps to more than 300 tokens for gpt-4 and gpt-3.5 (cl100k_base); OpenAI accepts at most 300. Remove some words.',
      );
      expect(groups.create).not.toHaveBeenCalled();
    });

    it('should refuse more than 1,000 words before tokenising any', async () => {
      const { sut, cpu } = await build();

      await expect(
        sut.create(SCOPE, { name: 'Huge', entries: [{ words: [Array.from({ length: 1001 }, (_, i) => `w${i}`).join(',')], bias: 1 }] }),
      ).rejects.toThrow('This list holds 1001 words; a list may hold at most 1000 (OpenAI takes at most 300 token ids). Remove some words.');
      expect(cpu.run).not.toHaveBeenCalled();
    });
  });

  describe('update', () => {
    it('should answer 404 when the list is not the caller’s, before any tokenising', async () => {
      const { sut, groups, cpu } = await build();
      groups.findOwned.mockResolvedValue(null);

      await expect(sut.update(SCOPE, 'g', { name: 'Brands', entries: [{ words: ['acme'], bias: 1 }] })).rejects.toThrow(
        new NotFoundException('Bias word list not found.'),
      );
      expect(cpu.run).not.toHaveBeenCalled();
    });

    it('should write nothing for {} or its own name, and answer the saved list as unchanged', async () => {
      const { sut, groups, cpu } = await build();
      const saved = {
        id: 'g',
        name: 'Old',
        entries: [{ words: ['acme'], bias: 1 }],
        words: ['acme'],
        wordCount: 1,
        createdAt: new Date(0),
        updatedAt: new Date(0),
      };
      groups.findOwned.mockResolvedValue(saved as never);

      for (const dto of [{}, { name: 'Old' }]) {
        const answer = await sut.update(SCOPE, 'g', dto);
        expect(isUnchanged(answer)).toBe(true);
        expect(answer).toMatchObject({ name: 'Old', updated_at: new Date(0) });
      }
      expect(groups.update).not.toHaveBeenCalled();
      expect(cpu.run).not.toHaveBeenCalled();
    });

    it('should keep the groups and their maps when only the name is given', async () => {
      const { sut, groups, cpu } = await build();
      const saved = { id: 'g', name: 'Old', entries: [{ words: ['acme'], bias: 1 }], words: ['acme'], wordCount: 1 };
      groups.findOwned.mockResolvedValue(saved as never);
      groups.update.mockResolvedValue({ ...saved, name: 'New', createdAt: new Date(), updatedAt: new Date() } as never);

      await sut.update(SCOPE, 'g', { name: 'New' });
      expect(groups.update).toHaveBeenCalledWith(SCOPE, 'g', { name: 'New' });
      expect(cpu.run).not.toHaveBeenCalled();
    });
  });
});
