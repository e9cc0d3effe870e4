import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { ListQuery, Page } from '../common/list-query';
import { sealContext } from '../common/sealed-columns';
import { openSaved, redactedHint, SecretBox } from '../common/secret-box';
import { secretTextProblem } from '../common/secret-text';
import { unchanged } from '../common/unchanged';
import { ownedBy, Scope } from '../workspaces/scope';
import { CONNECTION_VENDORS, OpenedConnection } from './connection-vendors';
import { ConnectionCheckResponse, ConnectionResponse, CreateConnectionDto, UpdateConnectionDto } from './connections.dto';
import { ConnectionsRepository } from './connections.repository';
import { ConnectionKind, ModelConnectionRow } from './connections.schema';
import { Metrics, Vendor } from '../metrics/metrics';
import type { ListedVendorModel, VendorFetch } from '../integrations/vendor-models';
import { CONNECTION_USES, ConnectionUses } from './connection-uses';
import { SharedPace } from '../integrations/pace/shared-pace.service';

/** How long a provider's listing is trusted before it is read again (Test always reads it afresh). */
const LISTING_TTL_MS = 5 * 60_000;

const refuse = (field: string, message: string, sentence: string) => new BadRequestException({ message: sentence, errors: [{ field, message }] });

/** An address a server of the owner's choosing answers at: http(s), no credentials in it, no query or fragment. */
function serverAddress(value: string | undefined): string {
  if (!value) throw refuse('base_url', 'is required', "base_url is required: the server's API address, usually ending in /v1.");
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('base_url', 'must be an http or https address', 'base_url must be an http or https address, such as http://localhost:11434/v1.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refuse('base_url', 'must be an http or https address', 'base_url must be an http or https address, such as http://localhost:11434/v1.');
  if (url.username || url.password)
    throw refuse('base_url', 'must not hold a user name or password', 'base_url must not hold a user name or password: put the key in api_key.');
  if (url.search || url.hash) throw refuse('base_url', 'must not hold a query or fragment', 'base_url must be the API root alone, without ? or #.');
  return url.toString().replace(/\/+$/, '');
}

/**
 * A workspace's model providers beside OpenAI: what each is, its key sealed for the connection's id
 * and shown only as a hint, and "Test", which reads what the vendor lists for the key.
 */
@Injectable()
export class ConnectionsService {
  constructor(
    private readonly connections: ConnectionsRepository,
    private readonly box: SecretBox,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CONNECTION_USES) private readonly uses: ConnectionUses,
    private readonly pace: SharedPace,
  ) {}

  /** Each provider's listing as last read, for LISTING_TTL_MS (a change of the provider reads it afresh). */
  private readonly listings = new Map<string, { key: string; until: number; models: Promise<ListedVendorModel[]> }>();

  async list(scope: Scope, query: ListQuery): Promise<Page<ConnectionResponse>> {
    const page = await this.connections.list(scope, query);
    return { ...page, rows: page.rows.map((row) => this.toResponse(row)) };
  }

  async get(scope: Scope, id: string): Promise<ConnectionResponse> {
    return this.toResponse(await this.require(scope, id));
  }

  /** Everything is checked before anything is written: the kind's needs, the key's characters, a name unique in the workspace. */
  async create(scope: Scope, dto: CreateConnectionDto): Promise<ConnectionResponse> {
    const vendor = CONNECTION_VENDORS[dto.kind];
    const baseUrl = this.address(dto.kind, dto.base_url);
    const name = dto.name || (vendor.needsAddress ? '' : vendor.label);
    if (!name) throw refuse('name', 'is required', 'name is required for an OpenAI-compatible server: the pickers show it.');
    const apiKey = this.checkedKey(dto.kind, dto.api_key ?? '');
    await this.assertNameFree(scope, name, null);
    const id = randomUUID();
    const row = await this.connections.insert({ id, ...ownedBy(scope), kind: dto.kind, name, baseUrl, apiKey: this.sealed(id, apiKey) });
    return this.toResponse(row);
  }

  /** The fields given replace the saved ones, checked as a new provider's are; a key posted back as its hint stays. */
  async update(scope: Scope, id: string, dto: UpdateConnectionDto): Promise<ConnectionResponse> {
    const current = await this.require(scope, id);
    if (dto.kind !== undefined && dto.kind !== current.kind)
      throw refuse('kind', 'cannot change', 'kind cannot change: add a provider of the other vendor instead.');
    const values: Partial<Pick<ModelConnectionRow, 'name' | 'baseUrl' | 'apiKey'>> = {};
    if (dto.name !== undefined && dto.name !== current.name) {
      if (!dto.name) throw refuse('name', 'is required', 'name is required: the pickers show it.');
      await this.assertNameFree(scope, dto.name, id);
      values.name = dto.name;
    }
    if (dto.base_url !== undefined && (dto.base_url ?? null) !== current.baseUrl) values.baseUrl = this.address(current.kind, dto.base_url ?? undefined);
    const saved = this.key(current);
    if (dto.api_key !== undefined && !(saved !== null && dto.api_key === redactedHint(saved)) && dto.api_key !== (saved ?? '')) {
      values.apiKey = this.sealed(id, this.checkedKey(current.kind, dto.api_key));
    }
    if (Object.keys(values).length === 0) return unchanged(this.toResponse(current));
    const row = await this.connections.update(scope, id, values);
    if (!row) throw new NotFoundException('Model provider not found.');
    return this.toResponse(row);
  }

  /** A server's address for a vendor that needs one; none for the others. */
  private address(kind: ConnectionKind, value: string | undefined): string | null {
    const vendor = CONNECTION_VENDORS[kind];
    if (vendor.needsAddress) return serverAddress(value);
    if (value)
      throw refuse('base_url', `is not taken for ${vendor.label}`, `base_url is only for an OpenAI-compatible server; ${vendor.label}'s address is its own.`);
    return null;
  }

  /** The key as given, once it can be sent; '' only for a vendor that may take none. */
  private checkedKey(kind: ConnectionKind, apiKey: string): string {
    const vendor = CONNECTION_VENDORS[kind];
    if (vendor.needsKey && !apiKey) throw refuse('api_key', 'is required', `api_key is required for ${vendor.label}.`);
    const problem = apiKey ? secretTextProblem(apiKey) : null;
    if (problem) throw refuse('api_key', problem, `api_key ${problem}; paste it again from the vendor's API keys page.`);
    return apiKey;
  }

  private sealed(id: string, apiKey: string): string | null {
    return apiKey ? this.box.seal(apiKey, sealContext(id, 'MODEL_CONNECTION_KEY')) : null;
  }

  private async assertNameFree(scope: Scope, name: string, self: string | null): Promise<void> {
    const taken = await this.connections.findByName(scope, name);
    if (taken && taken.id !== self) throw new ConflictException(`A model provider named "${name}" already exists.`);
  }

  /** Refused while a model is on the provider, naming the models and the sections writing with them. */
  async remove(scope: Scope, id: string): Promise<ConnectionResponse> {
    const current = await this.require(scope, id);
    const use = await this.uses.of(scope, id);
    if (use.models.length > 0) {
      const names = (list: string[]) => list.map((name) => `"${name}"`).join(', ');
      const sections = use.sections.length > 0 ? `, and the sections ${names(use.sections)} write with them` : '';
      throw new ConflictException(
        `${current.name} cannot be removed while models use it: the models ${names(use.models)} are on it${sections}. Replace them on the Models screen and delete them first.`,
      );
    }
    const row = await this.connections.delete(scope, id);
    if (!row) throw new NotFoundException('Model provider not found.');
    return this.toResponse(row);
  }

  /** "Test": the vendor's own listing for the key, every page read afresh; a failure is told in the vendor's words. */
  async check(scope: Scope, id: string): Promise<ConnectionCheckResponse> {
    const row = await this.require(scope, id);
    const connection = this.opened(row);
    this.listings.delete(row.id);
    try {
      const models = await this.listed(row);
      const listed = models.length === 1 ? '1 model' : `${models.length} models`;
      return {
        ok: true,
        message: `Connected: ${connection.name} lists ${listed}${connection.apiKey ? ' for this key' : ''}.`,
        models: models.map(({ id, name, created }) => ({ id, name, created })),
      };
    } catch (error) {
      return { ok: false, message: (error as Error).message, models: [] };
    }
  }

  /**
   * What the provider lists for its key now (the vendor is the authority on which models may be
   * used), read at most once per LISTING_TTL_MS per provider; a failed read is not kept.
   */
  listed(row: ModelConnectionRow): Promise<ListedVendorModel[]> {
    const key = `${row.updatedAt.getTime()}`;
    const kept = this.listings.get(row.id);
    if (kept && kept.key === key && kept.until > Date.now()) return kept.models;
    const connection = this.opened(row);
    const vendor = CONNECTION_VENDORS[row.kind];
    const models = vendor.models(connection, this.config, this.counted(vendor.metric, row.id));
    this.listings.set(row.id, { key, until: Date.now() + LISTING_TTL_MS, models });
    models.catch(() => {
      if (this.listings.get(row.id)?.models === models) this.listings.delete(row.id);
    });
    return models;
  }

  /** The workspace's providers, each with its key opened: for the pickers and for writing. */
  async all(scope: Scope): Promise<ModelConnectionRow[]> {
    return (await this.connections.list(scope, { filter: {}, range: { start: 0, end: 999 }, sort: null })).rows;
  }

  /** One provider of the workspace, or null. */
  find(scope: Scope, id: string): Promise<ModelConnectionRow | null> {
    return this.connections.findOwned(scope, id);
  }

  /** The provider as its vendor's adapter uses it (key opened) and the fetch that counts its requests. */
  open(row: ModelConnectionRow): { connection: OpenedConnection; fetch: VendorFetch } {
    return { connection: this.opened(row), fetch: this.counted(CONNECTION_VENDORS[row.kind].metric, row.id) };
  }

  /**
   * Fetch through the provider's pace and the metrics: each attempt first waits while the provider
   * has asked every server to hold (a 429 or 529 with its `retry-after`, SharedPace), and is counted
   * by vendor, status and retry (Anthropic's and OpenAI's SDKs number theirs in `x-stainless-retry-count`).
   */
  private counted(vendor: Vendor, connectionId: string): VendorFetch {
    return async (input, init) => {
      await this.pace.providerTurn(connectionId, vendor, init?.signal);
      const retry = Number(new Headers(init?.headers).get('x-stainless-retry-count') ?? 0) > 0;
      const response = await this.metrics.vendorRequest(vendor, retry, () => fetch(input, init));
      await this.pace.providerAnswered(connectionId, response);
      return response;
    };
  }

  private opened(row: ModelConnectionRow): OpenedConnection {
    return { kind: row.kind, name: row.name, baseUrl: row.baseUrl, apiKey: this.key(row) };
  }

  private key(row: ModelConnectionRow): string | null {
    return row.apiKey ? openSaved(this.box, row.apiKey, sealContext(row.id, 'MODEL_CONNECTION_KEY')) : null;
  }

  private async require(scope: Scope, id: string): Promise<ModelConnectionRow> {
    const row = await this.connections.findOwned(scope, id);
    if (!row) throw new NotFoundException('Model provider not found.');
    return row;
  }

  private toResponse(row: ModelConnectionRow): ConnectionResponse {
    const key = this.key(row);
    return {
      _id: row.id,
      kind: row.kind,
      vendor: CONNECTION_VENDORS[row.kind].label,
      name: row.name,
      base_url: row.baseUrl,
      api_key: key === null ? '' : redactedHint(key),
      created_at: row.createdAt,
    };
  }
}
