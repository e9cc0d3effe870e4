import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Client } from '@notionhq/client';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { assertSendable, IntegrationError, unansweredReason } from '../../common/integration-error';
import { CALL_RETRIES } from '../../common/retry';
import { SharedPace } from '../pace/shared-pace.service';
import { Metrics } from '../../metrics/metrics';
import { retryingNotionFetch } from './notion-fetch';
import { notionId } from './notion-id';
import { pageTitle, PropertyReader } from './properties';

type NotionSdk = typeof import('@notionhq/client');
let sdk: NotionSdk | undefined;

/** The Notion SDK, loaded when a client is first made or an error first read (not at start-up). */
export function notionSdk(): NotionSdk {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  return (sdk ??= require('@notionhq/client') as NotionSdk);
}

/**
 * The Notion API version every call asks for (the SDK's default is older): 2026-03-11, where a
 * page, block, database or data source in the trash says `in_trash` (no longer `archived`) and
 * appended blocks are placed by `position` (no longer `after`).
 */
export const NOTION_API_VERSION = '2026-03-11';

const STATUS_PROPERTY_TTL_MS = 60_000;
/** A database's data sources can be added or renamed in Notion, so the choice is read again after a minute. */
const DATA_SOURCE_TTL_MS = 60_000;

export interface NotionPage {
  object?: string;
  id: string;
  url: string;
  /** Where the page lives: for a database row, its data source. */
  parent?: { type?: string; data_source_id?: string; database_id?: string };
  /** Moved to the trash in Notion (a data source's query leaves such pages out; reading one does not). */
  in_trash?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Notion's property JSON, read by field
  properties: Record<string, any>;
}

/** A block as Notion's API takes it: its type, and the type's content under the type's name. */
export type NotionBlock = { object: 'block'; type: string } & Record<string, unknown>;

/** The data source Quire reads in the saved database, and how many the database has. */
export interface DataSource {
  id: string;
  name: string;
  count: number;
}

/** A data source's property: its type and, for a status, select or multi-select, its options' names. */
export interface PropertyShape {
  /** Notion's id of the property: what a webhook's `updated_properties` names. */
  id: string;
  name: string;
  type: string;
  options: string[];
}

/** The property a row's status is kept in: a status or a select. */
export interface StatusProperty extends PropertyShape {
  type: 'status' | 'select';
}

/**
 * Turns an SDK error into a message that says what went wrong and what to do, from Notion's status
 * and its own message only.
 */
function notionError(error: unknown, action: string): IntegrationError {
  if (error instanceof IntegrationError) return error;
  const { APIResponseError, UnknownHTTPResponseError } = notionSdk();
  if (error instanceof APIResponseError) {
    if (error.status === 401)
      return new IntegrationError('Notion', `rejected the secret saved on Home while trying to ${action}; check it and save it again.`, 401);
    if (error.status === 404) {
      return new IntegrationError(
        'Notion',
        `could not find what it needed to ${action}: share the database with the integration and check the database id on Home.`,
        404,
      );
    }
    if (error.status === 429 || error.status >= 500 || error.status === 409) {
      return new IntegrationError('Notion', `was unavailable while trying to ${action} (${error.code}, after retries); Quire tries again later.`, error.status);
    }
    return new IntegrationError('Notion', `refused to ${action}: ${error.message}`, error.status);
  }
  // An answer that is not Notion's JSON (a proxy's error page): only its status is worth saying.
  if (error instanceof UnknownHTTPResponseError) return new IntegrationError('Notion', `could not ${action}: it answered HTTP ${error.status}.`, error.status);
  return new IntegrationError('Notion', `could not be reached to ${action}: ${unansweredReason(error)}.`, undefined, { transient: true });
}

/**
 * Notion through the official SDK (API version NOTION_API_VERSION: a database has data sources). Calls
 * for one integration secret are paced to about 3 a second across every server process on the
 * database (SharedPace), and retried on 409, 429 and 5xx honouring Retry-After (notion-fetch.ts).
 */
@Injectable()
export class NotionClient {
  private readonly logger = new Logger(NotionClient.name);
  private readonly dataSources = new Map<string, { value: DataSource; until: number }>();
  private readonly propertyShapes = new Map<string, { value: Map<string, PropertyShape>; until: number }>();
  private readonly reading = new Map<string, Promise<unknown>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pace: SharedPace,
    private readonly metrics: Metrics,
  ) {}

  private client(secret: string): Client {
    assertSendable('Notion', secret, 'Notion secret');
    const send = async (url: string, init: RequestInit, attempt: number) => {
      await this.pace.notionTurn(secret, init.signal);
      const response = await this.metrics.vendorRequest('notion', attempt > 0, () => fetch(url, init));
      // Notion slowed this integration down: every process waits, not only this call.
      if (response.status === 429) await this.pace.notionRateLimited(secret, response.headers.get('retry-after'));
      return response;
    };
    const { Client, LogLevel } = notionSdk();
    return new Client({
      auth: secret,
      notionVersion: NOTION_API_VERSION,
      baseUrl: this.config.notionBaseUrl ?? undefined,
      // Retries are ours (notion-fetch.ts); the SDK's timeout would cut them short, so each attempt has its own.
      retry: false,
      timeoutMs: 15 * 60_000,
      // The SDK's own console output goes into Quire's structured log instead (its failures surface as IntegrationErrors).
      logLevel: LogLevel.WARN,
      logger: (level, message) => this.logger.debug(`Notion SDK ${level}: ${message}`),
      fetch: retryingNotionFetch(send, CALL_RETRIES, (status) => this.logger.debug(`Notion answered ${status}; retrying`)) as never,
    });
  }

  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw notionError(error, action);
    }
  }

  /**
   * The data source to read rows from: the one named like the database (names compared ignoring
   * case and surrounding spaces), else the first Notion lists. Read at most once a minute unless
   * `fresh`. The saved id may be a link saved before Quire kept bare ids.
   */
  async dataSource(secret: string, databaseId: string, fresh = false): Promise<DataSource> {
    const id = notionId(databaseId);
    if (!id)
      throw new IntegrationError(
        'Notion',
        "the database id saved on Home is neither a Notion database link nor an id; paste the database's link in Notion Settings on Home.",
      );
    const key = `${secret}:${id}`;
    const cached = this.dataSources.get(key);
    if (!fresh && cached && cached.until > Date.now()) return cached.value;
    return fresh ? this.readDataSource(secret, id, key) : this.once(`source:${key}`, () => this.readDataSource(secret, id, key));
  }

  /** One read at a time per key: jobs that start together wait for the same answer instead of each asking Notion. */
  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    const running = this.reading.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = read().finally(() => this.reading.delete(key));
    this.reading.set(key, promise);
    return promise;
  }

  private async readDataSource(secret: string, id: string, key: string): Promise<DataSource> {
    const database = (await this.call('open the database', () => this.client(secret).databases.retrieve({ database_id: id }))) as {
      title?: { plain_text?: string }[];
      data_sources?: { id: string; name: string }[];
    };
    const sources = database.data_sources ?? [];
    if (sources.length === 0) throw new IntegrationError('Notion', 'the database has no data source to read rows from.');
    const title = (database.title ?? [])
      .map((t) => t.plain_text ?? '')
      .join('')
      .trim()
      .toLowerCase();
    const chosen = (title && sources.find((source) => source.name.trim().toLowerCase() === title)) || sources[0];
    const value = { id: chosen.id, name: chosen.name, count: sources.length };
    this.dataSources.set(key, { value, until: Date.now() + DATA_SOURCE_TTL_MS });
    return value;
  }

  /** The status property's definition (a status or select property), read at most once a minute per data source (every job needs it). */
  async statusProperty(secret: string, dataSourceId: string, name: string, fresh = false): Promise<StatusProperty | null> {
    const property = (await this.properties(secret, dataSourceId, fresh)).get(name);
    return property && (property.type === 'status' || property.type === 'select') ? (property as StatusProperty) : null;
  }

  /**
   * The data source's properties by name, each with its type and (a status, select or multi-select)
   * its options: one read serves the status property and the first-run checklist's Article select.
   * Kept a minute unless `fresh`.
   */
  async properties(secret: string, dataSourceId: string, fresh = false): Promise<Map<string, PropertyShape>> {
    const key = `${secret}:${dataSourceId}`;
    const cached = this.propertyShapes.get(key);
    if (!fresh && cached && cached.until > Date.now()) return cached.value;
    const value = fresh
      ? await this.readProperties(secret, dataSourceId)
      : await this.once(`properties:${key}`, () => this.readProperties(secret, dataSourceId));
    this.propertyShapes.set(key, { value, until: Date.now() + STATUS_PROPERTY_TTL_MS });
    return value;
  }

  private async readProperties(secret: string, dataSourceId: string): Promise<Map<string, PropertyShape>> {
    const source = (await this.call('read the database properties', () => this.client(secret).dataSources.retrieve({ data_source_id: dataSourceId }))) as {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Notion's property JSON, read by field
      properties: Record<string, any>;
    };
    const shapes = new Map<string, PropertyShape>();
    for (const [name, property] of Object.entries(source.properties ?? {})) {
      const type = String(property?.type ?? '');
      const options = property?.[type]?.options;
      shapes.set(name, { id: String(property?.id ?? ''), name, type, options: Array.isArray(options) ? options.map((o: { name: string }) => o.name) : [] });
    }
    return shapes;
  }

  /** Whether any row's status property equals `value` (one page of one result: the first-run checklist's question). */
  async hasPageWithStatus(secret: string, dataSourceId: string, status: StatusProperty, value: string): Promise<boolean> {
    return (await this.rowsWithStatus(secret, dataSourceId, status, value, 1)).pages.length > 0;
  }

  /** Every row whose status property equals `value`, all pages of results. */
  async pagesWithStatus(secret: string, dataSourceId: string, status: StatusProperty, value: string): Promise<NotionPage[]> {
    const pages: NotionPage[] = [];
    for await (const page of this.eachPageWithStatus(secret, dataSourceId, status, value)) pages.push(page);
    return pages;
  }

  /**
   * Every row whose status property equals `value`, one page of results (100 rows) read at a time
   * as the caller takes them: a database of any size costs the memory of one page of results.
   */
  async *eachPageWithStatus(secret: string, dataSourceId: string, status: StatusProperty, value: string): AsyncGenerator<NotionPage> {
    let cursor: string | undefined;
    do {
      const result = await this.rowsWithStatus(secret, dataSourceId, status, value, 100, cursor);
      yield* result.pages;
      cursor = result.next;
    } while (cursor);
  }

  /** One page of the rows whose status property equals `value`, and the cursor of the next. */
  private async rowsWithStatus(
    secret: string,
    dataSourceId: string,
    status: StatusProperty,
    value: string,
    pageSize: number,
    cursor?: string,
  ): Promise<{ pages: NotionPage[]; next: string | undefined }> {
    const result = (await this.call('look for rows to write', () =>
      this.client(secret).dataSources.query({
        data_source_id: dataSourceId,
        filter: { property: status.name, [status.type]: { equals: value } } as never,
        // A wiki's data source also lists data sources; only pages are rows to write.
        result_type: 'page',
        page_size: pageSize,
        start_cursor: cursor,
      }),
    )) as { results: NotionPage[]; has_more: boolean; next_cursor: string | null };
    return {
      pages: result.results.filter((page) => page.object === 'page' && 'properties' in page),
      next: result.has_more ? (result.next_cursor ?? undefined) : undefined,
    };
  }

  /**
   * Reads what page properties only point to: the titles of related pages (each read once per
   * reader, so one check reads a page shared by many rows once) and relation lists longer than
   * the 25 references a page object holds.
   */
  propertyReader(secret: string): PropertyReader {
    const titles = new Map<string, Promise<string>>();
    return {
      pageTitle: (pageId) => {
        let title = titles.get(pageId);
        if (!title) {
          title = this.call('read a page named in a relation property', () => this.client(secret).pages.retrieve({ page_id: pageId })).then((page) =>
            pageTitle(page as NotionPage),
          );
          titles.set(pageId, title);
        }
        return title;
      },
      relationIds: async (pageId, propertyId) => {
        const ids: string[] = [];
        let cursor: string | undefined;
        do {
          const result = (await this.call('read a relation property', () =>
            this.client(secret).pages.properties.retrieve({ page_id: pageId, property_id: propertyId, page_size: 100, start_cursor: cursor }),
          )) as { results?: { type: string; relation?: { id: string } }[]; has_more?: boolean; next_cursor?: string | null };
          for (const item of result.results ?? []) if (item.relation) ids.push(item.relation.id);
          cursor = result.has_more ? (result.next_cursor ?? undefined) : undefined;
        } while (cursor);
        return ids;
      },
    };
  }

  /** One page as it is now (a webhook event only says that it changed). */
  async page(secret: string, pageId: string): Promise<NotionPage> {
    return (await this.call('read the page a webhook named', () => this.client(secret).pages.retrieve({ page_id: pageId }))) as NotionPage;
  }

  async setStatus(secret: string, pageId: string, status: StatusProperty, value: string): Promise<void> {
    await this.call(`set the page status to "${value}"`, () =>
      this.client(secret).pages.update({ page_id: pageId, properties: { [status.name]: { [status.type]: { name: value } } } as never }),
    );
  }

  /** The ids of the page's child blocks, in order. */
  async childIds(secret: string, pageId: string): Promise<{ id: string; type: string; text: string }[]> {
    const children: { id: string; type: string; text: string }[] = [];
    let cursor: string | undefined;
    do {
      const result = (await this.call(
        'read the page body',
        () => this.client(secret).blocks.children.list({ block_id: pageId, page_size: 100, start_cursor: cursor }),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Notion's block JSON, read by field
      )) as { results: Record<string, any>[]; has_more: boolean; next_cursor: string | null };
      for (const block of result.results) {
        const text = (block[block.type]?.rich_text ?? []).map((r: { plain_text?: string }) => r.plain_text ?? '').join('');
        children.push({ id: block.id, type: block.type, text });
      }
      cursor = result.has_more ? (result.next_cursor ?? undefined) : undefined;
    } while (cursor);
    return children;
  }

  async append(secret: string, pageId: string, blocks: NotionBlock[]): Promise<void> {
    await this.call('add the article to the page', () => this.client(secret).blocks.children.append({ block_id: pageId, children: blocks as never }));
  }

  /** Deletes a block; one already deleted (a retried delete whose first answer was lost) is done. */
  async deleteBlock(secret: string, blockId: string): Promise<void> {
    try {
      await this.client(secret).blocks.delete({ block_id: blockId });
    } catch (error) {
      if (error instanceof notionSdk().APIResponseError && (error.status === 404 || /archived/i.test(error.message))) return;
      throw notionError(error, 'remove a half-written part of the article');
    }
  }
}
