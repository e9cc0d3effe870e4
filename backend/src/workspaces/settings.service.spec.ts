import { BadRequestException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { buildService } from '../../../test/support/unit';
import type { AuthUser } from './current-user';
import { SecretBox } from '../common/secret-box';
import { DEFAULT_STATUS_CONFIG } from './settings.dto';
import { WorkspaceSettingsRepository } from './settings.repository';
import { WorkspaceSettingsService } from './settings.service';
import { WorkspaceRow } from './workspaces.schema';

const USER = 'user-1';
/** Not the user's id, so a secret sealed for the person rather than the workspace does not open. */
const WORKSPACE = 'workspace-1';
const OPENAI_KEY = 'sk-proj-abcdefghijklmnop1234';
const DATABASE_ID = '1f0c2d3e4f5a6b7c8d9e0f1a2b3ca3b4';

const ANN: AuthUser = {
  id: USER,
  userId: USER,
  workspaceId: WORKSPACE,
  name: 'Ann',
  email: 'ann@example.com',
  avatar: null,
  workspaceName: 'Reviews team',
  role: 'owner',
};

describe(WorkspaceSettingsService.name, () => {
  const box = new SecretBox(randomBytes(32));

  function workspaceRow(overrides: Partial<WorkspaceRow> = {}): WorkspaceRow {
    return {
      id: WORKSPACE,
      name: 'Reviews team',
      notionSecret: null,
      notionDatabaseId: null,
      openAiApiKey: box.seal(OPENAI_KEY, `${WORKSPACE}:OPENAI_API_KEY`),
      statusConfig: null,
      notionWebhookToken: 'a'.repeat(64),
      notionWebhookVerification: null,
      notionWebhookVerifiedAt: null,
      notionWebhookDeliveredAt: null,
      driveUserId: USER,
      createdBy: USER,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...overrides,
    };
  }

  async function build(workspace: WorkspaceRow | null = workspaceRow()) {
    const built = await buildService(WorkspaceSettingsService, { workspaces: WorkspaceSettingsRepository }, [{ provide: SecretBox, useValue: box }]);
    built.workspaces.findById.mockResolvedValue(workspace);
    built.workspaces.updateSecrets.mockImplementation(async (_id, patch) => workspaceRow(patch));
    return built;
  }

  const badRequest = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  };

  describe('getSettings', () => {
    it('should answer each saved secret as a redacted hint, and an unset one as empty', async () => {
      const { sut, workspaces } = await build();

      const settings = await sut.getSettings(ANN);

      expect(workspaces.findById).toHaveBeenCalledWith(WORKSPACE);
      expect(settings).toEqual({
        name: 'Ann',
        avatar: null,
        email: 'ann@example.com',
        envVars: { NOTION_SECRET: '', DATABASE_ID: '', OPENAI_API_KEY: 'sk-…1234' },
      });
    });

    it('should answer 500 saying the ENCRYPTION_KEY differs when a secret does not open', async () => {
      const other = new SecretBox(randomBytes(32));
      const { sut } = await build(workspaceRow({ openAiApiKey: other.seal(OPENAI_KEY, `${WORKSPACE}:OPENAI_API_KEY`) }));

      const error = await sut.getSettings(ANN).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(InternalServerErrorException);
      expect((error as Error).message).toMatch(/^Saved secrets cannot be decrypted: this server runs with another ENCRYPTION_KEY/);
    });

    it('should not open a secret sealed for the person’s id rather than the workspace’s', async () => {
      const { sut } = await build(workspaceRow({ openAiApiKey: box.seal(OPENAI_KEY, `${USER}:OPENAI_API_KEY`) }));

      await expect(sut.getSettings(ANN)).rejects.toBeInstanceOf(InternalServerErrorException);
    });

    it('should answer 404 when the workspace is gone', async () => {
      const { sut } = await build(null);

      await expect(sut.getSettings(ANN)).rejects.toThrow(new NotFoundException('Workspace not found.'));
    });
  });

  describe('updateSettings', () => {
    it('should keep a secret posted back as its own hint, writing nothing', async () => {
      const { sut, workspaces } = await build();

      const settings = await sut.updateSettings(ANN, { OPENAI_API_KEY: 'sk-…1234' });

      expect(workspaces.updateSecrets).not.toHaveBeenCalled();
      expect(settings.envVars.OPENAI_API_KEY).toBe('sk-…1234');
    });

    it('should seal a new value, trimmed, bound to the workspace and the setting', async () => {
      const { sut, workspaces } = await build();

      await sut.updateSettings(ANN, { NOTION_SECRET: '  ntn_secret_value_123456 ' });

      const sealed = workspaces.updateSecrets.mock.calls[0][1].notionSecret!;
      expect(sealed).not.toContain('ntn_secret');
      expect(box.open(sealed, `${WORKSPACE}:NOTION_SECRET`)).toBe('ntn_secret_value_123456');
    });

    it('should clear a setting posted as an empty string', async () => {
      const { sut, workspaces } = await build();

      const settings = await sut.updateSettings(ANN, { OPENAI_API_KEY: '' });

      expect(workspaces.updateSecrets).toHaveBeenCalledWith(WORKSPACE, { openAiApiKey: null }, USER);
      expect(settings.envVars.OPENAI_API_KEY).toBe('');
    });

    it('should keep the bare id of a pasted Notion database link', async () => {
      const { sut, workspaces } = await build();

      await sut.updateSettings(ANN, { DATABASE_ID: `https://www.notion.so/team/My-Articles-${DATABASE_ID}?v=abc` });

      expect(box.open(workspaces.updateSecrets.mock.calls[0][1].notionDatabaseId!, `${WORKSPACE}:DATABASE_ID`)).toBe(DATABASE_ID);
    });

    it('should refuse a database id that is neither a link nor an id', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(ANN, { DATABASE_ID: 'my-database' }))).toEqual({
        message: "DATABASE_ID must be the Notion database's link or its id (32 letters and digits, with or without dashes).",
        errors: [{ field: 'envVars.DATABASE_ID', message: 'must be a Notion database link or id' }],
      });
    });

    it('should refuse another secret’s hint (a value holding "…"), naming the field', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(ANN, { OPENAI_API_KEY: 'sk-…9999' }))).toEqual({
        message: 'OPENAI_API_KEY looks like a redacted hint; paste the full value or leave the field unchanged.',
        errors: [{ field: 'envVars.OPENAI_API_KEY', message: 'looks like a redacted hint' }],
      });
    });

    it('should check every field before writing any', async () => {
      const { sut, workspaces } = await build();

      const response = await badRequest(sut.updateSettings(ANN, { NOTION_SECRET: 'ntn_good_secret_value', OPENAI_API_KEY: 'sk proj' }));

      expect(response).toMatchObject({ message: 'OPENAI_API_KEY must not contain spaces or line breaks.' });
      expect(workspaces.updateSecrets).not.toHaveBeenCalled();
    });

    it('should refuse characters that cannot travel in a header, saying where to copy the value from', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(ANN, { NOTION_SECRET: 'ntn_séçret' }))).toMatchObject({
        message: "NOTION_SECRET may only contain letters, digits and punctuation; paste it again from the Notion integration's page.",
      });
    });
  });

  describe('getStatusConfig', () => {
    it('should answer the default configuration until one is saved', async () => {
      const { sut } = await build();

      expect(await sut.getStatusConfig(WORKSPACE)).toEqual({ statusConfig: DEFAULT_STATUS_CONFIG });
    });
  });

  describe('getSecrets', () => {
    it('should open the settings asked for, null where unset, with the status names, from one read', async () => {
      const config = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Oops', complete: 'Done' } };
      const { sut, workspaces } = await build(workspaceRow({ notionDatabaseId: box.seal(DATABASE_ID, `${WORKSPACE}:DATABASE_ID`), statusConfig: config }));

      const answer = await sut.getSecrets(WORKSPACE, ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY']);

      expect(answer).toEqual({ secrets: { NOTION_SECRET: null, DATABASE_ID, OPENAI_API_KEY: OPENAI_KEY }, statusConfig: config });
      expect(workspaces.findById).toHaveBeenCalledTimes(1);
      expect(workspaces.findById).toHaveBeenCalledWith(WORKSPACE);
    });

    it('should answer the default status names until some are saved', async () => {
      expect((await (await build()).sut.getSecrets(WORKSPACE, ['OPENAI_API_KEY'])).statusConfig).toEqual(DEFAULT_STATUS_CONFIG);
    });

    it('should answer 404 for an unknown workspace', async () => {
      await expect((await build(null)).sut.getSecrets(WORKSPACE, ['OPENAI_API_KEY'])).rejects.toBeInstanceOf(NotFoundException);
    });
  });

  describe('updateStatusConfig', () => {
    it('should keep only the property name and the four values', async () => {
      const { sut, workspaces } = await build();
      workspaces.updateStatusConfig.mockImplementation(async (_id, statusConfig) => workspaceRow({ statusConfig }));
      const posted = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Busy', error: 'Broken', complete: 'Done', extra: 'x' } };

      await sut.updateStatusConfig(WORKSPACE, posted);

      expect(workspaces.updateStatusConfig).toHaveBeenCalledWith(WORKSPACE, {
        propertyName: 'Stage',
        values: { start: 'Go', inProgress: 'Busy', error: 'Broken', complete: 'Done' },
      });
    });

    it('should refuse two equal status values, writing nothing', async () => {
      const { sut, workspaces } = await build();

      const response = await badRequest(
        sut.updateStatusConfig(WORKSPACE, { propertyName: 'Status', values: { start: 'Go', inProgress: 'Go', error: 'Error', complete: 'Done' } }),
      );

      expect(response).toEqual({
        message: 'The four status values must be different from each other.',
        errors: [{ field: 'values', message: 'must be four different values' }],
      });
      expect(workspaces.updateStatusConfig).not.toHaveBeenCalled();
    });
  });
});
