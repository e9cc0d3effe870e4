import { createHash } from 'node:crypto';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { AUTH_REQUESTS_PER_MINUTE } from '../../backend/src/auth/auth.controller';
import { SESSION_CACHE_MS } from '../../backend/src/auth/sessions.service';
import { signInLocal } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

describe('Sign-in and sessions (local mode)', () => {
  const t = useTestApp();

  it('should list the local provider for the login page', async () => {
    const res = await request(t.http).get('/api/auth/providers').expect(200);
    expect(res.body).toEqual([{ id: 'local', name: 'Local Operator' }]);
  });

  it('should answer health and public config without a session', async () => {
    const health = await request(t.http).get('/api/health').expect(200);
    expect(health.body).toEqual({ status: 'ok', database: t.database.kind });
    const config = await request(t.http).get('/api/config').expect(200);
    expect(config.body).toEqual({ authMode: 'local', demo: false, googlePicker: { apiKey: null, appId: null } });
  });

  it.each([
    ['GET', '/api/me'],
    ['GET', '/api/user'],
    ['POST', '/api/user'],
    ['GET', '/api/user/status-config'],
    ['POST', '/api/user/status-config'],
    ['POST', '/api/logout'],
    ['GET', '/api/docs'],
    ['GET', '/api/no-such-route'],
    ['DELETE', '/api/articles/123'],
  ])('should answer 401 to %s %s without a session', async (method, path) => {
    const res = await request(t.http)[method.toLowerCase() as 'get'](path).expect(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.', requestId: res.headers['x-request-id'] });
  });

  it('should set an HttpOnly SameSite=Lax session cookie and answer /api/me when signing in locally', async () => {
    const res = await request(t.http).get('/api/auth/local').expect(302).expect('location', '/');
    const cookie = res.headers['set-cookie'][0] as string;
    expect(cookie).toMatch(/^quire_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const me = await request(t.http).get('/api/me').set('Cookie', cookie.split(';')[0]).expect(200);
    // Local mode: one operator and their one workspace.
    const personal = { id: expect.any(String), name: "Local Operator's workspace", role: 'owner' };
    expect(me.body).toEqual({
      name: 'Local Operator',
      avatar: null,
      email: 'local-operator@quire.invalid',
      can_download_backup: true,
      workspace: personal,
      workspaces: [personal],
    });
  });

  it('should store only a hash of the session id', async () => {
    const res = await request(t.http).get('/api/auth/local').expect(302);
    const token = (res.headers['set-cookie'][0] as string).split(';')[0].split('=')[1];
    const rows = await t.database.db.execute(sql`select id_hash from sessions`);
    const hashes = (rows as unknown as { rows: { id_hash: string }[] }).rows.map((r) => r.id_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toBe(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('should issue a new session id at every sign-in and end the previous one', async () => {
    const agent = await signInLocal(t.http);
    const first = await agent.get('/api/me').expect(200);
    expect(first.body.name).toBe('Local Operator');
    const old = (agent as unknown as { jar: { getCookie(n: string, o: object): { value: string } } }).jar.getCookie('quire_session', {
      domain: '127.0.0.1',
      path: '/',
      secure: false,
      script: false,
    }).value;
    await agent.get('/api/auth/local').expect(302);
    await agent.get('/api/me').expect(200);
    await request(t.http).get('/api/me').set('Cookie', `quire_session=${old}`).expect(401);
  });

  it('should end the session at logout so the cookie no longer works', async () => {
    const login = await request(t.http).get('/api/auth/local').expect(302);
    const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
    const res = await request(t.http).post('/api/logout').set('Cookie', cookie).expect(200);
    expect(res.headers['set-cookie'][0]).toMatch(/quire_session=;/);
    await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
  });

  describe('reading a session', () => {
    const tokenOf = (cookie: string) => cookie.split('=')[1];
    const hashOf = (cookie: string) => createHash('sha256').update(tokenOf(cookie)).digest('hex');
    async function signedIn(): Promise<string> {
      const login = await request(t.http).get('/api/auth/local').expect(302);
      return (login.headers['set-cookie'][0] as string).split(';')[0];
    }
    async function sessionRow(cookie: string): Promise<{ last_seen_at: string } | undefined> {
      const result = await t.database.db.execute(sql`select last_seen_at::text from sessions where id_hash = ${hashOf(cookie)}`);
      return (result as unknown as { rows: { last_seen_at: string }[] }).rows[0];
    }
    /** Counts every row written to the sessions table while `run` runs (a trigger, dropped afterwards). */
    async function sessionWritesDuring(run: () => Promise<void>): Promise<number> {
      const db = t.database.db;
      await db.execute(sql`create table session_writes (op text not null)`);
      await db.execute(
        sql.raw(
          `create function count_session_write() returns trigger language plpgsql as $$ begin insert into session_writes values (tg_op); return null; end $$`,
        ),
      );
      await db.execute(
        sql`create trigger count_session_writes after insert or update or delete on sessions for each row execute function count_session_write()`,
      );
      try {
        await run();
        const result = await db.execute(sql`select count(*)::int as n from session_writes`);
        return (result as unknown as { rows: { n: number }[] }).rows[0].n;
      } finally {
        await db.execute(sql`drop trigger count_session_writes on sessions`);
        await db.execute(sql`drop function count_session_write()`);
        await db.execute(sql`drop table session_writes`);
      }
    }
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('should write nothing to the database while a session reads', async () => {
      const cookie = await signedIn();
      const before = await sessionRow(cookie);
      const writes = await sessionWritesDuring(async () => {
        for (let i = 0; i < 40; i++) await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
        await Promise.all(Array.from({ length: 20 }, () => request(t.http).get('/api/user').set('Cookie', cookie).expect(200)));
      });
      expect(writes).toBe(0);
      expect(await sessionRow(cookie)).toEqual(before);
    });

    it('should record activity once, however many requests come at once, when the last was long ago', async () => {
      const cookie = await signedIn();
      await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '10 minutes' where id_hash = ${hashOf(cookie)}`);
      const writes = await sessionWritesDuring(async () => {
        await Promise.all(Array.from({ length: 20 }, () => request(t.http).get('/api/me').set('Cookie', cookie).expect(200)));
        for (let i = 0; i < 20; i++) await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
      });
      expect(writes).toBe(1);
      const seen = new Date((await sessionRow(cookie))!.last_seen_at).getTime();
      expect(Date.now() - seen).toBeLessThan(60_000);
    });

    it('should end a session at logout at once, though this process had just read it', async () => {
      const cookie = await signedIn();
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
      await request(t.http).post('/api/logout').set('Cookie', cookie).expect(200);
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
      await request(t.http).get('/api/user').set('Cookie', cookie).expect(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    });

    it(`should end a session ended elsewhere (another process's logout) within ${SESSION_CACHE_MS / 1000} s`, async () => {
      const cookie = await signedIn();
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
      // What a logout served by another server process does: the row goes.
      await t.database.db.execute(sql`delete from sessions where id_hash = ${hashOf(cookie)}`);
      await sleep(SESSION_CACHE_MS + 100);
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
    });

    it.each([
      ['idle for more than 7 days', sql`last_seen_at = now() - interval '7 days 1 minute'`],
      ['past its 30 days', sql`expires_at = now() - interval '1 second'`],
    ])('should end a session %s, and delete it', async (_what, change) => {
      const cookie = await signedIn();
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
      await t.database.db.execute(sql`update sessions set ${change} where id_hash = ${hashOf(cookie)}`);
      await sleep(SESSION_CACHE_MS + 100);
      await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
      expect(await sessionRow(cookie)).toBeUndefined();
    });
  });

  it('should refuse a cross-site POST with 403 and change nothing', async () => {
    const agent = await signInLocal(t.http);
    const res = await agent
      .post('/api/user/status-config')
      .set('Origin', 'https://evil.example')
      .send({ propertyName: 'Hacked', values: { start: 'a', inProgress: 'b', error: 'c', complete: 'd' } })
      .expect(403);
    expect(res.body.message).toBe('Cross-site requests are refused.');
    await agent.post('/api/logout').set('Sec-Fetch-Site', 'cross-site').expect(403);
    const config = await agent.get('/api/user/status-config').expect(200);
    expect(config.body.statusConfig.propertyName).toBe('Status');
  });

  it('should accept a same-origin POST from the dashboard', async () => {
    const agent = await signInLocal(t.http);
    await agent.post('/api/logout').set('Origin', 'http://localhost:3000').set('Sec-Fetch-Site', 'same-origin').expect(200);
  });

  it('should not offer Google sign-in in local mode', async () => {
    await request(t.http).get('/api/auth/google').expect(404);
  });

  it('should throttle the sign-in routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_REQUESTS_PER_MINUTE + 5; i++) statuses.push((await request(t.http).get('/api/auth/providers')).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses).toContain(429);
  });
});
