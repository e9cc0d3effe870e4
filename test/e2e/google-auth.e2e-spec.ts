import request from 'supertest';
import { sql } from 'drizzle-orm';
import { GoogleFake } from '../fakes/google-fake';
import { createTestApp, TestApp } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

type Agent = ReturnType<typeof request.agent>;

/** Follows the browser's path: Quire → Google (the fake) → Quire's callback. */
async function signInWithGoogle(t: TestApp, agent: Agent, tamper?: (callback: URL) => void) {
  const start = await agent.get('/api/auth/google').expect(302);
  const authorize = new URL(start.headers.location);
  const consent = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  tamper?.(callback);
  return { authorize, callback: await agent.get(callback.pathname + callback.search) };
}

describe('Google sign-in through the OAuth simulator', () => {
  const google = new GoogleFake();
  const t = useTestApp({ fakes: [google], env: () => google.env('ada@quire.test,grace@quire.test') });
  beforeEach(() => {
    google.denyWith = null;
    google.account = { sub: '1001', email: 'ada@quire.test', email_verified: true, name: 'Ada Lovelace', picture: 'https://example.test/ada.png' };
  });

  it('should list Google as the only provider', async () => {
    const res = await request(t.http).get('/api/auth/providers').expect(200);
    expect(res.body).toEqual([{ id: 'google', name: 'Google' }]);
    await request(t.http).get('/api/auth/local').expect(404);
  });

  it('should send the browser to Google with state, PKCE S256, offline access and the Drive scope', async () => {
    const res = await request(t.http).get('/api/auth/google').expect(302);
    const url = new URL(res.headers.location);
    expect(url.origin + url.pathname).toBe(google.authUrl);
    expect(url.searchParams.get('state')).toMatch(/.{20,}/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/drive.file');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/google/callback');
    expect(res.headers['set-cookie'][0]).toMatch(/^quire_oauth=.+HttpOnly/);
  });

  it('should sign in an allowed user and keep the refresh token encrypted', async () => {
    const agent = request.agent(t.http);
    const { callback } = await signInWithGoogle(t, agent);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toBe('/');
    const me = await agent.get('/api/me').expect(200);
    const personal = { id: expect.any(String), name: "Ada Lovelace's workspace", role: 'owner' };
    expect(me.body).toEqual({
      name: 'Ada Lovelace',
      avatar: 'https://example.test/ada.png',
      email: 'ada@quire.test',
      can_download_backup: false,
      workspace: personal,
      workspaces: [personal],
    });

    const result = await t.database.db.execute(sql`select google_refresh_token from users`);
    const stored = (result as unknown as { rows: { google_refresh_token: string }[] }).rows[0].google_refresh_token;
    expect(stored).toMatch(/^v1:/);
    expect(stored).not.toContain('1//refresh-');
    const tokenCall = google.requests.filter((r) => r.path === '/token').at(-1)!;
    expect(new URLSearchParams(tokenCall.body).get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('should refuse a user outside the allow-lists and land on /login with the reason', async () => {
    google.account = { sub: '2002', email: 'mallory@elsewhere.test', email_verified: true, name: 'Mallory' };
    const agent = request.agent(t.http);
    const { callback } = await signInWithGoogle(t, agent);
    expect(callback.status).toBe(302);
    expect(decodeURIComponent(callback.headers.location)).toBe('/login?error=mallory@elsewhere.test is not allowed to sign in to Quire.');
    await agent.get('/api/me').expect(401);
    const users = await t.database.db.execute(sql`select count(*)::int as n from users`);
    expect((users as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('should refuse an allowed address whose email Google has not verified', async () => {
    google.account = { ...google.account, email_verified: false };
    const agent = request.agent(t.http);
    const { callback } = await signInWithGoogle(t, agent);
    expect(decodeURIComponent(callback.headers.location)).toBe('/login?error=Your Google account has no verified email address.');
    await agent.get('/api/me').expect(401);
  });

  it('should refuse a callback whose state was tampered with', async () => {
    const agent = request.agent(t.http);
    let tokenCallsBefore = -1;
    const { callback } = await signInWithGoogle(t, agent, (url) => {
      tokenCallsBefore = google.requests.filter((r) => r.path === '/token').length;
      url.searchParams.set('state', 'forged-state-value-000000000000');
    });
    expect(callback.status).toBe(302);
    expect(decodeURIComponent(callback.headers.location)).toMatch(/^\/login\?error=The sign-in could not be verified \(state mismatch\)/);
    await agent.get('/api/me').expect(401);
    // The code is never exchanged when the state does not match.
    expect(google.requests.filter((r) => r.path === '/token')).toHaveLength(tokenCallsBefore);
  });

  it('should refuse a callback that arrives in a browser that never started the sign-in', async () => {
    const starter = request.agent(t.http);
    const start = await starter.get('/api/auth/google').expect(302);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const tokenCallsBefore = google.requests.filter((r) => r.path === '/token').length;
    const other = request.agent(t.http);
    const res = await other.get(callback.pathname + callback.search).expect(302);
    expect(decodeURIComponent(res.headers.location)).toMatch(/^\/login\?error=The sign-in expired or was started in another browser/);
    expect(google.requests.filter((r) => r.path === '/token')).toHaveLength(tokenCallsBefore);
    await other.get('/api/me').expect(401);
  });

  it('should land on /login when the user declines at Google', async () => {
    google.denyWith = 'access_denied';
    const agent = request.agent(t.http);
    const { callback } = await signInWithGoogle(t, agent);
    expect(callback.status).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?error=/);
    await agent.get('/api/me').expect(401);
  });
});

describe('Google sign-in over https', () => {
  const google = new GoogleFake();
  let t: TestApp;

  beforeAll(async () => {
    await google.start();
    t = await createTestApp({ ...google.env(), APP_URL: 'https://quire.example.test' });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
  });

  it('should use a Secure __Host- session cookie when APP_URL is https', async () => {
    const start = await request(t.http).get('/api/auth/google').set('X-Forwarded-Proto', 'https').expect(302);
    expect(start.headers['set-cookie'][0]).toMatch(/Secure/);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const oauthCookie = (start.headers['set-cookie'][0] as string).split(';')[0];
    const res = await request(t.http)
      .get(callback.pathname + callback.search)
      .set('Cookie', oauthCookie)
      .expect(302);
    const session = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__Host-quire_session='))!;
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Domain=/);
  });
});
