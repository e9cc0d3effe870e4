import { Scope } from '../workspaces/scope';
import { ApiProperty } from '@nestjs/swagger';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ListQuery, Page } from '../common/list-query';
import { isChatModelId, modelFacts, SPEC_BASE_MODELS } from '../integrations/openai/model-catalogue';
import { Lineup, ListedModel } from '../integrations/openai/openai-models';
import { KeyLineup, ModelLineupService } from './model-lineup.service';
import { ConnectionsService } from '../connections/connections.service';
import { CONNECTION_VENDORS } from '../connections/connection-vendors';
import type { ModelConnectionRow } from '../connections/connections.schema';

export class BaseModelResponse {
  @ApiProperty({ example: 'gpt-4o', description: 'The model id, as OpenAI names it' })
  id!: string;

  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'Whether the saved key may use it (OpenAI lists it for the key); null without a key, or when OpenAI could not be asked',
  })
  available!: boolean | null;

  @ApiProperty({
    type: String,
    format: 'date',
    nullable: true,
    description:
      "The day OpenAI shuts it down (its listing's shutdown_date; for a spec model it no longer lists, the day it was shut down), or null when none is announced",
  })
  shutdown_date!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why it cannot be used (or why that is unknown); null when nothing stands in the way' })
  reason!: string | null;

  @ApiProperty({ description: "One of spec §9's five base models" })
  spec!: boolean;

  @ApiProperty({ example: 'claude-sonnet-4-6', description: 'The model id as its vendor names it (the id, for OpenAI)' })
  model!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: "The model provider that lists it; null: the workspace's OpenAI connection" })
  connection_id!: string | null;

  @ApiProperty({ example: 'Anthropic', description: 'The vendor, as the dashboard names it' })
  vendor!: string;

  @ApiProperty({ example: 'Claude', description: "The provider's name ('OpenAI' for the OpenAI connection): the pickers group the models by it" })
  connection_name!: string;

  @ApiProperty({ type: String, nullable: true, description: "The vendor's display name, where its listing gives one" })
  display_name!: string | null;
}

const NO_KEY = 'Save your OpenAI API key on Home: Quire offers every chat model it lists.';

/**
 * The base models a new model may be built on: spec §9's five first, in order, then every other
 * chat model the operator's key lists (GET /v1/models, cached per key), newest first — models no
 * table of Quire's has heard of included — each with its shut-down date as OpenAI lists it, and
 * whether the key may use it and why not.
 */
@Injectable()
export class BaseModelsService {
  constructor(
    private readonly lineups: ModelLineupService,
    private readonly connections: ConnectionsService,
  ) {}

  /**
   * The list with ra-data-simple-rest's query: `q` searches the ids, `id` takes one id or a list
   * of them (getMany), `sort` by id orders them by name; without a sort, the order above stands.
   */
  async page(scope: Scope, query: ListQuery): Promise<Page<BaseModelResponse>> {
    const { q, id } = query.filter;
    const ids = id === undefined ? null : new Set(Array.isArray(id) ? id : [id]);
    const needle = typeof q === 'string' ? q.trim().toLowerCase() : '';
    const all = (await this.list(scope)).filter((model) => (!ids || ids.has(model.id)) && model.id.toLowerCase().includes(needle));
    if (query.sort) {
      const direction = query.sort.order === 'ASC' ? 1 : -1;
      all.sort((a, b) => direction * (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    return { rows: all.slice(query.range.start, query.range.end + 1), total: all.length, start: query.range.start };
  }

  /** OpenAI's first (spec §9's five, then the key's others), then each provider's listing in its own order, providers oldest first. */
  async list(scope: Scope): Promise<BaseModelResponse[]> {
    const [key, providers] = await Promise.all([this.lineups.forWorkspace(scope), this.connections.all(scope)]);
    const spec = SPEC_BASE_MODELS.map((id) => describe(id, key));
    const others = !('lineup' in key)
      ? []
      : [...key.lineup.values()]
          .filter((model) => isChatModelId(model.id) && !(SPEC_BASE_MODELS as readonly string[]).includes(model.id))
          .sort(newestFirst)
          .map((model) => describe(model.id, key));
    const listed = await Promise.all(providers.map((provider) => this.providerModels(provider)));
    return [...spec, ...others, ...listed.flat()];
  }

  /** A provider's models as its listing names them; none when it cannot be read now (Home's Test says why). */
  private async providerModels(provider: ModelConnectionRow): Promise<BaseModelResponse[]> {
    const models = await this.connections.listed(provider).catch(() => []);
    return models.map((model) => ({
      id: `${provider.id}/${model.id}`,
      model: model.id,
      display_name: model.name === model.id ? null : model.name,
      available: true,
      shutdown_date: null,
      reason: null,
      spec: false,
      connection_id: provider.id,
      vendor: CONNECTION_VENDORS[provider.kind].label,
      connection_name: provider.name,
    }));
  }

  /** A model on a provider must be one its listing names for its key now (400 naming it, in the vendor's words when it cannot be read). */
  async assertListed(scope: Scope, connectionId: string, baseModel: string): Promise<void> {
    const refuse = (field: string, message: string) => new BadRequestException({ message, errors: [{ field, message }] });
    const provider = await this.connections.find(scope, connectionId);
    if (!provider) throw refuse('connection_id', 'connection_id must be the id of one of your model providers');
    let models;
    try {
      models = await this.connections.listed(provider);
    } catch (error) {
      throw refuse('base_model', `base_model ${baseModel} could not be checked with ${provider.name}: ${(error as Error).message}`);
    }
    if (!models.some((model) => model.id === baseModel))
      throw refuse(
        'base_model',
        `base_model ${baseModel} is not listed by ${provider.name} (${CONNECTION_VENDORS[provider.kind].label}) for its key: choose one of the models it lists.`,
      );
  }

  /** A base model that is not a chat model, or that the saved key cannot use, is refused (400, naming it); without a key OpenAI decides later. */
  async assertUsable(scope: Scope, baseModel: string): Promise<void> {
    const refuse = (why: string) => {
      const message = `base_model ${baseModel} ${why}`;
      return new BadRequestException({ message, errors: [{ field: 'base_model', message }] });
    };
    if (!isChatModelId(baseModel)) throw refuse('is not a chat model: embeddings, speech, image, realtime and moderation models cannot write sections.');
    const described = describe(baseModel, await this.lineups.forWorkspace(scope));
    if (described.available === false) throw refuse(`cannot be used with your OpenAI key: ${described.reason}`);
  }
}

/** Newest first (OpenAI's `created`), then by id. */
function newestFirst(a: ListedModel, b: ListedModel): number {
  return b.created - a.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

const OPENAI = { connection_id: null, vendor: 'OpenAI', connection_name: 'OpenAI', display_name: null } as const;

function describe(id: string, key: KeyLineup): BaseModelResponse {
  const spec = (SPEC_BASE_MODELS as readonly string[]).includes(id);
  const ofOpenAi = { ...OPENAI, model: id };
  if (!('lineup' in key)) return { id, available: null, shutdown_date: modelFacts(id)?.shutDown ?? null, reason: key.unknown ?? NO_KEY, spec, ...ofOpenAi };
  const listed = (key.lineup as Lineup).get(id);
  if (listed) return { id, available: true, shutdown_date: listed.shutdownDate, reason: null, spec, ...ofOpenAi };
  const fact = modelFacts(id)?.id === id ? (modelFacts(id)?.shutDown ?? null) : null;
  const reason =
    fact && fact <= new Date().toISOString().slice(0, 10)
      ? `OpenAI shut it down on ${fact}: your key no longer lists it (GET /v1/models).`
      : 'Your OpenAI key does not list it (GET /v1/models): OpenAI has shut it down or not given this account access to it.';
  return { id, available: false, shutdown_date: fact, reason, spec, ...ofOpenAi };
}
