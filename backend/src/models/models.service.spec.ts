import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { modelRow, scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { OpenAiFineTuning } from '../integrations/openai/openai-fine-tuning';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { ConnectionsService } from '../connections/connections.service';
import { BaseModelsService } from './base-models.service';
import { FineTuneRefusalsRepository } from '../integrations/openai/fine-tune-refusals.repository';
import { ModelParameters } from '../integrations/openai/model-parameters';
import { ModelLineupService } from './model-lineup.service';
import { ModelsRepository, ModelWithState } from './models.repository';
import { ChatMessage, ModelExampleRow } from './models.schema';
import { ModelsService, NO_OPENAI_KEY_MESSAGE } from './models.service';

const model = (overrides: Partial<ModelWithState> = {}) => modelRow({ exampleCount: 0, ...overrides });

const messages: ChatMessage[] = [
  { role: 'assistant', content: 'A' },
  { role: 'user', content: 'U' },
  { role: 'system', content: 'S' },
];

describe(ModelsService.name, () => {
  /** With no key's listing or OpenAI knowledge to tell (extras): each test sets what it needs. */
  const build = async () => {
    const built = await buildService(ModelsService, {
      models: ModelsRepository,
      settings: WorkspaceSettingsService,
      openAi: OpenAiFineTuning,
      baseModels: BaseModelsService,
      lineups: ModelLineupService,
      parameters: ModelParameters,
      fineTuneRefusals: FineTuneRefusalsRepository,
      connections: ConnectionsService,
    });
    built.connections.all.mockResolvedValue([]);
    built.settings.getSecret.mockResolvedValue(null);
    built.lineups.forWorkspace.mockResolvedValue({ unknown: null });
    built.lineups.lifeOfModel.mockReturnValue({ shutdownDate: null, gone: false });
    built.parameters.reasoning.mockImplementation(async (ids: string[]) => new Map(ids.map((id) => [id, false])));
    built.fineTuneRefusals.forKey.mockResolvedValue([]);
    built.parameters.samplingNotes.mockResolvedValue(new Map());
    return built;
  };

  describe('get', () => {
    it('should offer fine-tuning only from ten examples on', async () => {
      const { sut, models } = await build();
      models.examples.mockResolvedValue([]);
      models.findOwned.mockResolvedValueOnce(model({ exampleCount: 9 })).mockResolvedValueOnce(model({ exampleCount: 10 }));

      const nine = await sut.get(SCOPE, 'model-1');
      const ten = await sut.get(SCOPE, 'model-1');

      expect(nine.actions.fineTune).toEqual({ allowed: false, reason: 'A model needs at least 10 examples to be fine-tuned; this one has 9.' });
      expect(ten.actions.fineTune).toEqual({ allowed: true, reason: null });
    });

    it('should tell OpenAI’s refusal of the base model as sent, else the account’s, leaving the action to the server’s start', async () => {
      const { sut, models, settings, fineTuneRefusals } = await build();
      settings.getSecret.mockResolvedValue('sk-key');
      models.examples.mockResolvedValue([]);
      const account = { model: null, message: 'Your organization cannot create new fine-tuning jobs.', refusedAt: new Date(1), until: null };
      const snapshot = { model: 'gpt-4o-2024-08-06', message: 'Model gpt-4o-2024-08-06 is not available.', refusedAt: new Date(2), until: new Date(3) };
      fineTuneRefusals.forKey.mockResolvedValue([account, snapshot]);
      models.findOwned.mockResolvedValueOnce(model({ baseModel: 'gpt-4o', exampleCount: 10 })).mockResolvedValueOnce(model({ baseModel: 'gpt-5' }));

      const onAlias = await sut.get(SCOPE, 'model-1');
      const other = await sut.get(SCOPE, 'model-1');

      expect(fineTuneRefusals.forKey).toHaveBeenCalledWith('sk-key');
      expect(onAlias).toMatchObject({
        fine_tune_refusal: 'Model gpt-4o-2024-08-06 is not available.',
        fine_tune_refused_at: new Date(2),
        fine_tune_refused_model: 'gpt-4o-2024-08-06',
        fine_tune_refusal_until: new Date(3),
        actions: { fineTune: { allowed: true, reason: null } },
      });
      expect(other).toMatchObject({ fine_tune_refusal: account.message, fine_tune_refused_model: null, fine_tune_refusal_until: null });
    });

    it('should name the provider and vendor of a model on one, and say it is unavailable once the provider no longer lists it', async () => {
      const { sut, models, connections } = await build();
      const provider = 'c0ffee00-0000-4000-8000-000000000001';
      models.examples.mockResolvedValue([]);
      connections.all.mockResolvedValue([{ id: provider, name: 'Claude', kind: 'anthropic' } as never]);
      connections.listed.mockResolvedValueOnce([{ id: 'claude-sonnet-4-6', name: 'Claude Sonnet 4.6', created: null }]).mockResolvedValueOnce([]);
      models.findOwned.mockResolvedValue(model({ baseModel: 'claude-sonnet-4-6', connectionId: provider }));

      const listed = await sut.get(SCOPE, 'model-1');
      const retired = await sut.get(SCOPE, 'model-1');

      expect(listed).toMatchObject({ connection_id: provider, vendor: 'Anthropic', connection_name: 'Claude', unavailable_reason: null, shut_down: false });
      expect(retired.unavailable_reason).toBe('Claude (Anthropic) no longer lists claude-sonnet-4-6 for its key: replace this model on the Models screen.');
    });

    it('should answer 404 for a model that is not the caller’s', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(null);

      await expect(sut.get(SCOPE, 'model-1')).rejects.toThrow(new NotFoundException('Model not found.'));
    });
  });

  describe('create', () => {
    it('should not save a model on a base model the key cannot use', async () => {
      const { sut, models, baseModels } = await build();
      baseModels.assertUsable.mockRejectedValue(new BadRequestException('base_model gpt-4o cannot be used with your OpenAI key'));

      await expect(sut.create(SCOPE, 'Reviews', 'gpt-4o')).rejects.toBeInstanceOf(BadRequestException);
      expect(models.create).not.toHaveBeenCalled();
    });

    it('should answer 409 naming the model when the name is taken', async () => {
      const { sut, models, baseModels } = await build();
      baseModels.assertUsable.mockResolvedValue();
      models.create.mockResolvedValue(null);

      await expect(sut.create(SCOPE, 'Reviews', 'gpt-4o')).rejects.toThrow(new ConflictException('A model named "Reviews" already exists.'));
    });
  });

  describe('remove', () => {
    it('should refuse a model that was never tuned, deleting nothing', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());

      await expect(sut.remove(SCOPE, 'model-1')).rejects.toThrow(new ConflictException('Only a fine-tuned model can be deleted.'));
      expect(models.delete).not.toHaveBeenCalled();
    });

    it('should refuse a tuned model whose job has not finished', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model({ dateTuned: new Date(), latestJobStatus: 'running' }));

      await expect(sut.remove(SCOPE, 'model-1')).rejects.toThrow(new ConflictException('Its fine-tune job has not finished yet.'));
      expect(models.delete).not.toHaveBeenCalled();
    });

    it('should delete the tuned model at OpenAI before the row', async () => {
      const { sut, models, settings, openAi } = await build();
      models.findOwned.mockResolvedValue(model({ dateTuned: new Date(), latestJobStatus: 'completed', outputModel: 'ft:gpt-4o-mini:reviews' }));
      settings.getSecret.mockResolvedValue('sk-key');
      const order: string[] = [];
      openAi.deleteModel.mockImplementation(async () => void order.push('openai'));
      models.delete.mockImplementation(async () => void order.push('row'));

      const removed = await sut.remove(SCOPE, 'model-1');

      expect(openAi.deleteModel).toHaveBeenCalledWith('sk-key', 'ft:gpt-4o-mini:reviews');
      expect(order).toEqual(['openai', 'row']);
      expect(removed._id).toBe('model-1');
    });

    it('should ask for the OpenAI key (409) and keep the row when none is saved', async () => {
      const { sut, models, settings } = await build();
      models.findOwned.mockResolvedValue(model({ dateTuned: new Date(), latestJobStatus: 'failed', outputModel: 'ft:x' }));
      settings.getSecret.mockResolvedValue(null);

      await expect(sut.remove(SCOPE, 'model-1')).rejects.toThrow(new ConflictException(NO_OPENAI_KEY_MESSAGE));
      expect(models.delete).not.toHaveBeenCalled();
    });
  });

  describe('addExample', () => {
    const example = { uuid: 'section-uuid', clusterId: 3, messages };

    it('should store the messages in system, user, assistant order', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());
      models.addExample.mockImplementation(async (values) => ({ id: 'e', createdAt: new Date(0), ...values }) as ModelExampleRow);

      const added = await sut.addExample(SCOPE, 'model-1', example);

      expect(models.addExample).toHaveBeenCalledWith(
        { modelId: 'model-1', uuid: 'section-uuid', articleUuid: null, clusterId: 3, messages: [messages[2], messages[1], messages[0]] },
        false,
      );
      expect(added.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant']);
    });

    it('should refuse anything but one message of each role (400 on example.messages)', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());

      const error = await sut
        .addExample(SCOPE, 'model-1', { ...example, messages: [messages[0], messages[1], { role: 'user', content: 'again' }] })
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(BadRequestException);
      expect((error as BadRequestException).getResponse()).toEqual({
        message: 'An example needs exactly one system, one user and one assistant message.',
        errors: [{ field: 'example.messages', message: 'must be one system, one user and one assistant message' }],
      });
      expect(models.addExample).not.toHaveBeenCalled();
    });

    it('should refuse a blank message, naming its role', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());

      await expect(sut.addExample(SCOPE, 'model-1', { ...example, messages: [messages[0], { role: 'user', content: '  ' }, messages[2]] })).rejects.toThrow(
        'The user message must not be empty.',
      );
      expect(models.addExample).not.toHaveBeenCalled();
    });

    it('should answer 409 when the section is already in the model', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());
      models.addExample.mockResolvedValue(null);

      await expect(sut.addExample(SCOPE, 'model-1', example)).rejects.toThrow(new ConflictException('This section has already been added to this model.'));
    });
  });

  describe('removeExample', () => {
    it('should answer 404 when the model holds no example for the section', async () => {
      const { sut, models } = await build();
      models.findOwned.mockResolvedValue(model());
      models.removeExample.mockResolvedValue(false);

      await expect(sut.removeExample(SCOPE, 'model-1', 'section-uuid')).rejects.toThrow(new NotFoundException('This model has no example for that section.'));
    });
  });
});
