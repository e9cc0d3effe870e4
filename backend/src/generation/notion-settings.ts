import { Injectable } from '@nestjs/common';
import { DataSource, NotionClient, StatusProperty } from '../integrations/notion/notion.client';
import { StatusConfig } from '../workspaces/workspaces.schema';
import { Scope } from '../workspaces/scope';
import { DEFAULT_STATUS_CONFIG } from '../workspaces/settings.dto';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { GenerationError } from './generation-error';

/** Where and how a written article is delivered in Notion: the user's secret and status property. */
export interface NotionTarget {
  secret: string;
  status: StatusProperty;
  statusConfig: StatusConfig;
}

export interface SavedSettings {
  secret: string;
  databaseId: string;
  statusConfig: typeof DEFAULT_STATUS_CONFIG;
}

export interface NotionSettings extends NotionTarget {
  dataSourceId: string;
  dataSource: DataSource;
}

/** The workspace's Notion settings as the workflow uses them, or a message saying what is missing. */
@Injectable()
export class NotionSettingsReader {
  constructor(
    private readonly connections: WorkspaceSettingsService,
    private readonly notion: NotionClient,
  ) {}

  /** The workspace's Notion secret, data source and status property, or a message saying what is missing. */
  async read(scope: Scope, fresh = false): Promise<NotionSettings> {
    return this.resolve(await this.saved(scope), fresh);
  }

  /**
   * What the workspace saved, from one read: the Notion secret, the database id and the status names
   * (no Notion call) or a message saying what is missing, and the OpenAI key (null when unset).
   */
  async saved(scope: Scope): Promise<SavedSettings & { openAiKey: string | null }> {
    const { secrets, statusConfig } = await this.connections.getSecrets(scope.workspaceId, ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY']);
    const { NOTION_SECRET: secret, DATABASE_ID: databaseId, OPENAI_API_KEY: openAiKey } = secrets;
    if (!secret || !databaseId) throw new GenerationError('Notion is not set up: save the Notion secret and database id in Notion Settings on Home.');
    return { secret, databaseId, statusConfig, openAiKey };
  }

  /** The database's data source and status property (kept by NotionClient for a minute, or read now when `fresh`). */
  async resolve({ secret, databaseId, statusConfig }: SavedSettings, fresh = false): Promise<NotionSettings> {
    const dataSource = await this.notion.dataSource(secret, databaseId);
    const status = await this.notion.statusProperty(secret, dataSource.id, statusConfig.propertyName, fresh);
    if (!status) {
      throw new GenerationError(
        `The Notion database${sourceNote(dataSource)} has no status or select property named "${statusConfig.propertyName}" (set in Notion Settings on Home).`,
      );
    }
    return { secret, dataSourceId: dataSource.id, dataSource, status, statusConfig };
  }

  /**
   * The saved settings read again from Notion (a data source added there shows up at once), and
   * whether rows can be written with them: the status property must offer the four values. Throws
   * what a person can act on when the database or its status property cannot be read.
   */
  async check(scope: Scope): Promise<{ settings: NotionSettings; ok: boolean; message: string }> {
    const saved = await this.saved(scope);
    await this.notion.dataSource(saved.secret, saved.databaseId, true);
    const settings = await this.resolve(saved, true);
    const { status, statusConfig, dataSource } = settings;
    const missing = Object.values(statusConfig.values).filter((value) => !status.options.includes(value));
    const uses = dataSource.count > 1 ? ` The database has ${dataSource.count} data sources; Quire reads "${dataSource.name}".` : '';
    if (missing.length > 0)
      return {
        settings,
        ok: false,
        message: `The property "${status.name}" has no option ${missing.map((m) => `"${m}"`).join(', ')}; add them in Notion.${uses}`,
      };
    return { settings, ok: true, message: `Connected: "${status.name}" offers all four status values.${uses}` };
  }
}

/** Names the data source Quire reads when the database has several. */
function sourceNote(source: DataSource): string {
  return source.count > 1 ? `'s data source "${source.name}"` : '';
}
