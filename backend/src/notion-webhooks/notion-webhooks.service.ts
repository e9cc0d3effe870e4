import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { SecretBox } from '../common/secret-box';
import { sealContext } from '../common/sealed-columns';
import { JobsService } from '../jobs/jobs.service';
import { NOTION_EVENT_QUEUE } from '../common/queues';
import { NOTION_API_VERSION, notionSdk } from '../integrations/notion/notion.client';
import type { AuthUser } from '../workspaces/current-user';
import { NotionWebhooksRepository, WorkspaceWebhook } from './notion-webhooks.repository';

/** The events that can start a row; Notion's others (content, comments, data source changes) are taken and left. */
const STARTING_EVENTS = new Set(['page.properties_updated', 'page.created']);
/** Every event type Notion documents: anything else is logged once, as a sign of a new one. */
const KNOWN_EVENTS = new Set([
  'page.created',
  'page.properties_updated',
  'page.content_updated',
  'page.moved',
  'page.deleted',
  'page.undeleted',
  'page.locked',
  'page.unlocked',
  'database.created',
  'database.content_updated',
  'database.moved',
  'database.deleted',
  'database.undeleted',
  'database.schema_updated',
  'data_source.created',
  'data_source.content_updated',
  'data_source.moved',
  'data_source.deleted',
  'data_source.undeleted',
  'data_source.schema_updated',
  'comment.created',
  'comment.updated',
  'comment.deleted',
  'file_upload.created',
  'file_upload.completed',
  'file_upload.expired',
  'file_upload.upload_failed',
]);
const verificationContext = (workspaceId: string) => sealContext(workspaceId, 'NOTION_WEBHOOK_VERIFICATION');

type Json = Record<string, unknown>;
const asRecord = (value: unknown): Json | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : null);
const text = (value: unknown, max = 200): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

/**
 * The API versions of the events Quire reads. A subscription has an API version, and each event
 * names it (`api_version`). Events of 2025-09-03 and 2026-03-11 have one shape (2026-03-11 renamed
 * fields of the REST API, not of events); an older version's differ (databases where 2025-09-03 has
 * data sources) and a later one's are unknown, so those are refused, saying what to change.
 */
export const NOTION_WEBHOOK_API_VERSIONS = ['2025-09-03', NOTION_API_VERSION];

/** What the webhook hands the queue: the page an event named, and the properties it says changed. */
export interface NotionEventJob {
  workspaceId: string;
  pageId: string;
  /** `page.properties_updated`'s property ids; absent for a new page. */
  updatedProperties?: string[];
}

/** What Home shows of a workspace's webhook. */
export interface NotionWebhookState {
  url: string;
  /** The token Notion sent to verify the subscription, to paste into Notion's Verify dialog; owners only, null until it came. */
  verification_token: string | null;
  verification_received: boolean;
  verified_at: string | null;
  last_delivery_at: string | null;
}

/**
 * Notion's webhooks, so a row starts within seconds. Each workspace has an unguessable address. The first request
 * Notion sends a new subscription holds its verification token: kept sealed, shown to owners to
 * paste into Notion. Every later delivery must be signed with it (X-Notion-Signature, HMAC-SHA256
 * of the raw body, compared in constant time by the SDK's helper), else 401 and nothing happens.
 * A signed event is taken once by its id, answered at once, and looked into through the durable
 * queue (the generation workflow's Notion event worker), by the same claim the poll uses.
 */
@Injectable()
export class NotionWebhooksService {
  private readonly logger = new Logger(NotionWebhooksService.name);
  /** Unknown event types, and API versions refused, already logged by this process. */
  private readonly unknownLogged = new Set<string>();

  constructor(
    private readonly webhooks: NotionWebhooksRepository,
    private readonly queue: JobsService,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async state(user: AuthUser): Promise<NotionWebhookState> {
    const workspace = await this.webhooks.find(user.workspaceId);
    if (!workspace) throw new NotFoundException('Workspace not found.');
    const sealed = workspace.notionWebhookVerification;
    return {
      url: `${this.config.appUrl}/api/webhooks/notion/${workspace.notionWebhookToken}`,
      verification_token: sealed && user.role === 'owner' ? this.box.open(sealed, verificationContext(workspace.id)) : null,
      verification_received: sealed !== null,
      verified_at: workspace.notionWebhookVerifiedAt?.toISOString() ?? null,
      last_delivery_at: workspace.notionWebhookDeliveredAt?.toISOString() ?? null,
    };
  }

  /** Forgets the verification token, so a new subscription's can be taken (after one was created again in Notion). */
  async reset(user: AuthUser): Promise<NotionWebhookState> {
    await this.webhooks.setWebhookVerification(user.workspaceId, null);
    return this.state(user);
  }

  /** One delivery to /api/webhooks/notion/{token}. */
  async receive(token: string, raw: Buffer | undefined, signature: string | undefined, body: unknown): Promise<void> {
    const workspace = /^[0-9a-f]{64}$/.test(token) ? await this.webhooks.findByWebhookToken(token) : null;
    if (!workspace) throw new NotFoundException('No Notion webhook has this address.');
    const event = asRecord(body);
    if (!raw || !event) throw new BadRequestException('A Notion webhook delivery is a JSON object.');
    const verification = text(event.verification_token, 500);
    if (verification && Object.keys(event).length === 1) return this.takeVerification(workspace, verification);
    const sealed = workspace.notionWebhookVerification;
    const key = sealed ? this.box.open(sealed, verificationContext(workspace.id)) : null;
    if (!key || !(await notionSdk().verifyWebhookSignature({ body: raw, signature, verificationToken: key }))) {
      throw new UnauthorizedException('The delivery is not signed with this webhook’s verification token.');
    }
    const id = text(event.id);
    const type = text(event.type);
    if (!id || !type) throw new BadRequestException('A Notion webhook event has an id and a type.');
    await this.refuseUnreadVersion(workspace, event.api_version);
    const entity = asRecord(event.entity);
    const pageId = entity?.type === 'page' ? text(entity.id) : null;
    await this.webhooks.markWebhookDelivery(workspace.id, new Date());
    if (!(await this.webhooks.takeWebhookEvent({ id, workspaceId: workspace.id, type, entityId: text(entity?.id) }))) return;
    if (!KNOWN_EVENTS.has(type) && !this.unknownLogged.has(type)) {
      this.unknownLogged.add(type);
      this.logger.warn(`Notion sent a webhook event of a type Quire does not know: ${type.slice(0, 60)} (left alone)`);
    }
    if (!STARTING_EVENTS.has(type) || !pageId) return;
    // Quire's own writes (its integration, a bot) start nothing: only a person's or an agent's change may.
    const authors = Array.isArray(event.authors) ? event.authors.map(asRecord) : [];
    if (authors.length > 0 && authors.every((author) => author?.type === 'bot')) return;
    const data = asRecord(event.data);
    const updated = Array.isArray(data?.updated_properties) ? data.updated_properties.filter((p): p is string => typeof p === 'string') : undefined;
    const job: NotionEventJob = { workspaceId: workspace.id, pageId, ...(type === 'page.properties_updated' && updated ? { updatedProperties: updated } : {}) };
    await this.queue.send(NOTION_EVENT_QUEUE, job, { singletonKey: id });
  }

  /**
   * A signed event of an API version Quire does not read is refused (400) with what to change. It
   * verifies the webhook (it is signed), but is no delivery, so the poll keeps its own pace.
   */
  private async refuseUnreadVersion(workspace: WorkspaceWebhook, named: unknown): Promise<void> {
    const version = typeof named === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(named) ? named : null;
    if (version && NOTION_WEBHOOK_API_VERSIONS.includes(version)) return;
    await this.webhooks.markWebhookDelivery(workspace.id, new Date(), false);
    const message =
      `Quire reads Notion webhook events of API version ${NOTION_WEBHOOK_API_VERSIONS.join(' or ')}, and this one is of ${version ?? 'no version it can read'}: ` +
      `give the subscription version ${NOTION_API_VERSION} in the integration's Webhooks tab.`;
    if (!this.unknownLogged.has(`version:${version}`)) {
      this.unknownLogged.add(`version:${version}`);
      this.logger.warn(`Notion webhook of workspace ${workspace.id} refused: ${message}`);
    }
    throw new BadRequestException(message);
  }

  /** The first request of a subscription: its token is kept until a signed delivery proves Notion has it. */
  private async takeVerification(workspace: WorkspaceWebhook, token: string): Promise<void> {
    if (workspace.notionWebhookVerifiedAt) {
      throw new ConflictException('This webhook is verified already: reset it on Home to connect a new Notion subscription.');
    }
    await this.webhooks.setWebhookVerification(workspace.id, this.box.seal(token, verificationContext(workspace.id)));
    this.logger.log(`Notion sent the verification token of a webhook subscription for workspace ${workspace.id}`);
  }
}
