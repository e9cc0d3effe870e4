import { Inject, Injectable, Logger } from '@nestjs/common';
import { APIResponseError, Client, LogLevel } from '@notionhq/client';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { IntegrationError } from '../../common/integration-error';
import { NotionBlock } from '../../generation/notion-blocks';
import { RateLimiter } from './rate-limiter';

export const NOTION_REQUESTS_PER_SECOND = 3;
const STATUS_PROPERTY_TTL_MS = 60_000;

export interface NotionPage {
  id: string;
  url: string;
  properties: Record<string, any>;
}

export interface StatusProperty {
  name: string;
  type: 'status' | 'select';
  options: string[];
}

/** Turns an SDK error into a message that says what went wrong and what to do. */
function notionError(error: unknown, action: string): IntegrationError {
  if (error instanceof APIResponseError) {
    if (error.status === 401) return new IntegrationError('Notion', `rejected the secret saved on Home while trying to ${action}; check it and save it again.`, 401);
    if (error.status === 404) {
      return new IntegrationError('Notion', `could not find what it needed to ${action}: share the database with the integration and check the database id on Home.`, 404);
    }
    return new IntegrationError('Notion', `refused to ${action}: ${error.message}`, error.status);
  }
  return new IntegrationError('Notion', `could not be reached to ${action}: ${(error as Error).message}`);
}

/**
 * Notion through the official SDK (API version 2025-09-03: a database has data sources). Calls
 * for one integration secret are paced to about 3 a second across the process; the SDK retries
 * 429s honouring Retry-After.
 */
@Injectable()
export class NotionClient {
  private readonly logger = new Logger(NotionClient.name);
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly dataSources = new Map<string, string>();
  private readonly statusProperties = new Map<string, { value: StatusProperty | null; until: number }>();
  /** Requests sent and 429s received, for the benchmark and the logs. */
  readonly stats = { requests: 0, rateLimited: 0 };

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private client(secret: string): Client {
    let limiter = this.limiters.get(secret);
    if (!limiter) this.limiters.set(secret, (limiter = new RateLimiter(NOTION_REQUESTS_PER_SECOND)));
    const paced = limiter;
    return new Client({
      auth: secret,
      baseUrl: this.config.notionBaseUrl ?? undefined,
      retry: { maxRetries: 5, initialRetryDelayMs: 500, maxRetryDelayMs: 30_000 },
      // The SDK's own console output goes into Quire's structured log instead (its failures surface as IntegrationErrors).
      logLevel: LogLevel.WARN,
      logger: (level, message) => this.logger.debug(`Notion SDK ${level}: ${message}`),
      fetch: ((url: string, init: RequestInit) =>
        paced.schedule(async () => {
          this.stats.requests++;
          const response = await fetch(url, init);
          if (response.status === 429) this.stats.rateLimited++;
          return response;
        })) as never,
    });
  }

  private async call<T>(action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw notionError(error, action);
    }
  }

  /** The database's (first) data source; cached, it does not change. */
  async dataSourceId(secret: string, databaseId: string): Promise<string> {
    const cached = this.dataSources.get(`${secret}:${databaseId}`);
    if (cached) return cached;
    const database = (await this.call('open the database', () => this.client(secret).databases.retrieve({ database_id: databaseId }))) as { data_sources?: { id: string }[] };
    const id = database.data_sources?.[0]?.id;
    if (!id) throw new IntegrationError('Notion', 'the database has no data source to read rows from.');
    this.dataSources.set(`${secret}:${databaseId}`, id);
    return id;
  }

  /** The status property's definition, read at most once a minute per data source (every job needs it). */
  async statusProperty(secret: string, dataSourceId: string, name: string, fresh = false): Promise<StatusProperty | null> {
    const key = `${secret}:${dataSourceId}:${name}`;
    const cached = this.statusProperties.get(key);
    if (!fresh && cached && cached.until > Date.now()) return cached.value;
    const value = await this.readStatusProperty(secret, dataSourceId, name);
    this.statusProperties.set(key, { value, until: Date.now() + STATUS_PROPERTY_TTL_MS });
    return value;
  }

  private async readStatusProperty(secret: string, dataSourceId: string, name: string): Promise<StatusProperty | null> {
    const source = (await this.call('read the database properties', () => this.client(secret).dataSources.retrieve({ data_source_id: dataSourceId }))) as {
      properties: Record<string, any>;
    };
    const property = source.properties?.[name];
    if (!property || (property.type !== 'status' && property.type !== 'select')) return null;
    return { name, type: property.type, options: (property[property.type]?.options ?? []).map((o: { name: string }) => o.name) };
  }

  /** Every row whose status property equals `value`, all pages of results. */
  async pagesWithStatus(secret: string, dataSourceId: string, status: StatusProperty, value: string): Promise<NotionPage[]> {
    const pages: NotionPage[] = [];
    let cursor: string | undefined;
    do {
      const result = (await this.call('look for rows to write', () =>
        this.client(secret).dataSources.query({
          data_source_id: dataSourceId,
          filter: { property: status.name, [status.type]: { equals: value } } as never,
          page_size: 100,
          start_cursor: cursor,
        }),
      )) as { results: NotionPage[]; has_more: boolean; next_cursor: string | null };
      pages.push(...result.results.filter((page) => 'properties' in page));
      cursor = result.has_more ? (result.next_cursor ?? undefined) : undefined;
    } while (cursor);
    return pages;
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
      const result = (await this.call('read the page body', () =>
        this.client(secret).blocks.children.list({ block_id: pageId, page_size: 100, start_cursor: cursor }),
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

  async deleteBlock(secret: string, blockId: string): Promise<void> {
    await this.call('remove a half-written part of the article', () => this.client(secret).blocks.delete({ block_id: blockId }));
  }
}
