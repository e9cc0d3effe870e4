import { BadRequestException } from '@nestjs/common';
import { buildService } from '../../../test/support/unit';
import { OpenAiModels } from '../integrations/openai/openai-models';
import { UsersService } from '../users/users.service';
import { BaseModelsService } from './base-models.service';

const USER = 'user-1';

describe(BaseModelsService.name, () => {
  async function build(key: string | null) {
    const built = await buildService(BaseModelsService, { users: UsersService, openAiModels: OpenAiModels });
    built.users.getSecret.mockResolvedValue(key);
    return built;
  }

  describe('assertUsable', () => {
    it('should refuse (400 on base_model) a model the saved key does not list', async () => {
      const { sut, openAiModels } = await build('sk-key');
      openAiModels.listed.mockResolvedValue(new Set(['gpt-4o-mini']));

      const error = await sut.assertUsable(USER, 'gpt-4o').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      const message =
        'base_model gpt-4o cannot be used with your OpenAI key: Your OpenAI key does not list it (GET /v1/models): OpenAI has not given this account access to it.';
      expect((error as BadRequestException).getResponse()).toEqual({ message, errors: [{ field: 'base_model', message }] });
    });

    it('should accept a model the key lists', async () => {
      const { sut, openAiModels } = await build('sk-key');
      openAiModels.listed.mockResolvedValue(new Set(['gpt-4o']));

      await expect(sut.assertUsable(USER, 'gpt-4o')).resolves.toBeUndefined();
    });

    it('should accept any known model without a key, asking OpenAI nothing', async () => {
      const { sut, openAiModels } = await build(null);

      await expect(sut.assertUsable(USER, 'gpt-4o')).resolves.toBeUndefined();
      expect(openAiModels.listed).not.toHaveBeenCalled();
    });

    it('should accept the model when OpenAI cannot be asked', async () => {
      const { sut, openAiModels } = await build('sk-key');
      openAiModels.listed.mockRejectedValue(new Error('OpenAI: could not be reached.'));

      await expect(sut.assertUsable(USER, 'gpt-4o')).resolves.toBeUndefined();
    });
  });

  describe('list', () => {
    it('should put spec §9’s five first, in order, then the other chat models the key lists', async () => {
      const { sut, openAiModels } = await build('sk-key');
      openAiModels.listed.mockResolvedValue(new Set(['gpt-4o', 'gpt-4o-mini']));

      const models = await sut.list(USER);

      expect(models.map((m) => m.id)).toEqual(['gpt-4o', 'gpt-4', 'gpt-4-32k', 'gpt-3.5-turbo', 'gpt-3.5-turbo-16k', 'gpt-4o-mini']);
      expect(models[0]).toMatchObject({ available: true, reason: null, spec: true });
    });
  });
});
