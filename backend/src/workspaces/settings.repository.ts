import { Injectable } from '@nestjs/common';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { StatusConfig, WorkspaceRow, workspaces } from './workspaces.schema';

export type WorkspaceSecretsPatch = Partial<Pick<WorkspaceRow, 'notionSecret' | 'notionDatabaseId' | 'openAiApiKey'>>;

/** A workspace's connection settings and status names: the queries. The rules are WorkspaceSettingsService's. */
@Injectable()
export class WorkspaceSettingsRepository {
  constructor(private readonly database: DatabaseService) {}

  async findById(id: string): Promise<WorkspaceRow | null> {
    const [row] = await this.database.db.select().from(workspaces).where(eq(workspaces.id, id)).limit(1);
    return row ?? null;
  }

  /** Workspaces with a Notion secret and database id: each is polled once, however many members it has. */
  withNotionSettings(): Promise<WorkspaceRow[]> {
    return this.database.db
      .select()
      .from(workspaces)
      .where(and(isNotNull(workspaces.notionSecret), isNotNull(workspaces.notionDatabaseId)));
  }

  /** The person who saves the connections becomes the one whose Google account writes the workspace's Docs. */
  async updateSecrets(id: string, patch: WorkspaceSecretsPatch, by: string): Promise<WorkspaceRow> {
    const [row] = await this.database.db
      .update(workspaces)
      .set({ ...patch, driveUserId: by, updatedAt: new Date() })
      .where(eq(workspaces.id, id))
      .returning();
    return row;
  }

  async updateStatusConfig(id: string, statusConfig: StatusConfig): Promise<WorkspaceRow> {
    const [row] = await this.database.db.update(workspaces).set({ statusConfig, updatedAt: new Date() }).where(eq(workspaces.id, id)).returning();
    return row;
  }
}
