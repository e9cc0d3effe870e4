import request from 'supertest';
import { sql } from 'drizzle-orm';
import { GoogleFake } from '../fakes/google-fake';
import { createTestApp, otherOperatorCookie, signInLocal, signInWithGoogle } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

describe('Clients and their Drive save folders', () => {
  const t = useTestApp({ signIn: 'local' });

  it('should add a client, set its save path and delete it', async () => {
    const created = await t.agent.post('/api/clients').send({ name: '  Acme Blog ' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Acme Blog', savePath: null, savePathLabel: null });
    const saved = await t.agent.post(`/api/clients/${created.body._id}/save-path`).send({ folderId: '1AbC-dEf_123', folderName: 'Acme articles' }).expect(200);
    expect(saved.body).toMatchObject({ savePath: '1AbC-dEf_123', savePathLabel: 'Acme articles' });
    expect((await t.agent.get('/api/clients').expect(200)).body[0]).toMatchObject({ name: 'Acme Blog', savePath: '1AbC-dEf_123' });
    await t.agent.delete(`/api/clients/${created.body._id}`).expect(200);
    expect((await t.agent.get('/api/clients').expect(200)).body).toEqual([]);
  });

  it('should keep client names unique per operator, ignoring case', async () => {
    await t.agent.post('/api/clients').send({ name: 'Acme' }).expect(201);
    expect((await t.agent.post('/api/clients').send({ name: 'ACME' }).expect(409)).body.message).toBe('A client named "ACME" already exists.');
  });

  it.each([
    ['/api/clients', { name: '   ' }, 'name is required'],
    ['/api/clients', { name: 'x'.repeat(201) }, 'name must be at most 200 characters'],
    ['/api/clients', { name: 'A', savePath: 'x' }, 'property savePath should not exist'],
    ['save-path', { folderId: '../../etc', folderName: 'F' }, 'folderId must be a Google Drive folder id'],
    ['save-path', { folderId: 'abc', folderName: '' }, 'folderName is required'],
    ['save-path', { folderId: 'abc' }, 'folderName must be text'],
  ])('should answer 400 on %s to %j and change nothing', async (route, body, message) => {
    const kept = await t.agent.post('/api/clients').send({ name: 'Kept' }).expect(201);
    const path = route === 'save-path' ? `/api/clients/${kept.body._id}/save-path` : route;
    expect((await t.agent.post(path).send(body).expect(400)).body.message).toContain(message);
    expect((await t.agent.get('/api/clients').expect(200)).body).toEqual([expect.objectContaining({ name: 'Kept', savePath: null })]);
  });

  it("should answer 404 for another operator's client and never list it", async () => {
    const mine = await t.agent.post('/api/clients').send({ name: 'Mine' }).expect(201);
    const grace = await otherOperatorCookie(t);
    for (const req of [
      request(t.http).get(`/api/clients/${mine.body._id}`),
      request(t.http).post(`/api/clients/${mine.body._id}/save-path`).send({ folderId: 'x', folderName: 'y' }),
      request(t.http).delete(`/api/clients/${mine.body._id}`),
    ]) {
      expect((await req.set('Cookie', grace).expect(404)).body.message).toBe('Client not found.');
    }
    expect((await request(t.http).get('/api/clients').set('Cookie', grace).expect(200)).body).toEqual([]);
  });

  it('should sort clients by name with Content-Range', async () => {
    for (const name of ['beta', 'Alpha', 'Gamma']) await t.agent.post('/api/clients').send({ name }).expect(201);
    const res = await t.agent.get('/api/clients').expect(200);
    expect(res.headers['content-range']).toBe('clients 0-2/3');
    expect(res.body.map((c: { name: string }) => c.name)).toEqual(['Alpha', 'beta', 'Gamma']);
  });

  it('should explain that the picker is not configured when there is no Picker key', async () => {
    const res = await t.agent.get('/api/google-drive-token').expect(409);
    expect(res.body.message).toBe('The Drive folder picker is not configured on this server: set GOOGLE_PICKER_API_KEY (and GOOGLE_APP_ID).');
  });
});

describe('The Drive token for the folder picker, refreshed through the Google simulator', () => {
  const google = new GoogleFake();
  const t = useTestApp({ fakes: [google], env: () => ({ ...google.env(), GOOGLE_PICKER_API_KEY: 'picker-key', GOOGLE_APP_ID: '1234' }) });

  const refreshCalls = () => google.requests.filter((r) => r.path === '/token' && new URLSearchParams(r.body).get('grant_type') === 'refresh_token');

  it('should refresh an access token with the stored refresh token, reuse it, and refresh again when it expires', async () => {
    const agent = await signInWithGoogle(t.http);
    const before = refreshCalls().length;
    const first = await agent.get('/api/google-drive-token').expect(200);
    expect(first.body).toMatchObject({ token: expect.stringMatching(/^ya29\./), apiKey: 'picker-key', appId: '1234' });
    expect(new Date(first.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 50 * 60 * 1000);
    expect(refreshCalls()).toHaveLength(before + 1);

    const second = await agent.get('/api/google-drive-token').expect(200);
    expect(second.body.token).toBe(first.body.token);
    expect(refreshCalls()).toHaveLength(before + 1);

    await t.database.db.execute(sql`update users set google_access_token_expires_at = now() - interval '1 minute'`);
    const third = await agent.get('/api/google-drive-token').expect(200);
    expect(third.body.token).not.toBe(first.body.token);
    expect(refreshCalls()).toHaveLength(before + 2);
    const row = await t.database.db.execute(sql`select google_access_token from users`);
    expect(JSON.stringify(row)).not.toContain(third.body.token);
  });

  it('should say to sign in again when Google refuses the refresh token', async () => {
    const agent = await signInWithGoogle(t.http);
    const stored = (google as unknown as { refreshTokens: Map<string, unknown> }).refreshTokens;
    stored.clear();
    const res = await agent.get('/api/google-drive-token').expect(502);
    expect(res.body.message).toBe('Google: refused the saved sign-in (it may have been revoked); log out and sign in with Google again.');
  });

  it('should say that Google sign-in is needed when the operator has no Google account', async () => {
    const local = await createTestApp({ GOOGLE_PICKER_API_KEY: 'picker-key', GOOGLE_APP_ID: '1234' });
    try {
      const agent = await signInLocal(local.http);
      const res = await agent.get('/api/google-drive-token').expect(409);
      expect(res.body.message).toBe('Choosing a Drive folder needs Google sign-in: log out and sign in with Google.');
    } finally {
      await local.close();
    }
  });
});
