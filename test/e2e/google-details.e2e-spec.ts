import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { GoogleFake } from '../fakes/google-fake';
import { signInWithGoogle } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

const ROOT = join(__dirname, '..', '..');

/** `node backend/src/main.ts` (compiled on require by swc, as under jest) with only `env`: its exit code and what it wrote to stderr. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['-r', join(ROOT, 'scripts', 'lib', 'swc-register.cjs'), join(ROOT, 'backend', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-start-')), PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('Google details: the Picker app id, and offline access that yields a refresh token', () => {
  it('should refuse to start with a Picker key and no app id, in one line naming GOOGLE_APP_ID', async () => {
    const { code, stderr } = await startServer({ GOOGLE_PICKER_API_KEY: 'picker-key' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Configuration error: GOOGLE_APP_ID is required when GOOGLE_PICKER_API_KEY is set: [^\n]+\n$/);
  });

  describe('sign-in', () => {
    const google = new GoogleFake();
    const t = useTestApp({ fakes: [google], env: () => ({ ...google.env(), GOOGLE_PICKER_API_KEY: 'picker-key', GOOGLE_APP_ID: '1234' }) });

    it('should ask for offline access with the consent screen, so Drive works with the refresh token Google sends', async () => {
      const start = await request(t.http).get('/api/auth/google').expect(302);
      const url = new URL(start.headers.location);
      expect(url.searchParams.get('access_type')).toBe('offline');
      expect(url.searchParams.get('prompt')).toBe('consent');
      const agent = await signInWithGoogle(t.http);
      const access = await agent.get('/api/google-drive-token').expect(200);
      expect(access.body).toMatchObject({ token: expect.stringMatching(/^ya29\./), apiKey: 'picker-key', appId: '1234' });
    });

    it.each([
      ['without prompt=consent', { access_type: 'offline' }],
      ['without offline access', { prompt: 'consent' }],
    ])('should have the Google simulator send no refresh token %s, as Google does', async (_case, params) => {
      const verifier = randomBytes(32).toString('base64url');
      const redirectUri = 'http://localhost:3000/api/auth/google/callback';
      const authorize = new URL(google.authUrl);
      const query = {
        client_id: google.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: 'openid email',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        ...params,
      };
      for (const [key, value] of Object.entries(query)) authorize.searchParams.set(key, value);
      const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: google.clientId,
        client_secret: google.clientSecret,
        code_verifier: verifier,
      });
      const tokens = (await (await fetch(google.tokenUrl, { method: 'POST', body: form })).json()) as Record<string, unknown>;
      expect(tokens.access_token).toMatch(/^ya29\./);
      expect(tokens).not.toHaveProperty('refresh_token');
    });
  });
});
