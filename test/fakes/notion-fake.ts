import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { TransientFaults } from './faults';
import { HttpFake, json, RecordedRequest } from './http-fake';
import { Author, NotionWebhookSubscription } from './notion-webhooks';

type Json = Record<string, any>;

export interface FakeRow {
  title: string;
  status: string;
  type?: string;
  article?: string;
  client?: string;
  /** More properties as text (rich_text). */
  extra?: Record<string, string>;
  /** Blocks already in the page body. */
  body?: string[];
  /** More properties as Notion answers them (any type), by name. */
  properties?: Json;
  /** The data source the row lives in (default: the database's first). */
  dataSourceId?: string;
}

interface FakeIntegration {
  secret: string;
  databaseId: string;
  dataSourceId: string;
}

interface FakePage {
  id: string;
  url: string;
  properties: Json;
  children: Json[];
  dataSourceId: string;
  /** Moved to the trash in Notion's app. */
  inTrash: boolean;
}

/** Notion takes an id with or without dashes, in any case. */
const sameId = (a: string, b: string) => a.replace(/-/g, '').toLowerCase() === b.replace(/-/g, '').toLowerCase();
const dashed = (id: string) =>
  id
    .replace(/-/g, '')
    .toLowerCase()
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
/** What a page object holds of a relation (more are read through the property item endpoint). */
const RELATION_PAGE_LIMIT = 25;
/** Paginated property items: their values come one per result. */
const LISTED_TYPES = ['title', 'rich_text', 'people', 'relation'];

/** A link Notion keeps: an absolute http(s) URL with a host, at most 2,000 characters. */
function validLink(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > 2000 || !/^https?:\/\/[^/]/i.test(url)) return false;
  try {
    return new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** Notion's validator on a body field an endpoint does not take: the first such field, by name, with its value. */
function unexpectedField(body: Json, allowed: string[], where = 'body'): string | null {
  const field = Object.keys(body).find((key) => !allowed.includes(key));
  return field === undefined ? null : `body failed validation: ${where}.${field} should be not present, instead was \`${JSON.stringify(body[field])}\`.`;
}

/** Notion's limit: an average of three requests a second per integration. */
const NOTION_RATE_LIMIT = 3;
/** Notion's error codes and words for the passing faults its status-code page says to retry. */
const FAULT_ANSWERS: Record<number, { code: string; message: string }> = {
  409: { code: 'conflict_error', message: 'Conflict occurred while saving. Please try again.' },
  502: { code: 'bad_gateway', message: 'Notion encountered an issue while attempting to complete this request. Please try again.' },
  503: { code: 'service_unavailable', message: 'Notion is unavailable, try again later.' },
  504: { code: 'gateway_timeout', message: 'Notion timed out while attempting to complete this request. Please try again later.' },
};
/** Where a write answered with a fault after it was done sends its own answer: nowhere. */
const DISCARD = { writeHead: () => DISCARD, setHeader: () => undefined, end: () => undefined } as unknown as ServerResponse;

const STATUS_OPTIONS = ['Not started', 'Start Generating', 'Generating...', 'Generating Error', 'Posts Generated'];
const text = (content: string) => [{ type: 'text', text: { content, link: null }, plain_text: content, annotations: {} }];

/**
 * Notion's API, version 2026-03-11, as far as Quire uses it: a database with one or more data
 * sources (a wiki's also lists data sources unless asked for pages only), rows filtered by a status
 * or select property, pages and their property items (relations past 25 only through the item
 * endpoint), page property updates, and page bodies (list, append with Notion's size limits and
 * link checks and a `position`, delete). Ids resolve with or without dashes. It rate-limits as
 * Notion does (429 with Retry-After past an average of three requests a second, with a burst of one
 * request, as Notion allows "some bursts beyond the average"; each integration secret has its own,
 * and `addIntegration` adds one with a database of its own), can answer a share of calls with
 * Notion's passing faults (some after doing the write), refuse appends, and counts what it was asked.
 *
 * Version 2026-03-11, read on 2026-11-27 from Notion's upgrade guide
 * (https://developers.notion.com/guides/get-started/upgrade-guide-2026-03-11), its versioning page
 * (https://developers.notion.com/reference/versioning), "Append block children"
 * (https://developers.notion.com/reference/patch-block-children) and "Trash a page"
 * (https://developers.notion.com/reference/trash-page), and the SDK's types (`@notionhq/client`
 * 5.26, `ContentPositionSchema`):
 * - `archived` is gone from requests and answers: pages, databases, data sources and blocks carry
 *   `in_trash` only, and a body that still sends `archived` is refused as Notion's validator
 *   refuses any field an endpoint does not take (400 `validation_error`, "body failed validation:
 *   body.archived should be not present, instead was `true`.", the words reported from the live API
 *   in https://github.com/eval-sys/mcpmark/issues/269). Each endpoint here takes only its own
 *   body fields.
 * - Appending children takes `position` (`{ type: "end" }`, the default; `{ type: "start" }`;
 *   `{ type: "after_block", after_block: { id } }`) instead of `after`, which is refused so.
 * - The `transcription` block type is `meeting_notes` (no page here holds one, and Quire writes none).
 * - A request without `Notion-Version` is answered 400 `missing_version` in Notion's words. Notion
 *   still answers the older versions (2025-09-03 and before), each in its own shape; this simulator
 *   answers only in 2026-03-11's, so it refuses any other version (its own words, saying so) rather
 *   than answer an older client wrongly.
 * - A page moved to the trash (`trashByHand`) is still read (`in_trash: true`), is left out of a
 *   data source's query, and refuses changes ("Can't edit block that is archived. You must unarchive
 *   the block before editing.", Notion's words for a page as for a block) until it is restored.
 */
/** The API version the simulator answers in. */
const NOTION_VERSION = '2026-03-11';
/** The body fields each endpoint takes in 2026-03-11 (the SDK's `bodyParams`, less the `archived` and `after` it keeps for older versions). */
const BODY_FIELDS = {
  updatePage: ['properties', 'icon', 'cover', 'is_locked', 'template', 'erase_content', 'in_trash', 'is_archived'],
  appendChildren: ['children', 'position'],
  queryDataSource: ['sorts', 'filter', 'start_cursor', 'page_size', 'in_trash', 'result_type'],
};
const TRASHED = "Can't edit block that is archived. You must unarchive the block before editing.";
/** Blocks whose content is rich text: Notion refuses one without its rich_text array. */
const TEXT_BLOCKS = ['paragraph', 'heading_1', 'heading_2', 'heading_3', 'bulleted_list_item', 'numbered_list_item', 'quote', 'to_do', 'toggle', 'callout'];

export class NotionFake extends HttpFake {
  secret = 'ntn_fake_integration_secret_0001';
  readonly databaseId = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';
  readonly dataSourceId = '9a1e6c2d-0b7f-4c3e-8d21-5f4a3b2c1d01';
  databaseTitle = 'Articles';
  /** The database's data sources, in Notion's order. */
  dataSources: { id: string; name: string }[] = [{ id: this.dataSourceId, name: 'Articles' }];
  /** A wiki: its data source also lists a data source among the rows, unless asked for pages only. */
  wiki = false;
  statusType: 'status' | 'select' = 'status';
  statusOptions = [...STATUS_OPTIONS];
  /**
   * The Article property: null, a text property (a row types a template's title); a list, a select
   * with these options, to which Notion adds any value a row takes.
   */
  articleOptions: string[] | null = null;
  /** Requests allowed per second before answering 429, as Notion limits an integration (Infinity: no limit). */
  requestsPerSecond = NOTION_RATE_LIMIT;
  /** A share of calls answered 409/502/503/504 (and for 502/504 on a write, half of them written anyway). */
  readonly faults = new TransientFaults([409, 502, 503, 504]);
  /** The next appends (PATCH …/children) append and then answer 504, as a gateway that timed out on a write that landed. */
  appendThenFail = 0;
  /** The next appends refused with this message. */
  refuseAppends: { count: number; message: string } | null = null;
  /** How long an append takes before it is written and answered (a long article, a slow day at Notion). */
  appendLatencyMs = 0;
  readonly pages = new Map<string, FakePage>();
  rateLimited = 0;
  /** Other integrations (other operators' secrets), each with a database and data source of its own. */
  private readonly integrations = new Map<string, FakeIntegration>();
  /** Requests each integration (by secret) may still make at once: refilled at `requestsPerSecond`, one more than that at most. */
  private readonly buckets = new Map<string, { tokens: number; refilledAt: number }>();
  /** Deleted blocks: Notion keeps them in the trash, and refuses to delete one again. */
  private readonly trashedBlocks = new Set<string>();
  /** The integration's webhook subscription, once made (`subscribe`). */
  webhook: NotionWebhookSubscription | null = null;
  /** The integration's bot user: the author of every change made through the API. */
  readonly botId = 'b0b0b0b0-1111-4222-8333-444455556666';
  /** The person who changes rows by hand in Notion's app. */
  readonly personId = 'a11ce000-1111-4222-8333-444455556666';

  constructor() {
    super(
      (req, res) => this.route(req, res),
      (res) => this.error(res, 400, 'invalid_json', 'Error parsing JSON body.'),
    );
  }

  get baseUrl(): string {
    return this.url;
  }

  reset(): void {
    this.pages.clear();
    this.requests.length = 0;
    this.rateLimited = 0;
    this.requestsPerSecond = NOTION_RATE_LIMIT;
    this.faults.reset();
    this.appendThenFail = 0;
    this.refuseAppends = null;
    this.appendLatencyMs = 0;
    this.statusType = 'status';
    this.statusOptions = [...STATUS_OPTIONS];
    this.articleOptions = null;
    this.buckets.clear();
    this.integrations.clear();
    this.trashedBlocks.clear();
    this.databaseTitle = 'Articles';
    this.dataSources = [{ id: this.dataSourceId, name: 'Articles' }];
    this.wiki = false;
    this.webhook?.stop();
    this.webhook = null;
  }

  /**
   * A webhook subscription to `url`, as made in the integration's Webhooks tab: Notion sends the
   * verification token at once; events flow once the operator has pasted it back (`verify`).
   */
  async subscribe(url: string): Promise<NotionWebhookSubscription> {
    this.webhook?.stop();
    this.webhook = new NotionWebhookSubscription(url, {
      id: 'fa11fa11-1111-4222-8333-444455556666',
      name: 'Acme',
      integrationId: 'c0c0c0c0-1111-4222-8333-444455556666',
    });
    await this.webhook.sendVerification();
    return this.webhook;
  }

  /** A row's status changed by a person in Notion's app (which Notion tells the webhook of). */
  setStatusByHand(pageId: string, value: string, author: Author = 'person'): void {
    const page = this.page(pageId);
    if (!page) throw new Error(`no page ${pageId}`);
    page.properties.Status = { ...page.properties.Status, [this.statusType]: { name: value } };
    this.webhook?.propertiesUpdated(
      page.id,
      [page.properties.Status.id],
      { id: author === 'bot' ? this.botId : this.personId, type: author },
      this.parentOf(page),
    );
  }

  /** A page's parent as webhook events name it: the database and its data source. */
  private parentOf(page: FakePage): Json {
    return { id: dashed(this.databaseId), type: 'database', data_source_id: page.dataSourceId };
  }

  /** Another operator's integration: its own secret, rate limit, and database (with one data source, where its rows go). */
  addIntegration(): { secret: string; databaseId: string; dataSourceId: string } {
    const integration = { secret: `ntn_fake_${randomUUID().replace(/-/g, '')}`, databaseId: randomUUID().replace(/-/g, ''), dataSourceId: randomUUID() };
    this.integrations.set(integration.secret, integration);
    return { ...integration };
  }

  /** Whether an integration may see a page: one of its database's, or (the first integration) any page outside the others' databases. */
  private sees(integration: FakeIntegration | null, page: FakePage): boolean {
    if (integration) return page.dataSourceId === integration.dataSourceId;
    return ![...this.integrations.values()].some((other) => other.dataSourceId === page.dataSourceId);
  }

  addRow(row: FakeRow): string {
    const id = randomUUID();
    const properties: Json = {
      Name: { id: 'title', type: 'title', title: text(row.title) },
      Status: { id: 'st', type: this.statusType, [this.statusType]: { name: row.status } },
    };
    if (row.type !== undefined) properties.Type = { id: 'ty', type: 'select', select: { name: row.type } };
    if (row.article !== undefined) {
      properties.Article = this.articleOptions
        ? { id: 'ar', type: 'select', select: { name: row.article } }
        : { id: 'ar', type: 'rich_text', rich_text: text(row.article) };
    }
    if (row.client !== undefined) properties.Client = { id: 'cl', type: 'select', select: { name: row.client } };
    for (const [name, value] of Object.entries(row.extra ?? {})) properties[name] = { id: name, type: 'rich_text', rich_text: text(value) };
    Object.assign(properties, structuredClone(row.properties ?? {}));
    const children = (row.body ?? []).map((content) => this.block({ type: 'paragraph', paragraph: { rich_text: text(content) } }));
    this.pages.set(id, {
      id,
      url: `https://www.notion.so/${id.replace(/-/g, '')}`,
      properties,
      children,
      dataSourceId: row.dataSourceId ?? this.dataSources[0].id,
      inTrash: false,
    });
    // A row added in Notion's app: a new page, by a person.
    this.webhook?.pageCreated(id, { id: this.personId, type: 'person' }, this.parentOf(this.pages.get(id)!));
    return id;
  }

  /** A page outside the database (the target of a relation), with just a title. */
  addPage(title: string): string {
    const id = randomUUID();
    this.pages.set(id, {
      id,
      url: `https://www.notion.so/${id.replace(/-/g, '')}`,
      properties: { Name: { id: 'title', type: 'title', title: text(title) } },
      children: [],
      dataSourceId: randomUUID(),
      inTrash: false,
    });
    return id;
  }

  private page(id: string): FakePage | undefined {
    return [...this.pages.values()].find((page) => sameId(page.id, id));
  }

  statusOf(pageId: string): string {
    const property = this.pages.get(pageId)!.properties.Status;
    return property[property.type].name;
  }

  /** The page body as "type: text" lines, for assertions. */
  bodyOf(pageId: string): string[] {
    return this.pages.get(pageId)!.children.map((block) => `${block.type}: ${(block[block.type]?.rich_text ?? []).map((r: Json) => r.plain_text).join('')}`);
  }

  /** A person moves a row to the trash in Notion's app (Notion tells the webhook: `page.deleted`). */
  trashByHand(pageId: string): void {
    const page = this.page(pageId);
    if (!page) throw new Error(`no page ${pageId}`);
    page.inTrash = true;
    this.webhook?.emit('page.deleted', page.id, [{ id: this.personId, type: 'person' }], { parent: this.parentOf(page) });
  }

  /** A paragraph a person adds at the end of the page, in Notion itself; answers its id. */
  addParagraphByHand(pageId: string, content: string): string {
    const block = this.block({ type: 'paragraph', paragraph: { rich_text: text(content) } });
    this.pages.get(pageId)!.children.push(block);
    return block.id;
  }

  private block(partial: Json): Json {
    const rich = partial[partial.type]?.rich_text;
    // Notion keeps text as UTF-8: half of a surrogate pair arrives as U+FFFD.
    if (rich) for (const item of rich) item.plain_text = (item.text?.content ?? item.plain_text ?? '').toWellFormed();
    return { object: 'block', id: randomUUID(), has_children: false, in_trash: false, ...partial };
  }

  private error(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
    json(res, status, { object: 'error', status, code, message }, headers);
  }

  /** A token bucket per integration: an average of `requestsPerSecond`, with a burst of one request over it. */
  private takeToken(secret: string): boolean {
    if (!Number.isFinite(this.requestsPerSecond)) return true;
    const now = Date.now();
    const capacity = this.requestsPerSecond + 1;
    const bucket = this.buckets.get(secret) ?? { tokens: capacity, refilledAt: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.refilledAt) * this.requestsPerSecond) / 1000);
    bucket.refilledAt = now;
    this.buckets.set(secret, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private route(req: RecordedRequest, res: ServerResponse): void {
    if (req.path.startsWith('/__fake/')) return this.control(req, res);
    const secret = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const integration = this.integrations.get(secret) ?? null;
    if (secret !== this.secret && !integration) return this.error(res, 401, 'unauthorized', 'API token is invalid.');
    const version = req.headers['notion-version'];
    if (!version)
      return this.error(
        res,
        400,
        'missing_version',
        'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
      );
    // Notion would answer an older version in that version's shape; the simulator knows only 2026-03-11's (see above).
    if (version !== NOTION_VERSION)
      return this.error(
        res,
        400,
        'invalid_request',
        `This Notion simulator answers only as Notion-Version \`${NOTION_VERSION}\`, instead was \`${String(version)}\`.`,
      );
    if (!this.takeToken(secret)) {
      this.rateLimited++;
      return this.error(res, 429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', { 'retry-after': '1' });
    }
    if (this.appendThenFail > 0 && req.method === 'PATCH' && /^\/v1\/blocks\/[^/]+\/children$/.test(req.path)) {
      this.appendThenFail--;
      this.faults.afterWrites++;
      this.answer(req, DISCARD, integration);
      return this.error(res, 504, FAULT_ANSWERS[504].code, FAULT_ANSWERS[504].message);
    }
    const fault = this.faults.next(req.method !== 'GET');
    if (fault) {
      const answer = FAULT_ANSWERS[fault.status];
      if (fault.afterWrite) this.answer(req, DISCARD, integration);
      return this.error(res, fault.status, answer.code, answer.message);
    }
    this.answer(req, res, integration);
  }

  private answer(req: RecordedRequest, res: ServerResponse, integration: FakeIntegration | null): void {
    const body = req.body ? JSON.parse(req.body) : {};
    const [, , kind, id, sub, subId] = req.path.split('/');
    const databaseId = integration?.databaseId ?? this.databaseId;
    const dataSources = integration ? [{ id: integration.dataSourceId, name: 'Articles' }] : this.dataSources;
    if (req.method === 'GET' && kind === 'databases') {
      if (!sameId(id, databaseId)) return this.error(res, 404, 'object_not_found', `Could not find database with ID: ${id}.`);
      return json(res, 200, {
        object: 'database',
        id: dashed(databaseId),
        title: text(integration ? 'Articles' : this.databaseTitle),
        data_sources: dataSources.map((d) => ({ id: d.id, name: d.name })),
        in_trash: false,
      });
    }
    if ((kind === 'pages' || kind === 'blocks') && id) {
      const page = this.page(id);
      if (page && !this.sees(integration, page))
        return this.error(
          res,
          404,
          'object_not_found',
          `Could not find ${kind === 'pages' ? 'page' : 'block'} with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
        );
    }
    if (kind === 'data_sources') {
      const source = dataSources.find((d) => sameId(d.id, id));
      if (!source) return this.error(res, 404, 'object_not_found', `Could not find data source with ID: ${id}.`);
      if (req.method === 'GET' && !sub) return json(res, 200, { object: 'data_source', id: source.id, properties: this.schema(source.id), in_trash: false });
      if (req.method === 'POST' && sub === 'query') return this.query(source.id, body, res);
    }
    if (kind === 'pages' && req.method === 'GET' && !sub) return this.retrievePage(id, res);
    if (kind === 'pages' && req.method === 'GET' && sub === 'properties') return this.propertyItem(id, decodeURIComponent(subId ?? ''), req.query, res);
    if (kind === 'pages' && req.method === 'PATCH') return this.updatePage(id, body, res);
    if (kind === 'blocks' && sub === 'children' && req.method === 'GET') return this.listChildren(id, req.query, res);
    if (kind === 'blocks' && sub === 'children' && req.method === 'PATCH') return this.append(id, body, res);
    if (kind === 'blocks' && !sub && req.method === 'DELETE') return this.deleteBlock(id, res);
    this.error(res, 400, 'invalid_request_url', `Invalid request URL: ${req.method} ${req.path}`);
  }

  /** The data source's properties; a select lists every value its rows take (Notion adds an option for each new value). */
  private schema(dataSourceId: string): Json {
    const used = (name: string) =>
      [...this.pages.values()].filter((page) => page.dataSourceId === dataSourceId).map((page) => page.properties[name]?.select?.name);
    const select = (id: string, name: string, base: string[] = []) => ({
      id,
      name,
      type: 'select',
      select: {
        options: [...new Set([...base, ...used(name)].filter((value): value is string => typeof value === 'string'))].map((value) => ({ name: value })),
      },
    });
    return {
      Name: { id: 'title', name: 'Name', type: 'title', title: {} },
      Status: { id: 'st', name: 'Status', type: this.statusType, [this.statusType]: { options: this.statusOptions.map((name) => ({ name })) } },
      Type: select('ty', 'Type'),
      Article: this.articleOptions ? select('ar', 'Article', this.articleOptions) : { id: 'ar', name: 'Article', type: 'rich_text', rich_text: {} },
      Client: select('cl', 'Client'),
    };
  }

  private pageObject(page: FakePage): Json {
    const properties = structuredClone(page.properties);
    for (const property of Object.values(properties) as Json[]) {
      if (property.type === 'relation') {
        property.has_more = property.relation.length > RELATION_PAGE_LIMIT;
        property.relation = property.relation.slice(0, RELATION_PAGE_LIMIT);
      }
    }
    return {
      object: 'page',
      id: page.id,
      url: page.url,
      properties,
      parent: { type: 'data_source_id', data_source_id: page.dataSourceId },
      in_trash: page.inTrash,
    };
  }

  private retrievePage(id: string, res: ServerResponse): void {
    const page = this.page(id);
    if (!page)
      return this.error(
        res,
        404,
        'object_not_found',
        `Could not find page with ID: ${id}. Make sure the relevant pages and databases are shared with your integration.`,
      );
    json(res, 200, this.pageObject(page));
  }

  /** GET /v1/pages/{id}/properties/{property_id}: title, rich_text, people and relation one value per result, paginated. */
  private propertyItem(pageId: string, propertyId: string, query: URLSearchParams, res: ServerResponse): void {
    const page = this.page(pageId);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find page with ID: ${pageId}.`);
    // Property ids come URL-encoded (`r%3A2`) and are sent back as they came.
    const property = (Object.values(page.properties) as Json[]).find((p) => decodeURIComponent(p.id) === propertyId);
    if (!property) return this.error(res, 404, 'object_not_found', `Could not find property with ID: ${propertyId}.`);
    if (!LISTED_TYPES.includes(property.type))
      return json(res, 200, { object: 'property_item', id: property.id, type: property.type, [property.type]: property[property.type] });
    const items: Json[] = property[property.type];
    const start = Number(query.get('start_cursor') ?? 0);
    const size = Math.min(Number(query.get('page_size') ?? 100), 100);
    const more = start + size < items.length;
    json(res, 200, {
      object: 'list',
      results: items.slice(start, start + size).map((value) => ({ object: 'property_item', id: property.id, type: property.type, [property.type]: value })),
      next_cursor: more ? String(start + size) : null,
      has_more: more,
      type: 'property_item',
      property_item: {
        id: property.id,
        type: property.type,
        [property.type]: {},
        next_url: more ? `${this.url}/v1/pages/${pageId}/properties/${property.id}?start_cursor=${start + size}` : null,
      },
    });
  }

  private query(dataSourceId: string, body: Json, res: ServerResponse): void {
    const unexpected = unexpectedField(body, BODY_FIELDS.queryDataSource);
    if (unexpected) return this.error(res, 400, 'validation_error', unexpected);
    const filter = body.filter ?? {};
    const kind = filter.status ? 'status' : filter.select ? 'select' : null;
    if (filter.property && kind !== this.statusType)
      return this.error(res, 400, 'validation_error', `Property type mismatch: ${filter.property} is a ${this.statusType}.`);
    const wanted = kind ? filter[kind].equals : null;
    // Pages in the trash are left out (`in_trash: true` asks for those instead, as search does).
    const inSource = [...this.pages.values()].filter((page) => page.dataSourceId === dataSourceId && page.inTrash === (body.in_trash === true));
    const matching: Json[] = inSource
      .filter((page) => !wanted || page.properties[filter.property]?.[this.statusType]?.name === wanted)
      .map((p) => this.pageObject(p));
    if (this.wiki && body.result_type !== 'page')
      matching.unshift({
        object: 'data_source',
        id: randomUUID(),
        properties: this.schema(dataSourceId),
        parent: { type: 'database_id', database_id: dashed(this.databaseId) },
        in_trash: false,
      });
    const start = body.start_cursor ? Number(body.start_cursor) : 0;
    const size = Math.min(body.page_size ?? 100, 100);
    const slice = matching.slice(start, start + size);
    const more = start + size < matching.length;
    json(res, 200, { object: 'list', results: slice, has_more: more, next_cursor: more ? String(start + size) : null });
  }

  private updatePage(id: string, body: Json, res: ServerResponse): void {
    const page = this.page(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find page with ID: ${id}.`);
    const unexpected = unexpectedField(body, BODY_FIELDS.updatePage);
    if (unexpected) return this.error(res, 400, 'validation_error', unexpected);
    if (page.inTrash && body.in_trash !== false) return this.error(res, 400, 'validation_error', TRASHED);
    if (typeof body.in_trash === 'boolean') page.inTrash = body.in_trash;
    const schema = this.schema(page.dataSourceId) as Record<string, Json>;
    for (const [name, value] of Object.entries(body.properties ?? {}) as [string, Json][]) {
      const kind = Object.keys(value)[0];
      // The property's type is the database's, never the request's: Notion refuses a value of another type.
      const type = schema[name]?.type ?? page.properties[name]?.type;
      if (!type) return this.error(res, 400, 'validation_error', `${name} is not a property that exists.`);
      if (kind !== type) return this.error(res, 400, 'validation_error', `${name} is expected to be ${type}.`);
      if (name === 'Status' && !this.statusOptions.includes(value[kind].name)) {
        return this.error(res, 400, 'validation_error', `Invalid status option. Status option "${value[kind].name}" does not exist.`);
      }
      page.properties[name] = { ...(page.properties[name] ?? {}), type: kind, [kind]: value[kind] };
    }
    // A change through the API: the integration's bot is its author.
    const changed = Object.keys(body.properties ?? {}).map((name) => String(page.properties[name]?.id ?? name));
    if (changed.length > 0) this.webhook?.propertiesUpdated(page.id, changed, { id: this.botId, type: 'bot' }, this.parentOf(page));
    json(res, 200, this.pageObject(page));
  }

  private listChildren(id: string, query: URLSearchParams, res: ServerResponse): void {
    const page = this.page(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
    const start = Number(query.get('start_cursor') ?? 0);
    const size = Math.min(Number(query.get('page_size') ?? 100), 100);
    const more = start + size < page.children.length;
    json(res, 200, { object: 'list', results: page.children.slice(start, start + size), has_more: more, next_cursor: more ? String(start + size) : null });
  }

  private append(id: string, body: Json, res: ServerResponse): void {
    if (this.appendLatencyMs > 0) setTimeout(() => this.appendNow(id, body, res), this.appendLatencyMs);
    else this.appendNow(id, body, res);
  }

  private appendNow(id: string, body: Json, res: ServerResponse): void {
    const page = this.page(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
    const unexpected = unexpectedField(body, BODY_FIELDS.appendChildren);
    if (unexpected) return this.error(res, 400, 'validation_error', unexpected);
    if (page.inTrash) return this.error(res, 400, 'validation_error', TRASHED);
    const at = this.insertAt(page, body.position);
    if (typeof at !== 'number') return this.error(res, at.status, at.code, at.message);
    if (this.refuseAppends && this.refuseAppends.count > 0) {
      this.refuseAppends.count--;
      return this.error(res, 400, 'validation_error', this.refuseAppends.message);
    }
    // A block may leave out its type: Notion takes it from the block's one content key.
    const children: Json[] = (body.children ?? []).map((block: Json) =>
      block.type ? block : { ...block, type: Object.keys(block).find((key) => key !== 'object') },
    );
    if (children.length > 100)
      return this.error(res, 400, 'validation_error', `body failed validation: body.children.length should be ≤ \`100\`, instead was \`${children.length}\`.`);
    for (const [index, block] of children.entries()) {
      // A block written to Notion is its type and content; `archived` (read-only, and gone in 2026-03-11) is refused.
      if ('archived' in block)
        return this.error(
          res,
          400,
          'validation_error',
          `body failed validation: body.children[${index}].archived should be not present, instead was \`${JSON.stringify(block.archived)}\`.`,
        );
      const rich: Json[] = block[block.type]?.rich_text ?? [];
      if (TEXT_BLOCKS.includes(block.type) && !Array.isArray(block[block.type]?.rich_text)) {
        return this.error(
          res,
          400,
          'validation_error',
          `body failed validation: body.children[${index}].${block.type}.rich_text should be defined, instead was \`undefined\`.`,
        );
      }
      if (rich.length > 100) return this.error(res, 400, 'validation_error', 'body failed validation: rich_text.length should be ≤ `100`.');
      if (rich.some((r) => (r.text?.content ?? '').length > 2000))
        return this.error(res, 400, 'validation_error', 'body failed validation: text.content.length should be ≤ `2000`.');
    }
    const badLinks = children.flatMap((block) => (block[block.type]?.rich_text ?? []) as Json[]).filter((r) => r.text?.link && !validLink(r.text.link.url));
    if (badLinks.length > 0)
      return this.error(
        res,
        400,
        'validation_error',
        `Content creation Failed. Fix the following: \n${badLinks.map(() => 'Invalid URL for link.').join('\n')}`,
      );
    const created = children.map((block) => this.block(structuredClone(block)));
    page.children.splice(at, 0, ...created);
    json(res, 200, { object: 'list', results: created, has_more: false, next_cursor: null });
  }

  /**
   * Where `position` puts appended blocks in the page's children: the end (Notion's default), the
   * start, or after one of them; else why not.
   */
  private insertAt(page: FakePage, position: unknown): number | { status: number; code: string; message: string } {
    const placement = (position ?? { type: 'end' }) as Json;
    if (placement.type === 'end') return page.children.length;
    if (placement.type === 'start') return 0;
    if (placement.type === 'after_block') {
      const after = String(placement.after_block?.id ?? '');
      const index = page.children.findIndex((block) => sameId(block.id, after));
      if (index >= 0) return index + 1;
      return { status: 404, code: 'object_not_found', message: `Could not find block with ID: ${after}.` };
    }
    const instead = JSON.stringify(placement.type);
    return {
      status: 400,
      code: 'validation_error',
      message: `body failed validation: body.position.type should be \`"after_block"\`, \`"start"\`, or \`"end"\`, instead was \`${instead}\`.`,
    };
  }

  private deleteBlock(id: string, res: ServerResponse): void {
    if (this.trashedBlocks.has(id)) return this.error(res, 400, 'validation_error', TRASHED);
    for (const page of this.pages.values()) {
      const index = page.children.findIndex((b) => sameId(b.id, id));
      if (index >= 0) {
        const [removed] = page.children.splice(index, 1);
        this.trashedBlocks.add(id);
        return json(res, 200, { ...removed, in_trash: true });
      }
    }
    this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
  }

  /** For browser tests, the demo and the benchmark: POST /__fake/rows [FakeRow], /__fake/reset, /__fake/config ({ requestsPerSecond, faultRate, articleOptions }), GET /__fake/stats. */
  private control(req: RecordedRequest, res: ServerResponse): void {
    const body = req.body ? JSON.parse(req.body) : {};
    if (req.method === 'POST' && req.path === '/__fake/rows') return json(res, 200, { ids: (body as FakeRow[]).map((row) => this.addRow(row)) });
    if (req.method === 'POST' && req.path === '/__fake/reset') {
      this.reset();
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && req.path === '/__fake/config') {
      if (typeof body.requestsPerSecond === 'number') this.requestsPerSecond = body.requestsPerSecond;
      if (typeof body.faultRate === 'number') this.faults.rate = body.faultRate;
      if (body.articleOptions === null || Array.isArray(body.articleOptions)) this.articleOptions = body.articleOptions;
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && req.path === '/__fake/stats') {
      const pages = [...this.pages.values()].map((p) => ({ id: p.id, status: this.statusOf(p.id), body: this.bodyOf(p.id) }));
      return json(res, 200, { requests: this.requests.filter((r) => !r.path.startsWith('/__fake/')).length, rateLimited: this.rateLimited, pages });
    }
    json(res, 404, { error: 'unknown control route' });
  }
}
