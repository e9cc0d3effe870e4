import { createHmac, randomUUID } from 'node:crypto';

type Json = Record<string, unknown>;

/** Who made a change: a person in Notion's app, or an integration (a bot) through the API. */
export type Author = 'person' | 'bot';

/** One delivery Notion made: the event, its attempt, and what the endpoint answered. */
export interface Delivery {
  event: Json;
  attempt: number;
  status: number | null;
  at: number;
}

/** Notion's delivery: up to 8 attempts of an event, backing off between them. */
const ATTEMPTS = 8;

/**
 * A Notion integration's webhook subscription as Notion runs one: creating it sends the
 * endpoint `{ verification_token }`; once verified, each event is a POST signed with that token
 * (`X-Notion-Signature: sha256=<HMAC-SHA256 of the raw body>`), retried on anything but a 2xx up to
 * 8 times with back-off. Property updates of a page within `aggregateMs` are sent as one
 * `page.properties_updated` naming every property changed (Notion aggregates them); events carry no
 * values. `duplicateEvery` sends every nth event twice, `outOfOrder` delays each by a random share
 * of `aggregateMs`, as Notion's delivery order is not guaranteed.
 *
 * Every event names the API version of its subscription (`api_version`, `apiVersion` here). Between
 * 2025-09-03 and 2026-03-11 an event's shape does not change (the SDK's webhook payload types are one
 * for both, and Notion's 2026-03-11 upgrade guide renames fields of the REST API only): a row's
 * parent is its database with its `data_source_id` (the SDK's `WebhookParentBlock`).
 */
export class NotionWebhookSubscription {
  readonly id = randomUUID();
  readonly verificationToken = `secret_${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`;
  /** Whether the operator pasted the token into Notion's Verify dialog: events flow only then. */
  verified = false;
  aggregateMs = 100;
  /** Milliseconds before each retry (Notion backs off over about a day; here scaled down). */
  retryDelaysMs = [50, 100, 200, 400, 800, 1600, 3200];
  duplicateEvery = 0;
  outOfOrder = false;
  /** The API version the subscription was made with, which each event names. */
  apiVersion = '2026-03-11';
  readonly deliveries: Delivery[] = [];
  private sent = 0;
  private readonly pending = new Map<string, { updated: Set<string>; authors: Map<string, Author>; timer: NodeJS.Timeout; parent: Json }>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    readonly url: string,
    private readonly workspace: { id: string; name: string; integrationId: string },
  ) {}

  /** Notion's first request to a new subscription. */
  async sendVerification(): Promise<number> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verification_token: this.verificationToken }),
    });
    return response.status;
  }

  /** A page's properties changed: one aggregated event per page per window. */
  propertiesUpdated(pageId: string, propertyIds: string[], author: { id: string; type: Author }, parent: Json): void {
    const open = this.pending.get(pageId);
    if (open) {
      for (const id of propertyIds) open.updated.add(id);
      open.authors.set(author.id, author.type);
      return;
    }
    const entry = {
      updated: new Set(propertyIds),
      authors: new Map([[author.id, author.type]]),
      parent,
      timer: setTimeout(() => {
        this.pending.delete(pageId);
        this.emit(
          'page.properties_updated',
          pageId,
          [...entry.authors].map(([id, type]) => ({ id, type })),
          { parent: entry.parent, updated_properties: [...entry.updated] },
        );
      }, this.aggregateMs),
    };
    this.pending.set(pageId, entry);
  }

  pageCreated(pageId: string, author: { id: string; type: Author }, parent: Json): void {
    this.emit('page.created', pageId, [author], { parent });
  }

  /** Any event, as Notion shapes it. */
  emit(type: string, pageId: string, authors: { id: string; type: Author }[], data: Json): void {
    if (!this.verified) return;
    const event: Json = {
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      workspace_id: this.workspace.id,
      workspace_name: this.workspace.name,
      subscription_id: this.id,
      integration_id: this.workspace.integrationId,
      authors,
      attempt_number: 1,
      api_version: this.apiVersion,
      type,
      entity: { id: pageId, type: 'page' },
      data,
    };
    this.sent++;
    const copies = this.duplicateEvery > 0 && this.sent % this.duplicateEvery === 0 ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const delay = this.outOfOrder ? Math.floor(Math.random() * this.aggregateMs) : 0;
      this.track(new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() => this.deliver(event, 1)));
    }
  }

  /** Waits for every event already due to be delivered (and their retries). */
  async settled(): Promise<void> {
    while (this.pending.size > 0 || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
      if (this.pending.size > 0) await new Promise((resolve) => setTimeout(resolve, this.aggregateMs));
    }
  }

  stop(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  /** The signature Notion sends: HMAC-SHA256 of the raw body, keyed by the verification token. */
  sign(body: string): string {
    return `sha256=${createHmac('sha256', this.verificationToken).update(body).digest('hex')}`;
  }

  private track(promise: Promise<void>): void {
    this.inFlight.add(promise);
    void promise.finally(() => this.inFlight.delete(promise));
  }

  private async deliver(event: Json, attempt: number): Promise<void> {
    const body = JSON.stringify({ ...event, attempt_number: attempt });
    let status: number | null = null;
    try {
      const response = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-notion-signature': this.sign(body) }, body });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = null;
    }
    this.deliveries.push({ event, attempt, status, at: Date.now() });
    if (status !== null && status >= 200 && status < 300) return;
    if (attempt >= ATTEMPTS) return;
    await new Promise((resolve) => setTimeout(resolve, this.retryDelaysMs[attempt - 1] ?? 3200));
    await this.deliver(event, attempt + 1);
  }
}
