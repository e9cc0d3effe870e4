import { Scope } from '../workspaces/scope';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { FineTuneRefusalsRepository, refusalFor } from '../integrations/openai/fine-tune-refusals.repository';
import { fineTuneModelFor } from '../integrations/openai/model-catalogue';
import { ModelParameters, parameterKey } from '../integrations/openai/model-parameters';
import { OpenAiFineTuning } from '../integrations/openai/openai-fine-tuning';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { BaseModelsService } from './base-models.service';
import { canDelete } from './model-eligibility';
import { toTrainingJsonl } from './training-jsonl';
import { ModelLineupService } from './model-lineup.service';
import { ExampleDto, ExampleResponse, ModelExtras, ModelResponse, toExampleResponse, toModelResponse } from './models.dto';
import { ModelsRepository, ModelWithState } from './models.repository';
import { ChatMessage } from './models.schema';
import { ConnectionsService } from '../connections/connections.service';
import { CONNECTION_VENDORS } from '../connections/connection-vendors';

export const NO_OPENAI_KEY_MESSAGE = 'Add your OpenAI API key in OpenAI Settings on the Home screen first.';
const ROLE_ORDER: ChatMessage['role'][] = ['system', 'user', 'assistant'];

/** Fine-tuning datasets: the models, their examples, and deleting tuned ones. */
@Injectable()
export class ModelsService {
  constructor(
    private readonly models: ModelsRepository,
    private readonly settings: WorkspaceSettingsService,
    private readonly openAi: OpenAiFineTuning,
    private readonly baseModels: BaseModelsService,
    private readonly lineups: ModelLineupService,
    private readonly parameters: ModelParameters,
    private readonly fineTuneRefusals: FineTuneRefusalsRepository,
    private readonly connections: ConnectionsService,
  ) {}

  async list(scope: Scope, query: ListQuery): Promise<Page<ModelResponse>> {
    const page = await this.models.list(scope, query);
    const extras = await this.extras(scope, page.rows);
    return { ...page, rows: page.rows.map((model, index) => toModelResponse(model, extras[index])) };
  }

  async get(scope: Scope, id: string): Promise<ModelResponse> {
    const model = await this.requireOwned(scope, id);
    return toModelResponse(model, (await this.extras(scope, [model]))[0], await this.models.examples(id));
  }

  /**
   * What OpenAI tells of each model: its shut-down date from the key's listing (read once for the
   * page), whether it reasons as far as OpenAI's answers show, and OpenAI's refusal to fine-tune
   * its base (as sent) for the key, or the whole account.
   */
  async extras(scope: Scope, models: { baseModel: string; outputModel: string | null; connectionId: string | null }[]): Promise<ModelExtras[]> {
    const apiKey = await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY');
    const onProviders = models.some((model) => model.connectionId);
    const keys = models.map((model) => parameterKey(model.connectionId, model.outputModel ?? model.baseModel));
    const [key, reasoning, sampling, refusals, providers] = await Promise.all([
      this.lineups.forWorkspace(scope),
      this.parameters.reasoning(keys),
      this.parameters.samplingNotes(keys),
      apiKey ? this.fineTuneRefusals.forKey(apiKey) : [],
      onProviders ? this.connections.all(scope) : [],
    ]);
    // Each provider's listing (as last read) says whether it still offers its models: the vendor is the authority.
    const listings = new Map(
      await Promise.all(
        providers
          .filter((provider) => models.some((model) => model.connectionId === provider.id))
          .map(async (provider) => [provider.id, await this.connections.listed(provider).catch(() => null)] as const),
      ),
    );
    return models.map((model, index) => {
      const reasons = reasoning.get(keys[index]) ?? false;
      const samplingNotes = sampling.get(keys[index]) ?? [];
      if (model.connectionId) {
        const row = providers.find((provider) => provider.id === model.connectionId);
        const provider = { id: model.connectionId, name: row?.name ?? '', vendor: row ? CONNECTION_VENDORS[row.kind].label : '' };
        const listed = listings.get(model.connectionId);
        const unavailable =
          listed && !listed.some((m) => m.id === model.baseModel)
            ? `${provider.name} (${provider.vendor}) no longer lists ${model.baseModel} for its key: replace this model on the Models screen.`
            : null;
        return { provider, samplingNotes, unavailable, shutdownDate: null, shutDown: false, reasoning: reasons, fineTuneRefusal: null };
      }
      const life = this.lineups.lifeOfModel(model, key);
      const today = new Date().toISOString().slice(0, 10);
      return {
        provider: null,
        samplingNotes,
        unavailable: null,
        shutdownDate: life.shutdownDate,
        shutDown: life.gone || (life.shutdownDate !== null && life.shutdownDate <= today),
        reasoning: reasons,
        fineTuneRefusal: refusalFor(refusals, fineTuneModelFor(model.baseModel)),
      };
    });
  }

  /** The model's examples as OpenAI's chat fine-tuning JSONL (what a fine-tune job uploads), and the model's name. */
  async examplesJsonl(scope: Scope, id: string): Promise<{ name: string; jsonl: string }> {
    const model = await this.requireOwned(scope, id);
    const examples = await this.models.examples(id);
    return { name: model.name, jsonl: examples.length > 0 ? toTrainingJsonl(examples) : '' };
  }

  /**
   * A base model the saved OpenAI key cannot use is refused, naming it; without a key any known one
   * is accepted. On another provider, the model must be one its listing names for its key.
   */
  async create(scope: Scope, name: string, baseModel: string, connectionId: string | null = null): Promise<ModelResponse> {
    if (connectionId) await this.baseModels.assertListed(scope, connectionId, baseModel);
    else await this.baseModels.assertUsable(scope, baseModel);
    const created = await this.models.create({ scope, name, baseModel, connectionId });
    if (!created) throw new ConflictException(`A model named "${name}" already exists.`);
    const model = { ...created, exampleCount: 0, latestJobStatus: null };
    return toModelResponse(model, (await this.extras(scope, [model]))[0], []);
  }

  /** Only a tuned model whose job has ended; its fine-tuned model is deleted at OpenAI first. */
  async remove(scope: Scope, id: string): Promise<ModelResponse> {
    const model = await this.requireOwned(scope, id);
    const eligibility = canDelete(model);
    if (!eligibility.allowed) throw new ConflictException(eligibility.reason);
    if (model.outputModel) {
      await this.openAi.deleteModel(await this.requireOpenAiKey(scope), model.outputModel);
    }
    const extras = (await this.extras(scope, [model]))[0];
    await this.models.delete(id);
    return toModelResponse(model, extras);
  }

  /** A section (uuid) is in a model once; `replace` swaps its saved example for the new one. */
  async addExample(scope: Scope, id: string, example: ExampleDto, replace = false): Promise<ExampleResponse> {
    await this.requireOwned(scope, id);
    const messages = this.orderedMessages(example.messages);
    const added = await this.models.addExample(
      {
        modelId: id,
        uuid: example.uuid,
        articleUuid: example.article_uuid ?? null,
        clusterId: example.clusterId,
        messages,
      },
      replace,
    );
    if (!added) throw new ConflictException('This section has already been added to this model.');
    return toExampleResponse(added);
  }

  async removeExample(scope: Scope, id: string, uuid: string): Promise<{ uuid: string }> {
    await this.requireOwned(scope, id);
    if (!(await this.models.removeExample(id, uuid))) {
      throw new NotFoundException('This model has no example for that section.');
    }
    return { uuid };
  }

  async requireOwned(scope: Scope, id: string): Promise<ModelWithState> {
    const model = await this.models.findOwned(scope, id);
    if (!model) throw new NotFoundException('Model not found.');
    return model;
  }

  async requireOpenAiKey(scope: Scope): Promise<string> {
    const key = await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY');
    if (!key) throw new ConflictException(NO_OPENAI_KEY_MESSAGE);
    return key;
  }

  /** Exactly one system, one user and one assistant message, none blank; stored in that order. */
  private orderedMessages(messages: ChatMessage[]): ChatMessage[] {
    const roles = messages.map((m) => m.role).sort();
    if (roles.join() !== [...ROLE_ORDER].sort().join()) {
      throw new BadRequestException({
        message: 'An example needs exactly one system, one user and one assistant message.',
        errors: [{ field: 'example.messages', message: 'must be one system, one user and one assistant message' }],
      });
    }
    const blank = messages.find((m) => m.content.trim() === '');
    if (blank) {
      throw new BadRequestException({
        message: `The ${blank.role} message must not be empty.`,
        errors: [{ field: 'example.messages', message: `${blank.role} content is empty` }],
      });
    }
    return ROLE_ORDER.map((role) => messages.find((m) => m.role === role)!).map(({ role, content }) => ({ role, content }));
  }
}
