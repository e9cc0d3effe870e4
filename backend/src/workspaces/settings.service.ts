import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { sealContext } from '../common/sealed-columns';
import { openSaved, SecretBox, redactedHint } from '../common/secret-box';
import { notionId } from '../integrations/notion/notion-id';
import { secretTextProblem } from '../common/secret-text';
import type { AuthUser } from './current-user';
import { WorkspaceSecretsPatch, WorkspaceSettingsRepository } from './settings.repository';
import { StatusConfig, WorkspaceRow } from './workspaces.schema';
import { DEFAULT_STATUS_CONFIG, ENV_VAR_NAMES, EnvVarName, EnvVars, EnvVarsDto, StatusConfigResponse, UserResponse } from './settings.dto';

const COLUMN_OF: Record<EnvVarName, keyof WorkspaceSecretsPatch> = {
  NOTION_SECRET: 'notionSecret',
  DATABASE_ID: 'notionDatabaseId',
  OPENAI_API_KEY: 'openAiApiKey',
};

const SOURCE_OF: Record<EnvVarName, string> = {
  NOTION_SECRET: "the Notion integration's page",
  DATABASE_ID: 'the Notion database link',
  OPENAI_API_KEY: "OpenAI's API keys page",
};

/**
 * A workspace's connection settings (sealed for "<workspace id>:<name>") and its status names: what
 * Home's settings save (through /api/user) and what every integration reads.
 */
@Injectable()
export class WorkspaceSettingsService {
  constructor(
    private readonly workspaces: WorkspaceSettingsRepository,
    private readonly box: SecretBox,
  ) {}

  async getSettings(user: AuthUser): Promise<UserResponse> {
    return this.toResponse(user, await this.requireWorkspace(user.workspaceId));
  }

  /**
   * Omitted fields stay as they are, so does a field posted back as its own redacted hint; an
   * empty string clears one. Everything is checked before anything is written.
   */
  async updateSettings(user: AuthUser, envVars: EnvVarsDto): Promise<UserResponse> {
    const workspace = await this.requireWorkspace(user.workspaceId);
    const patch: WorkspaceSecretsPatch = {};
    for (const name of ENV_VAR_NAMES) {
      const posted = envVars[name];
      if (posted === undefined) continue;
      const value = posted.trim();
      const current = this.readSecret(workspace, name);
      if (current !== null && value === redactedHint(current)) continue;
      const problem = secretTextProblem(value);
      if (problem) {
        const message =
          problem === 'looks like a redacted hint'
            ? `${name} looks like a redacted hint; paste the full value or leave the field unchanged.`
            : problem === 'must not contain spaces or line breaks'
              ? `${name} must not contain spaces or line breaks.`
              : `${name} may only contain letters, digits and punctuation; paste it again from ${SOURCE_OF[name]}.`;
        throw new BadRequestException({ message, errors: [{ field: `envVars.${name}`, message: problem }] });
      }
      const stored = name === 'DATABASE_ID' ? this.databaseId(value) : value;
      patch[COLUMN_OF[name]] = stored === '' ? null : this.box.seal(stored, sealContext(workspace.id, name));
    }
    const updated = Object.keys(patch).length > 0 ? await this.workspaces.updateSecrets(workspace.id, patch, user.id) : workspace;
    return this.toResponse(user, updated);
  }

  /** People paste the database's link as often as its id: the bare id is what is kept. */
  private databaseId(value: string): string {
    if (value === '') return value;
    const id = notionId(value);
    if (id) return id;
    throw new BadRequestException({
      message: "DATABASE_ID must be the Notion database's link or its id (32 letters and digits, with or without dashes).",
      errors: [{ field: 'envVars.DATABASE_ID', message: 'must be a Notion database link or id' }],
    });
  }

  async getStatusConfig(workspaceId: string): Promise<StatusConfigResponse> {
    const workspace = await this.requireWorkspace(workspaceId);
    return { statusConfig: workspace.statusConfig ?? DEFAULT_STATUS_CONFIG };
  }

  async updateStatusConfig(workspaceId: string, config: StatusConfig): Promise<StatusConfigResponse> {
    await this.requireWorkspace(workspaceId);
    const values = Object.values(config.values);
    if (new Set(values).size !== values.length) {
      throw new BadRequestException({
        message: 'The four status values must be different from each other.',
        errors: [{ field: 'values', message: 'must be four different values' }],
      });
    }
    const { propertyName, values: v } = config;
    const clean: StatusConfig = {
      propertyName,
      values: { start: v.start, inProgress: v.inProgress, error: v.error, complete: v.complete },
    };
    const updated = await this.workspaces.updateStatusConfig(workspaceId, clean);
    return { statusConfig: updated.statusConfig ?? clean };
  }

  /** The decrypted value of one setting, for the integrations that need it; null when unset. */
  async getSecret(workspaceId: string, name: EnvVarName): Promise<string | null> {
    return this.readSecret(await this.requireWorkspace(workspaceId), name);
  }

  /** Several settings (decrypted; null when unset) and the status names, from one read of the workspace. */
  async getSecrets<N extends EnvVarName>(workspaceId: string, names: readonly N[]): Promise<{ secrets: Record<N, string | null>; statusConfig: StatusConfig }> {
    const workspace = await this.requireWorkspace(workspaceId);
    const secrets = Object.fromEntries(names.map((name) => [name, this.readSecret(workspace, name)])) as Record<N, string | null>;
    return { secrets, statusConfig: workspace.statusConfig ?? DEFAULT_STATUS_CONFIG };
  }

  private readSecret(workspace: WorkspaceRow, name: EnvVarName): string | null {
    const sealed = workspace[COLUMN_OF[name]];
    return sealed ? openSaved(this.box, sealed, sealContext(workspace.id, name)) : null;
  }

  private async requireWorkspace(workspaceId: string): Promise<WorkspaceRow> {
    const workspace = await this.workspaces.findById(workspaceId);
    if (!workspace) throw new NotFoundException('Workspace not found.');
    return workspace;
  }

  private toResponse(user: AuthUser, workspace: WorkspaceRow): UserResponse {
    const envVars = Object.fromEntries(
      ENV_VAR_NAMES.map((name) => {
        const value = this.readSecret(workspace, name);
        return [name, value === null ? '' : redactedHint(value)];
      }),
    ) as EnvVars;
    return { name: user.name, avatar: user.avatar, email: user.email, envVars };
  }
}
