import { Injectable } from '@nestjs/common';
import { eq, lt, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { WorkspaceRow, workspaces } from '../workspaces/workspaces.schema';
import { notionWebhookEvents } from './notion-webhooks.schema';

/** A workspace's webhook: its address token and the subscription's state (columns of the workspace's row). */
export type WorkspaceWebhook = Pick<
  WorkspaceRow,
  'id' | 'notionWebhookToken' | 'notionWebhookVerification' | 'notionWebhookVerifiedAt' | 'notionWebhookDeliveredAt'
>;

const webhookColumns = {
  id: workspaces.id,
  notionWebhookToken: workspaces.notionWebhookToken,
  notionWebhookVerification: workspaces.notionWebhookVerification,
  notionWebhookVerifiedAt: workspaces.notionWebhookVerifiedAt,
  notionWebhookDeliveredAt: workspaces.notionWebhookDeliveredAt,
};

/**
 * Notion webhooks: a workspace's address and subscription state (columns of its row) and the
 * events taken. The rules are NotionWebhooksService's.
 */
@Injectable()
export class NotionWebhooksRepository {
  constructor(private readonly database: DatabaseService) {}

  /** A workspace's webhook. */
  async find(workspaceId: string): Promise<WorkspaceWebhook | null> {
    const [row] = await this.database.db.select(webhookColumns).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
    return row ?? null;
  }

  /** The webhook a Notion webhook address names. */
  async findByWebhookToken(token: string): Promise<WorkspaceWebhook | null> {
    const [row] = await this.database.db.select(webhookColumns).from(workspaces).where(eq(workspaces.notionWebhookToken, token)).limit(1);
    return row ?? null;
  }

  /** A subscription's verification token (sealed), which signed deliveries must check out with: not verified until one does. */
  async setWebhookVerification(id: string, sealed: string | null): Promise<void> {
    await this.database.db
      .update(workspaces)
      .set({ notionWebhookVerification: sealed, notionWebhookVerifiedAt: null, notionWebhookDeliveredAt: null })
      .where(eq(workspaces.id, id));
  }

  /**
   * A signed delivery arrived: the webhook is verified (from the first), and live if Quire reads it
   * (`read` false: an event of an API version Quire refuses, which must not slow the poll down).
   */
  async markWebhookDelivery(id: string, at: Date, read = true): Promise<void> {
    await this.database.db
      .update(workspaces)
      .set({ ...(read ? { notionWebhookDeliveredAt: at } : {}), notionWebhookVerifiedAt: sql`coalesce(${workspaces.notionWebhookVerifiedAt}, ${at})` })
      .where(eq(workspaces.id, id));
  }

  /** Takes a webhook event once: false when its id was taken before (Notion's retries, duplicates). */
  async takeWebhookEvent(values: { id: string; workspaceId: string; type: string; entityId: string | null }): Promise<boolean> {
    const rows = await this.database.db.insert(notionWebhookEvents).values(values).onConflictDoNothing().returning({ id: notionWebhookEvents.id });
    return rows.length > 0;
  }

  /** Event ids are kept a week (Notion retries for about a day). */
  async forgetWebhookEvents(before: Date): Promise<void> {
    await this.database.db.delete(notionWebhookEvents).where(lt(notionWebhookEvents.receivedAt, before));
  }
}
