import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { HttpFake, json, RecordedRequest } from './http-fake';

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
}

interface FakePage {
  id: string;
  url: string;
  properties: Json;
  children: Json[];
}

const STATUS_OPTIONS = ['Not started', 'Start Generating', 'Generating...', 'Generating Error', 'Posts Generated'];
const text = (content: string) => [{ type: 'text', text: { content, link: null }, plain_text: content, annotations: {} }];

/**
 * Notion's API (version 2025-09-03) as far as Quire uses it: a database with one data source,
 * rows filtered by a status or select property, page property updates, and page bodies (list,
 * append with Notion's size limits, delete). It can rate-limit (429 with Retry-After) and refuse
 * appends, and counts what it was asked.
 */
export class NotionFake extends HttpFake {
  secret = 'ntn_fake_integration_secret_0001';
  readonly databaseId = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';
  readonly dataSourceId = 'ds-1f0c2b3a-0000-4000-8000-000000000001';
  statusType: 'status' | 'select' = 'status';
  statusOptions = [...STATUS_OPTIONS];
  /** Requests allowed per second before answering 429 (Infinity: no limit). */
  requestsPerSecond = Infinity;
  /** The next appends refused with this message. */
  refuseAppends: { count: number; message: string } | null = null;
  readonly pages = new Map<string, FakePage>();
  rateLimited = 0;
  private window: number[] = [];

  constructor() {
    super((req, res) => this.route(req, res));
  }

  get baseUrl(): string {
    return this.url;
  }

  reset(): void {
    this.pages.clear();
    this.requests.length = 0;
    this.rateLimited = 0;
    this.requestsPerSecond = Infinity;
    this.refuseAppends = null;
    this.statusType = 'status';
    this.statusOptions = [...STATUS_OPTIONS];
    this.window = [];
  }

  addRow(row: FakeRow): string {
    const id = randomUUID();
    const properties: Json = {
      Name: { id: 'title', type: 'title', title: text(row.title) },
      Status: { id: 'st', type: this.statusType, [this.statusType]: { name: row.status } },
    };
    if (row.type !== undefined) properties.Type = { id: 'ty', type: 'select', select: { name: row.type } };
    if (row.article !== undefined) properties.Article = { id: 'ar', type: 'rich_text', rich_text: text(row.article) };
    if (row.client !== undefined) properties.Client = { id: 'cl', type: 'select', select: { name: row.client } };
    for (const [name, value] of Object.entries(row.extra ?? {})) properties[name] = { id: name, type: 'rich_text', rich_text: text(value) };
    const children = (row.body ?? []).map((content) => this.block({ type: 'paragraph', paragraph: { rich_text: text(content) } }));
    this.pages.set(id, { id, url: `https://www.notion.so/${id.replace(/-/g, '')}`, properties, children });
    return id;
  }

  statusOf(pageId: string): string {
    const property = this.pages.get(pageId)!.properties.Status;
    return property[property.type].name;
  }

  /** The page body as "type: text" lines, for assertions. */
  bodyOf(pageId: string): string[] {
    return this.pages.get(pageId)!.children.map((block) => `${block.type}: ${(block[block.type]?.rich_text ?? []).map((r: Json) => r.plain_text).join('')}`);
  }

  private block(partial: Json): Json {
    const rich = partial[partial.type]?.rich_text;
    if (rich) for (const item of rich) item.plain_text = item.text?.content ?? item.plain_text ?? '';
    return { object: 'block', id: randomUUID(), has_children: false, ...partial };
  }

  private error(res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) {
    json(res, status, { object: 'error', status, code, message }, headers);
  }

  private route(req: RecordedRequest, res: ServerResponse): void {
    if (req.path.startsWith('/__fake/')) return this.control(req, res);
    if (req.headers.authorization !== `Bearer ${this.secret}`) return this.error(res, 401, 'unauthorized', 'API token is invalid.');
    if (!req.headers['notion-version']) return this.error(res, 400, 'missing_version', 'Notion-Version header missing');
    const now = Date.now();
    this.window = this.window.filter((t) => now - t < 1000);
    if (this.window.length >= this.requestsPerSecond) {
      this.rateLimited++;
      return this.error(res, 429, 'rate_limited', 'You have been rate limited. Please try again in a few minutes.', { 'retry-after': '1' });
    }
    this.window.push(now);
    const body = req.body ? JSON.parse(req.body) : {};
    const [, , kind, id, sub] = req.path.split('/');
    if (req.method === 'GET' && kind === 'databases') {
      if (id !== this.databaseId) return this.error(res, 404, 'object_not_found', `Could not find database with ID: ${id}.`);
      return json(res, 200, { object: 'database', id, data_sources: [{ id: this.dataSourceId, name: 'Articles' }] });
    }
    if (kind === 'data_sources') {
      if (id !== this.dataSourceId) return this.error(res, 404, 'object_not_found', `Could not find data source with ID: ${id}.`);
      if (req.method === 'GET' && !sub) return json(res, 200, { object: 'data_source', id, properties: this.schema() });
      if (req.method === 'POST' && sub === 'query') return this.query(body, res);
    }
    if (kind === 'pages' && req.method === 'PATCH') return this.updatePage(id, body, res);
    if (kind === 'blocks' && sub === 'children' && req.method === 'GET') return this.listChildren(id, req.query, res);
    if (kind === 'blocks' && sub === 'children' && req.method === 'PATCH') return this.append(id, body, res);
    if (kind === 'blocks' && !sub && req.method === 'DELETE') return this.deleteBlock(id, res);
    this.error(res, 400, 'invalid_request_url', `Invalid request URL: ${req.method} ${req.path}`);
  }

  private schema(): Json {
    return {
      Name: { id: 'title', name: 'Name', type: 'title', title: {} },
      Status: { id: 'st', name: 'Status', type: this.statusType, [this.statusType]: { options: this.statusOptions.map((name) => ({ name })) } },
      Type: { id: 'ty', name: 'Type', type: 'select', select: { options: [] } },
      Article: { id: 'ar', name: 'Article', type: 'rich_text', rich_text: {} },
      Client: { id: 'cl', name: 'Client', type: 'select', select: { options: [] } },
    };
  }

  private pageObject(page: FakePage): Json {
    return { object: 'page', id: page.id, url: page.url, properties: page.properties, parent: { type: 'data_source_id', data_source_id: this.dataSourceId } };
  }

  private query(body: Json, res: ServerResponse): void {
    const filter = body.filter ?? {};
    const kind = filter.status ? 'status' : filter.select ? 'select' : null;
    if (filter.property && kind !== this.statusType) return this.error(res, 400, 'validation_error', `Property type mismatch: ${filter.property} is a ${this.statusType}.`);
    const wanted = kind ? filter[kind].equals : null;
    const matching = [...this.pages.values()].filter((page) => !wanted || page.properties[filter.property]?.[this.statusType]?.name === wanted);
    const start = body.start_cursor ? Number(body.start_cursor) : 0;
    const size = Math.min(body.page_size ?? 100, 100);
    const slice = matching.slice(start, start + size);
    const more = start + size < matching.length;
    json(res, 200, { object: 'list', results: slice.map((p) => this.pageObject(p)), has_more: more, next_cursor: more ? String(start + size) : null });
  }

  private updatePage(id: string, body: Json, res: ServerResponse): void {
    const page = this.pages.get(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find page with ID: ${id}.`);
    for (const [name, value] of Object.entries(body.properties ?? {}) as [string, Json][]) {
      const kind = Object.keys(value)[0];
      if (name === 'Status' && !this.statusOptions.includes(value[kind].name)) {
        return this.error(res, 400, 'validation_error', `Invalid status option. Status option "${value[kind].name}" does not exist.`);
      }
      page.properties[name] = { ...(page.properties[name] ?? {}), type: kind, [kind]: value[kind] };
    }
    json(res, 200, this.pageObject(page));
  }

  private listChildren(id: string, query: URLSearchParams, res: ServerResponse): void {
    const page = this.pages.get(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
    const start = Number(query.get('start_cursor') ?? 0);
    const size = Math.min(Number(query.get('page_size') ?? 100), 100);
    const more = start + size < page.children.length;
    json(res, 200, { object: 'list', results: page.children.slice(start, start + size), has_more: more, next_cursor: more ? String(start + size) : null });
  }

  private append(id: string, body: Json, res: ServerResponse): void {
    const page = this.pages.get(id);
    if (!page) return this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
    if (this.refuseAppends && this.refuseAppends.count > 0) {
      this.refuseAppends.count--;
      return this.error(res, 400, 'validation_error', this.refuseAppends.message);
    }
    const children: Json[] = body.children ?? [];
    if (children.length > 100) return this.error(res, 400, 'validation_error', `body failed validation: body.children.length should be ≤ \`100\`, instead was \`${children.length}\`.`);
    for (const block of children) {
      const rich: Json[] = block[block.type]?.rich_text ?? [];
      if (rich.length > 100) return this.error(res, 400, 'validation_error', 'body failed validation: rich_text.length should be ≤ `100`.');
      if (rich.some((r) => (r.text?.content ?? '').length > 2000)) return this.error(res, 400, 'validation_error', 'body failed validation: text.content.length should be ≤ `2000`.');
    }
    const created = children.map((block) => this.block(structuredClone(block)));
    page.children.push(...created);
    json(res, 200, { object: 'list', results: created, has_more: false, next_cursor: null });
  }

  private deleteBlock(id: string, res: ServerResponse): void {
    for (const page of this.pages.values()) {
      const index = page.children.findIndex((b) => b.id === id);
      if (index >= 0) {
        const [removed] = page.children.splice(index, 1);
        return json(res, 200, { ...removed, archived: true, in_trash: true });
      }
    }
    this.error(res, 404, 'object_not_found', `Could not find block with ID: ${id}.`);
  }

  /** For browser tests, the demo and the benchmark: POST /__fake/rows [FakeRow], /__fake/reset, /__fake/config, GET /__fake/stats. */
  private control(req: RecordedRequest, res: ServerResponse): void {
    const body = req.body ? JSON.parse(req.body) : {};
    if (req.method === 'POST' && req.path === '/__fake/rows') return json(res, 200, { ids: (body as FakeRow[]).map((row) => this.addRow(row)) });
    if (req.method === 'POST' && req.path === '/__fake/reset') {
      this.reset();
      return json(res, 200, { ok: true });
    }
    if (req.method === 'POST' && req.path === '/__fake/config') {
      if (typeof body.requestsPerSecond === 'number') this.requestsPerSecond = body.requestsPerSecond;
      return json(res, 200, { ok: true });
    }
    if (req.method === 'GET' && req.path === '/__fake/stats') {
      const pages = [...this.pages.values()].map((p) => ({ id: p.id, status: this.statusOf(p.id), body: this.bodyOf(p.id) }));
      return json(res, 200, { requests: this.requests.filter((r) => !r.path.startsWith('/__fake/')).length, rateLimited: this.rateLimited, pages });
    }
    json(res, 404, { error: 'unknown control route' });
  }
}
