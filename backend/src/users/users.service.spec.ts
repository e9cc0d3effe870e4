import { BadRequestException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { buildService } from '../../../test/support/unit';
import { SecretBox } from '../common/secret-box';
import { DEFAULT_STATUS_CONFIG } from './users.dto';
import { UsersRepository } from './users.repository';
import { UserRow } from './users.schema';
import { UsersService } from './users.service';

const USER = 'user-1';
const OPENAI_KEY = 'sk-proj-abcdefghijklmnop1234';
const DATABASE_ID = '1f0c2d3e4f5a6b7c8d9e0f1a2b3ca3b4';

describe(UsersService.name, () => {
  const box = new SecretBox(randomBytes(32));

  function userRow(overrides: Partial<UserRow> = {}): UserRow {
    return {
      id: USER,
      email: 'ann@example.com',
      name: 'Ann',
      avatar: null,
      googleSubject: null,
      googleRefreshToken: null,
      googleAccessToken: null,
      googleAccessTokenExpiresAt: null,
      notionSecret: null,
      notionDatabaseId: null,
      openAiApiKey: box.seal(OPENAI_KEY, `${USER}:OPENAI_API_KEY`),
      statusConfig: null,
      createdAt: new Date(0),
      updatedAt: new Date(0),
      ...overrides,
    };
  }

  async function build(user: UserRow | null = userRow()) {
    const built = await buildService(UsersService, { users: UsersRepository }, [{ provide: SecretBox, useValue: box }]);
    built.users.findById.mockResolvedValue(user);
    built.users.updateSecrets.mockImplementation(async (_id, patch) => userRow(patch));
    return built;
  }

  const badRequest = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  };

  describe('getSettings', () => {
    it('should answer each saved secret as a redacted hint, and an unset one as empty', async () => {
      const { sut } = await build();

      const settings = await sut.getSettings(USER);

      expect(settings).toEqual({
        name: 'Ann',
        avatar: null,
        email: 'ann@example.com',
        envVars: { NOTION_SECRET: '', DATABASE_ID: '', OPENAI_API_KEY: 'sk-…1234' },
      });
    });

    it('should answer 500 saying the ENCRYPTION_KEY differs when a secret does not open', async () => {
      const other = new SecretBox(randomBytes(32));
      const { sut } = await build(userRow({ openAiApiKey: other.seal(OPENAI_KEY, `${USER}:OPENAI_API_KEY`) }));

      const error = await sut.getSettings(USER).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(InternalServerErrorException);
      expect((error as Error).message).toMatch(/^Saved secrets cannot be decrypted: this server runs with another ENCRYPTION_KEY/);
    });

    it('should answer 404 when the user is gone', async () => {
      const { sut } = await build(null);

      await expect(sut.getSettings(USER)).rejects.toThrow(new NotFoundException('User not found.'));
    });
  });

  describe('updateSettings', () => {
    it('should keep a secret posted back as its own hint, writing nothing', async () => {
      const { sut, users } = await build();

      const settings = await sut.updateSettings(USER, { OPENAI_API_KEY: 'sk-…1234' });

      expect(users.updateSecrets).not.toHaveBeenCalled();
      expect(settings.envVars.OPENAI_API_KEY).toBe('sk-…1234');
    });

    it('should seal a new value, trimmed, bound to the user and the setting', async () => {
      const { sut, users } = await build();

      await sut.updateSettings(USER, { NOTION_SECRET: '  ntn_secret_value_123456 ' });

      const sealed = users.updateSecrets.mock.calls[0][1].notionSecret!;
      expect(sealed).not.toContain('ntn_secret');
      expect(box.open(sealed, `${USER}:NOTION_SECRET`)).toBe('ntn_secret_value_123456');
    });

    it('should clear a setting posted as an empty string', async () => {
      const { sut, users } = await build();

      const settings = await sut.updateSettings(USER, { OPENAI_API_KEY: '' });

      expect(users.updateSecrets).toHaveBeenCalledWith(USER, { openAiApiKey: null });
      expect(settings.envVars.OPENAI_API_KEY).toBe('');
    });

    it('should keep the bare id of a pasted Notion database link', async () => {
      const { sut, users } = await build();

      await sut.updateSettings(USER, { DATABASE_ID: `https://www.notion.so/team/My-Articles-${DATABASE_ID}?v=abc` });

      expect(box.open(users.updateSecrets.mock.calls[0][1].notionDatabaseId!, `${USER}:DATABASE_ID`)).toBe(DATABASE_ID);
    });

    it('should refuse a database id that is neither a link nor an id', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(USER, { DATABASE_ID: 'my-database' }))).toEqual({
        message: "DATABASE_ID must be the Notion database's link or its id (32 letters and digits, with or without dashes).",
        errors: [{ field: 'envVars.DATABASE_ID', message: 'must be a Notion database link or id' }],
      });
    });

    it('should refuse another secret’s hint (a value holding "…"), naming the field', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(USER, { OPENAI_API_KEY: 'sk-…9999' }))).toEqual({
        message: 'OPENAI_API_KEY looks like a redacted hint; paste the full value or leave the field unchanged.',
        errors: [{ field: 'envVars.OPENAI_API_KEY', message: 'looks like a redacted hint' }],
      });
    });

    it('should check every field before writing any', async () => {
      const { sut, users } = await build();

      const response = await badRequest(sut.updateSettings(USER, { NOTION_SECRET: 'ntn_good_secret_value', OPENAI_API_KEY: 'sk proj' }));

      expect(response).toMatchObject({ message: 'OPENAI_API_KEY must not contain spaces or line breaks.' });
      expect(users.updateSecrets).not.toHaveBeenCalled();
    });

    it('should refuse characters that cannot travel in a header, saying where to copy the value from', async () => {
      const { sut } = await build();

      expect(await badRequest(sut.updateSettings(USER, { NOTION_SECRET: 'ntn_séçret' }))).toMatchObject({
        message: "NOTION_SECRET may only contain letters, digits and punctuation; paste it again from the Notion integration's page.",
      });
    });
  });

  describe('getStatusConfig', () => {
    it('should answer the default configuration until one is saved', async () => {
      const { sut } = await build();

      expect(await sut.getStatusConfig(USER)).toEqual({ statusConfig: DEFAULT_STATUS_CONFIG });
    });
  });

  describe('getSecrets', () => {
    it('should open the settings asked for, null where unset, with the status names, from one read', async () => {
      const config = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Oops', complete: 'Done' } };
      const { sut, users } = await build(userRow({ notionDatabaseId: box.seal(DATABASE_ID, `${USER}:DATABASE_ID`), statusConfig: config }));

      const answer = await sut.getSecrets(USER, ['NOTION_SECRET', 'DATABASE_ID', 'OPENAI_API_KEY']);

      expect(answer).toEqual({ secrets: { NOTION_SECRET: null, DATABASE_ID, OPENAI_API_KEY: OPENAI_KEY }, statusConfig: config });
      expect(users.findById).toHaveBeenCalledTimes(1);
    });

    it('should answer the default status names until some are saved, and 404 for an unknown user', async () => {
      expect((await (await build()).sut.getSecrets(USER, ['OPENAI_API_KEY'])).statusConfig).toEqual(DEFAULT_STATUS_CONFIG);
      await expect((await build(null)).sut.getSecrets(USER, ['OPENAI_API_KEY'])).rejects.toBeInstanceOf(NotFoundException);
    });
  });

  describe('updateStatusConfig', () => {
    it('should refuse two equal status values, writing nothing', async () => {
      const { sut, users } = await build();

      const response = await badRequest(
        sut.updateStatusConfig(USER, { propertyName: 'Status', values: { start: 'Go', inProgress: 'Go', error: 'Error', complete: 'Done' } }),
      );

      expect(response).toEqual({
        message: 'The four status values must be different from each other.',
        errors: [{ field: 'values', message: 'must be four different values' }],
      });
      expect(users.updateStatusConfig).not.toHaveBeenCalled();
    });
  });

  describe('Google tokens', () => {
    it('should seal the refresh token for its purpose and open it again', async () => {
      const { sut, users } = await build();
      users.setGoogleRefreshToken.mockResolvedValue();

      await sut.setGoogleRefreshToken(USER, 'refresh-1');
      const sealed = users.setGoogleRefreshToken.mock.calls[0][1];
      users.findById.mockResolvedValue(userRow({ googleRefreshToken: sealed }));

      expect(sealed).not.toContain('refresh-1');
      expect(await sut.getGoogleRefreshToken(USER)).toBe('refresh-1');
    });
  });
});
