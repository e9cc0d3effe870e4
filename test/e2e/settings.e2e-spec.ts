import request from 'supertest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { SessionsService } from '../../backend/src/auth/sessions.service';
import { UsersRepository } from '../../backend/src/users/users.repository';
import { WorkspaceSettingsService } from '../../backend/src/workspaces/settings.service';
import { WorkspacesService } from '../../backend/src/workspaces/workspaces.service';
import { signInLocal } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

const NOTION_SECRET = 'ntn_4815162342abcdefghijKLMN';
const DATABASE_ID = '1c2b3a4d5e6f47a8b9c0d1e2f3a4b5c6';
const OPENAI_API_KEY = 'sk-proj-Zx81-very-long-secret-c9Qx';
const DEFAULT_STATUS = {
  propertyName: 'Status',
  values: { start: 'Start Generating', inProgress: 'Generating...', error: 'Generating Error', complete: 'Posts Generated' },
};

describe('Settings: /api/user and /api/user/status-config', () => {
  const t = useTestApp();

  async function storedRow() {
    const result = await t.database.db.execute(sql`select w.* from workspaces w join users u on u.id = w.id where u.email = 'local-operator@quire.invalid'`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  }

  /** Another operator with a session of their own, made the way sign-in makes them. */
  async function otherOperator() {
    const user = await t.app.get(UsersRepository).upsertProfile({
      id: randomUUID(),
      email: 'grace@quire.test',
      name: 'Grace Hopper',
      avatar: null,
      googleSubject: 'g-2',
    });
    await t.app.get(WorkspacesService).onSignIn(user);
    const token = await t.app.get(SessionsService).create(user.id);
    return { user, cookie: `quire_session=${token}` };
  }

  it('should answer empty settings and the spec defaults for a new operator', async () => {
    const agent = await signInLocal(t.http);
    const user = await agent.get('/api/user').expect(200);
    expect(user.body).toEqual({
      name: 'Local Operator',
      avatar: null,
      email: 'local-operator@quire.invalid',
      envVars: { NOTION_SECRET: '', DATABASE_ID: '', OPENAI_API_KEY: '' },
    });
    const status = await agent.get('/api/user/status-config').expect(200);
    expect(status.body).toEqual({ statusConfig: DEFAULT_STATUS });
  });

  it('should save the three settings and answer only redacted hints', async () => {
    const agent = await signInLocal(t.http);
    const res = await agent.post('/api/user').send({ envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY } }).expect(200);
    expect(res.body.envVars).toEqual({ NOTION_SECRET: 'ntn…KLMN', DATABASE_ID: '1c2…b5c6', OPENAI_API_KEY: 'sk-…c9Qx' });
    expect(JSON.stringify((await agent.get('/api/user').expect(200)).body)).not.toMatch(/4815162342|very-long-secret/);
  });

  it('should keep secrets encrypted in the database and out of the log', async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY } }).expect(200);
    const row = JSON.stringify(await storedRow());
    for (const secret of [NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY]) {
      expect(row).not.toContain(secret);
      expect(t.logger.lines.join('\n')).not.toContain(secret);
    }
    const user = await storedRow();
    expect(user.openai_api_key).toMatch(/^v1:/);
    expect(await t.app.get(WorkspaceSettingsService).getSecret(String(user.id), 'OPENAI_API_KEY')).toBe(OPENAI_API_KEY);
  });

  it('should keep the stored values when the hints are posted back', async () => {
    const agent = await signInLocal(t.http);
    const saved = await agent.post('/api/user').send({ envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY } }).expect(200);
    const before = await storedRow();
    await agent.post('/api/user').send({ envVars: saved.body.envVars }).expect(200);
    const service = t.app.get(WorkspaceSettingsService);
    expect(await service.getSecret(String(before.id), 'NOTION_SECRET')).toBe(NOTION_SECRET);
    expect(await service.getSecret(String(before.id), 'DATABASE_ID')).toBe(DATABASE_ID);
    expect(await service.getSecret(String(before.id), 'OPENAI_API_KEY')).toBe(OPENAI_API_KEY);
    expect((await storedRow()).openai_api_key).toBe(before.openai_api_key);
  });

  it('should change one setting and leave the omitted ones alone', async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY } }).expect(200);
    const res = await agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: 'sk-proj-another-key-value-7777' } })
      .expect(200);
    expect(res.body.envVars).toEqual({ NOTION_SECRET: 'ntn…KLMN', DATABASE_ID: '1c2…b5c6', OPENAI_API_KEY: 'sk-…7777' });
  });

  it('should clear a setting posted as an empty string', async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { NOTION_SECRET, OPENAI_API_KEY } }).expect(200);
    const res = await agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: '' } })
      .expect(200);
    expect(res.body.envVars.OPENAI_API_KEY).toBe('');
    expect(res.body.envVars.NOTION_SECRET).toBe('ntn…KLMN');
  });

  it.each([
    ['an unknown field', { envVars: { OPENAI_API_KEY: 'sk-x' }, isAdmin: true }, 'property isAdmin should not exist'],
    ['an unknown setting', { envVars: { AWS_SECRET: 'x' } }, 'property AWS_SECRET should not exist'],
    ['a wrong type', { envVars: { OPENAI_API_KEY: 42 } }, 'OPENAI_API_KEY must be text'],
    ['a huge string', { envVars: { OPENAI_API_KEY: 'k'.repeat(10_000) } }, 'OPENAI_API_KEY must be shorter than or equal to 500 characters'],
    ['a missing envVars', {}, 'envVars is required'],
    [
      'a foreign hint',
      { envVars: { OPENAI_API_KEY: 'sk-…zzzz' } },
      'OPENAI_API_KEY looks like a redacted hint; paste the full value or leave the field unchanged.',
    ],
    ['a value with spaces', { envVars: { OPENAI_API_KEY: 'sk-abc def' } }, 'OPENAI_API_KEY must not contain spaces or line breaks.'],
  ])('should answer 400 and change nothing for %s', async (_case, body, message) => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { NOTION_SECRET, OPENAI_API_KEY } }).expect(200);
    const before = await storedRow();
    const res = await agent.post('/api/user').send(body).expect(400);
    expect(res.body.statusCode).toBe(400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain(message);
    expect(Array.isArray(res.body.errors)).toBe(true);
    expect(await storedRow()).toEqual(before);
  });

  it('should answer 400 for a body that is not JSON', async () => {
    const agent = await signInLocal(t.http);
    const res = await agent.post('/api/user').set('Content-Type', 'application/json').send('{"envVars":').expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('should answer 413 for a body over the size limit', async () => {
    const agent = await signInLocal(t.http);
    const res = await agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: 'k'.repeat(2_000_000) } })
      .expect(413);
    expect(res.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('should save and answer a status configuration', async () => {
    const agent = await signInLocal(t.http);
    const config = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Broken', complete: 'Done' } };
    const saved = await agent.post('/api/user/status-config').send(config).expect(200);
    expect(saved.body).toEqual({ statusConfig: config });
    expect((await agent.get('/api/user/status-config').expect(200)).body).toEqual({ statusConfig: config });
  });

  it('should trim the status values', async () => {
    const agent = await signInLocal(t.http);
    const res = await agent
      .post('/api/user/status-config')
      .send({ propertyName: ' Stage ', values: { start: ' Go', inProgress: 'Writing ', error: 'Broken', complete: 'Done' } })
      .expect(200);
    expect(res.body.statusConfig).toEqual({ propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Broken', complete: 'Done' } });
  });

  it.each([
    ['an empty property name', { propertyName: '  ', values: DEFAULT_STATUS.values }, 'propertyName', 'propertyName is required'],
    ['a missing value', { propertyName: 'Status', values: { start: 'a', inProgress: 'b', error: 'c' } }, 'values.complete', 'values.complete must be text'],
    ['an empty value', { propertyName: 'Status', values: { ...DEFAULT_STATUS.values, error: '' } }, 'values.error', 'values.error is required'],
    ['missing values', { propertyName: 'Status' }, 'values', 'values is required'],
    ['an unknown value', { propertyName: 'Status', values: { ...DEFAULT_STATUS.values, paused: 'x' } }, 'values.paused', 'property paused should not exist'],
    [
      'a repeated value',
      { propertyName: 'Status', values: { ...DEFAULT_STATUS.values, complete: 'Start Generating' } },
      'values',
      'The four status values must be different from each other.',
    ],
  ])('should answer 400 and keep the saved configuration for %s', async (_case, body, field, message) => {
    const agent = await signInLocal(t.http);
    const saved = { propertyName: 'Stage', values: { start: 'Go', inProgress: 'Writing', error: 'Broken', complete: 'Done' } };
    await agent.post('/api/user/status-config').send(saved).expect(200);
    const res = await agent.post('/api/user/status-config').send(body).expect(400);
    expect(res.body.message).toContain(message);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect((await agent.get('/api/user/status-config').expect(200)).body).toEqual({ statusConfig: saved });
  });

  it("should never show or change another operator's settings", async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(200);
    const other = await otherOperator();
    const theirs = await request(t.http).get('/api/user').set('Cookie', other.cookie).expect(200);
    expect(theirs.body.email).toBe('grace@quire.test');
    expect(theirs.body.envVars.OPENAI_API_KEY).toBe('');
    await request(t.http)
      .post('/api/user')
      .set('Cookie', other.cookie)
      .send({ envVars: { OPENAI_API_KEY: 'sk-proj-grace-owns-this-key-1234' } })
      .expect(200);
    const mine = await agent.get('/api/user').expect(200);
    expect(mine.body.envVars.OPENAI_API_KEY).toBe('sk-…c9Qx');
  });

  it("should not decrypt a secret copied into another workspace's row", async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(200);
    const other = await otherOperator();
    await t.database.db.execute(
      sql`update workspaces set openai_api_key = (select w.openai_api_key from workspaces w join users u on u.id = w.id where u.email = 'local-operator@quire.invalid') where id = ${other.user.id}`,
    );
    await expect(t.app.get(WorkspaceSettingsService).getSecret(other.user.id, 'OPENAI_API_KEY')).rejects.toThrow(
      'Saved secrets cannot be decrypted: this server runs with another ENCRYPTION_KEY than the one they were saved with.',
    );
  });
});
