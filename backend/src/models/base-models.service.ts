import { ApiProperty } from '@nestjs/swagger';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { CatalogueModel, isFineTunable, MODEL_CATALOGUE, shutDownOn, SPEC_BASE_MODELS } from '../integrations/openai/model-catalogue';
import { OpenAiModels } from '../integrations/openai/openai-models';
import { UsersService } from '../users/users.service';

export class BaseModelResponse {
  @ApiProperty({ example: 'gpt-4o', description: 'The model id, as OpenAI names it' })
  id!: string;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Whether the saved key may use it (OpenAI lists it for the key); null without a key, or when OpenAI could not be asked',
  })
  available!: boolean | null;

  @ApiProperty({ description: 'Whether OpenAI fine-tunes a snapshot of it' })
  fine_tunable!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Why it cannot be used (or why that is unknown); null when nothing stands in the way' })
  reason!: string | null;

  @ApiProperty({ description: "One of spec §9's five base models" })
  spec!: boolean;
}

/** What the saved key tells about its models: the ids OpenAI lists, or why that is unknown. */
type KeyModels = { listed: Set<string> } | { unknown: string | null };

/**
 * The base models a new model may be built on: spec §9's five first, in order, then the chat
 * models of the catalogue the operator's key lists (GET /v1/models, cached per key), each with
 * whether the key may use it and why not.
 */
@Injectable()
export class BaseModelsService {
  constructor(
    private readonly users: UsersService,
    private readonly openAiModels: OpenAiModels,
  ) {}

  /**
   * The list with ra-data-simple-rest's query: `q` searches the ids, `id` takes one id or a list
   * of them (getMany), `sort` by id orders them by name; without a sort, spec §9's order stands.
   */
  async page(userId: string, query: ListQuery): Promise<Page<BaseModelResponse>> {
    const { q, id } = query.filter;
    const ids = id === undefined ? null : new Set(Array.isArray(id) ? id : [id]);
    const needle = typeof q === 'string' ? q.trim().toLowerCase() : '';
    const all = (await this.list(userId)).filter((model) => (!ids || ids.has(model.id)) && model.id.toLowerCase().includes(needle));
    if (query.sort) {
      const direction = query.sort.order === 'ASC' ? 1 : -1;
      all.sort((a, b) => direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    return { rows: all.slice(query.range.start, query.range.end + 1), total: all.length, start: query.range.start };
  }

  async list(userId: string): Promise<BaseModelResponse[]> {
    const keyModels = await this.keyModels(userId);
    const spec = SPEC_BASE_MODELS.map((id) => MODEL_CATALOGUE.find((m) => m.id === id)!);
    const others = 'listed' in keyModels ? MODEL_CATALOGUE.filter((m) => m.kind === 'chat' && !spec.includes(m) && keyModels.listed.has(m.id)) : [];
    return [...spec, ...others].map((model) => this.describe(model, keyModels));
  }

  /** A base model the saved key cannot use is refused (400, naming it); without a key anything known is accepted. */
  async assertUsable(userId: string, baseModel: string): Promise<void> {
    const model = MODEL_CATALOGUE.find((m) => m.id === baseModel && m.kind === 'chat');
    if (!model) return;
    const described = this.describe(model, await this.keyModels(userId));
    if (described.available !== false) return;
    const message = `base_model ${baseModel} cannot be used with your OpenAI key: ${described.reason}`;
    throw new BadRequestException({ message, errors: [{ field: 'base_model', message }] });
  }

  private async keyModels(userId: string): Promise<KeyModels> {
    const apiKey = await this.users.getSecret(userId, 'OPENAI_API_KEY');
    if (!apiKey) return { unknown: null };
    try {
      return { listed: await this.openAiModels.listed(apiKey) };
    } catch (error) {
      return { unknown: `Quire could not ask OpenAI which models your key may use (${(error as Error).message})` };
    }
  }

  private describe(model: CatalogueModel, keyModels: KeyModels): BaseModelResponse {
    const shut = shutDownOn(model);
    const shutReason = shut ? `OpenAI shut it down on ${shut}.` : null;
    const common = { id: model.id, fine_tunable: isFineTunable(model.id), spec: (SPEC_BASE_MODELS as readonly string[]).includes(model.id) };
    if ('unknown' in keyModels) return { ...common, available: null, reason: shutReason ?? keyModels.unknown };
    if (keyModels.listed.has(model.id)) return { ...common, available: true, reason: null };
    return {
      ...common,
      available: false,
      reason: shutReason ?? 'Your OpenAI key does not list it (GET /v1/models): OpenAI has not given this account access to it.',
    };
  }
}
