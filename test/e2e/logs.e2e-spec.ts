import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { freePort } from '../../scripts/lib/free-port.cjs';
import { serverArgs } from '../../scripts/lib/server-command.cjs';
import { useTestApp } from '../support/use-test-app';

const ROOT = join(__dirname, '..', '..');

describe("Request logs: each answer's id, in its x-request-id header, its error body and its log line", () => {
  const t = useTestApp({ signIn: 'local' });

  /** The log line pino-http wrote for the request of this id. */
  const lineOf = (id: string) => t.logger.records.filter((record) => record.reqId === id && record.req);

  it("should give an error answer (from the exception filter) the id of that request's JSON log line", async () => {
    const res = await t.agent.get('/api/models/999999').expect(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Model not found.', requestId: id });
    expect(lineOf(id)).toEqual([
      expect.objectContaining({
        level: 'info',
        pid: process.pid,
        req: { method: 'GET', url: '/api/models/999999' },
        res: { statusCode: 404 },
        msg: expect.stringMatching(/^GET \/api\/models\/999999 404 \d+ ms$/),
      }),
    ]);
  });

  it('should do so for a request refused before routing (no session), and keep an incoming id that is a short safe token', async () => {
    const res = await request(t.http).get('/api/sections').set('x-request-id', 'trace-42.a').expect(401);
    expect(res.headers['x-request-id']).toBe('trace-42.a');
    expect(res.body.requestId).toBe('trace-42.a');
    expect(lineOf('trace-42.a')).toHaveLength(1);

    const forged = await request(t.http).get('/api/sections').set('x-request-id', 'x"}\u0009{"level":"fatal').expect(401);
    expect(forged.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(forged.headers['x-request-id']).toBe(forged.body.requestId);
  });

  it('should give a successful answer an id too', async () => {
    const ok = await t.agent.get('/api/me').expect(200);
    expect(lineOf(ok.headers['x-request-id'])).toEqual([expect.objectContaining({ res: { statusCode: 200 } })]);
  });

  it('should never log cookies, an Authorization header, a request body or the query', async () => {
    const token = 'qk_' + 'z'.repeat(40);
    await request(t.http).get('/api/sections?code=oauth-code-secret').set('Authorization', `Bearer ${token}`).expect(401);
    await t.agent.post('/api/sections').send({ name: 'body-secret-words' });
    const written = JSON.stringify(t.logger.records);
    for (const secret of [token, 'quire_session', 'oauth-code-secret', 'body-secret-words'])
      expect([secret, written.includes(secret)]).toEqual([secret, false]);
  });

  it('should log the health check at debug only', async () => {
    const res = await request(t.http).get('/api/health').expect(200);
    expect(lineOf(res.headers['x-request-id'])).toEqual([expect.objectContaining({ level: 'debug' })]);
  });
});

/** The built server's standard output from its start until it answers /api/health, with `env`. */
async function serverOutput(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  // Colours follow the output (not a terminal here), not the test runner's FORCE_COLOR.
  const { FORCE_COLOR: _force, NO_COLOR: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, serverArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      AUTH_MODE: 'local',
      DATABASE_URL: 'memory://',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-logs-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}: ${out}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      // The banner and the listening line come right after listen: give them a moment.
      if (ok && /listening/.test(out)) break;
      if (Date.now() > deadline) throw new Error(`The server did not start within 60 s: ${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fetch(`http://127.0.0.1:${port}/api/sections`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

describe('The built server’s log (dist/main.js)', () => {
  jest.setTimeout(120_000);

  it('should write JSON lines only with LOG_FORMAT=json, the listening line among them, route mapping left for debug', async () => {
    const out = await serverOutput({ LOG_FORMAT: 'json' });
    const lines = out.split('\n').filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.every((record) => typeof record.level === 'string' && typeof record.time === 'string' && typeof record.msg === 'string')).toBe(true);
    expect(records.some((record) => String(record.msg).startsWith('Quire listening on http://127.0.0.1:'))).toBe(true);
    expect(records.some((record) => record.req && (record.res as { statusCode: number }).statusCode === 401)).toBe(true);
    expect(out).not.toMatch(/Mapped \{/);
  });

  it('should write readable lines and the banner with LOG_FORMAT=pretty, without route mapping', async () => {
    const out = await serverOutput({ LOG_FORMAT: 'pretty' });
    expect(out).toMatch(/Quire is listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain('press "Sign in with Local Operator"');
    expect(out).toContain('It is for one machine only.');
    expect(out).toContain('Database: embedded, in memory');
    expect(out).not.toMatch(/Mapped \{|RoutesResolver|InstanceLoader/);
    // No colours when the output is not a terminal; one line per event: time, level, context, message.
    expect(out).not.toContain('\u001b[');
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[DatabaseService\] Database ready/m);
    expect(out).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/sections 401 \d+ ms$/m);
    expect(out.split('\n').some((line) => line.startsWith('{'))).toBe(false);
  });

  it('should show route mapping with LOG_LEVEL=debug', async () => {
    const out = await serverOutput({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    expect(out).toMatch(/"level":"debug"[^\n]*"context":"RouterExplorer"[^\n]*Mapped \{/);
  });
});
