import request from 'supertest';
import { sql } from 'drizzle-orm';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { CompatibleFake } from '../fakes/compatible-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { memberCookie, otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';
import { Metrics } from '../../backend/src/metrics/metrics';

describe('Model providers: Anthropic, Google Gemini and OpenAI-compatible servers beside OpenAI', () => {
  const anthropic = new AnthropicFake();
  const gemini = new GeminiFake();
  const compatible = new CompatibleFake();
  const t = useTestApp({
    signIn: 'local',
    fakes: [anthropic, gemini, compatible],
    env: () => ({ ANTHROPIC_BASE_URL: anthropic.baseUrl, GEMINI_BASE_URL: gemini.baseUrl }),
  });
  const add = async (body: object) => (await t.agent.post('/api/connections').send(body).expect(201)).body as { _id: string; name: string };
  const test = async (id: string) =>
    (await t.agent.post(`/api/connections/${id}/test`).expect(200)).body as { ok: boolean; message: string; models: { id: string; name: string }[] };

  it("lists what Anthropic lists for the key, every page, through Anthropic's SDK and its newest API version", async () => {
    anthropic.pageCap = 2;
    const claude = await add({ kind: 'anthropic', api_key: anthropic.apiKey });
    expect(claude).toMatchObject({ kind: 'anthropic', vendor: 'Anthropic', name: 'Anthropic', base_url: null, api_key: 'sk-…0000' });
    const result = await test(claude._id);
    expect(result).toMatchObject({ ok: true, message: 'Connected: Anthropic lists 5 models for this key.' });
    expect(result.models.map((m) => m.id)).toEqual(anthropic.models.map((m) => m.id));
    expect(result.models[0]).toEqual({ id: 'claude-opus-4-6', name: 'Claude Opus 4.6', created: '2026-02-04T00:00:00Z' });
    const pages = anthropic.requests.filter((r) => r.path === '/v1/models');
    expect(pages).toHaveLength(3);
    expect(pages.map((r) => r.query.get('after_id'))).toEqual([null, 'claude-sonnet-4-6', 'claude-haiku-4-5-20251001']);
    expect(pages[0].headers['anthropic-version']).toBe('2026-10-21');
    expect(pages[0].headers.authorization).toBe(`Bearer ${anthropic.apiKey}`);
  });

  it('lists only the Gemini models that write text, every page', async () => {
    gemini.pageCap = 4;
    const g = await add({ kind: 'gemini', name: 'Gemini', api_key: gemini.apiKey });
    const result = await test(g._id);
    expect(result.ok).toBe(true);
    expect(result.models.map((m) => m.id)).toEqual(['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.5-flash-lite', 'gemini-3-pro-preview']);
    expect(result.message).toBe('Connected: Gemini lists 4 models for this key.');
    expect(gemini.requests.filter((r) => r.path === '/v1/models')).toHaveLength(2);
    expect(gemini.requests[0].headers['x-goog-api-key']).toBe(gemini.apiKey);
  });

  it('lists what an OpenAI-compatible server serves, with no key sent when it takes none, and with its key when it does', async () => {
    const local = await add({ kind: 'openai-compatible', name: 'Local vLLM', base_url: `${compatible.baseUrl}/` });
    expect(local).toMatchObject({ base_url: compatible.baseUrl, api_key: '' });
    expect(await test(local._id)).toMatchObject({
      ok: true,
      message: 'Connected: Local vLLM lists 2 models.',
      models: [{ id: 'meta-llama/Llama-3.3-70B-Instruct' }, { id: 'Qwen/Qwen3-32B' }],
    });
    expect(compatible.requests[0].headers.authorization).toBeUndefined();

    compatible.apiKey = 'vllm-secret-key-0001';
    expect(await test(local._id)).toMatchObject({
      ok: false,
      message:
        '"Local vLLM": refused the API key of this connection while trying to list its models; check the key on Home › Model providers. It said: Unauthorized',
    });
    const keyed = await add({ kind: 'openai-compatible', name: 'Keyed vLLM', base_url: compatible.baseUrl, api_key: 'vllm-secret-key-0001' });
    expect((await test(keyed._id)).ok).toBe(true);
  });

  it("says in the vendor's words why a key or an address does not work, and keeps the connection", async () => {
    const claude = await add({ kind: 'anthropic', api_key: 'sk-ant-wrong-key-000000' });
    expect(await test(claude._id)).toEqual({
      ok: false,
      message: 'Anthropic: rejected the API key of this connection while trying to list the models of the key; check the key on Home › Model providers.',
      models: [],
    });
    const g = await add({ kind: 'gemini', api_key: 'AIza-wrong-key-0000000' });
    expect((await test(g._id)).message).toBe(
      'Gemini: rejected the API key of this connection while trying to list the models of the key; check the key on Home › Model providers. Gemini said: API key not valid. Please pass a valid API key.',
    );
    const closed = await new CompatibleFake().start();
    await closed.stop();
    const nowhere = await add({ kind: 'openai-compatible', name: 'Nowhere', base_url: closed.baseUrl });
    expect((await test(nowhere._id)).message).toMatch(
      /^"Nowhere": could not be reached to list its models: the connection failed \(ECONNREFUSED\)\. Check the address/,
    );
    const wrongPath = await add({ kind: 'openai-compatible', name: 'Wrong path', base_url: compatible.url });
    expect((await test(wrongPath._id)).message).toMatch(
      /^"Wrong path": has nothing at this address to list its models \(HTTP 404\); the address usually ends in \/v1\. It said: Not Found: GET \/models$/,
    );
    expect((await t.agent.get('/api/connections').expect(200)).body).toHaveLength(4);
  });

  it("retries Anthropic's 529 overloaded and Gemini's 503 as their SDKs do, then answers", async () => {
    anthropic.failNext(/^\/v1\/models$/, 529, 'overloaded_error', 'Overloaded');
    const claude = await add({ kind: 'anthropic', api_key: anthropic.apiKey });
    expect((await test(claude._id)).ok).toBe(true);
    expect(anthropic.requests.filter((r) => r.status === 529)).toHaveLength(1);
    // Each attempt is counted by vendor, status and retry.
    const counted = await t.app.get(Metrics).text();
    expect(counted).toContain('quire_vendor_calls_total{vendor="anthropic",status="529",retry="false"} 1');
    expect(counted).toContain('quire_vendor_calls_total{vendor="anthropic",status="200",retry="true"} 1');

    anthropic.failNext(/^\/v1\/models$/, 529, 'overloaded_error', 'Overloaded', 5);
    expect((await test(claude._id)).message).toBe('Anthropic: is overloaded (list the models of the key); try again in a minute.');
  });

  it.each([
    [{ kind: 'mistral', api_key: 'k' }, 'kind must be one of anthropic, gemini, openai-compatible'],
    [{ kind: 'anthropic' }, 'api_key is required for Anthropic.'],
    [{ kind: 'anthropic', api_key: 'sk-ant with space' }, 'api_key must not contain spaces or line breaks'],
    [{ kind: 'anthropic', api_key: 'sk-…abcd' }, 'api_key looks like a redacted hint'],
    [
      { kind: 'anthropic', api_key: 'sk-ant-key', base_url: 'https://example.com' },
      "base_url is only for an OpenAI-compatible server; Anthropic's address is its own.",
    ],
    [{ kind: 'openai-compatible', name: 'Local' }, 'base_url is required'],
    [{ kind: 'openai-compatible', name: 'Local', base_url: 'ftp://example.com/v1' }, 'base_url must be an http or https address'],
    [{ kind: 'openai-compatible', name: 'Local', base_url: 'http://user:pass@example.com/v1' }, 'base_url must not hold a user name or password'],
    [{ kind: 'openai-compatible', base_url: 'http://localhost:11434/v1' }, 'name is required for an OpenAI-compatible server'],
    [{ kind: 'gemini', api_key: 'k', name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
  ])('refuses %j with 400 and keeps nothing', async (body, message) => {
    const res = await t.agent.post('/api/connections').send(body).expect(400);
    expect(res.body.message).toContain(message);
    expect((await t.agent.get('/api/connections').expect(200)).body).toEqual([]);
  });

  it('keeps names unique in the workspace, any case; removes one; keeps the key sealed and shows only its hint', async () => {
    const first = await add({ kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey });
    expect((await t.agent.post('/api/connections').send({ kind: 'gemini', name: 'CLAUDE', api_key: gemini.apiKey }).expect(409)).body.message).toBe(
      'A model provider named "CLAUDE" already exists.',
    );
    const stored = await t.database.db.execute(sql`select api_key from model_connections`);
    const sealed = (stored as unknown as { rows: { api_key: string }[] }).rows[0].api_key;
    expect(sealed).not.toContain(anthropic.apiKey);
    expect(JSON.stringify((await t.agent.get('/api/connections').expect(200)).body)).not.toContain(anthropic.apiKey);
    expect((await t.agent.delete(`/api/connections/${first._id}`).expect(200)).body).toMatchObject({ name: 'Claude' });
    expect((await t.agent.get('/api/connections').expect(200)).body).toEqual([]);
    expect((await t.agent.delete(`/api/connections/${first._id}`).expect(404)).body.message).toBe('Model provider not found.');
  });

  it('renames a provider and rotates its key in place; its hint posted back keeps the key; its vendor never changes', async () => {
    const claude = await add({ kind: 'anthropic', name: 'Claude', api_key: 'sk-ant-old-key-000000001' });
    const read = (await t.agent.get(`/api/connections/${claude._id}`).expect(200)).body;
    expect(
      (
        await t.agent
          .put(`/api/connections/${claude._id}`)
          .send({ ...read, name: 'Claude team' })
          .expect(200)
      ).body,
    ).toMatchObject({ name: 'Claude team', api_key: 'sk-…0001' });
    expect((await test(claude._id)).ok).toBe(false);
    await t.agent.put(`/api/connections/${claude._id}`).send({ api_key: anthropic.apiKey }).expect(200);
    expect((await test(claude._id)).ok).toBe(true);
    expect((await t.agent.put(`/api/connections/${claude._id}`).send({ kind: 'gemini' }).expect(400)).body.message).toBe(
      'kind cannot change: add a provider of the other vendor instead.',
    );
    expect((await t.agent.put(`/api/connections/${claude._id}`).send({ api_key: '' }).expect(400)).body.message).toBe('api_key is required for Anthropic.');
    await add({ kind: 'gemini', name: 'Gemini', api_key: gemini.apiKey });
    await t.agent.put(`/api/connections/${claude._id}`).send({ name: 'gemini' }).expect(409);
    expect((await t.agent.get(`/api/connections/${claude._id}`).expect(200)).body).toMatchObject({ name: 'Claude team', api_key: 'sk-…0000' });
  });

  it("lets every member read the providers but only owners add, test or remove them; another workspace's are not found", async () => {
    const claude = await add({ kind: 'anthropic', api_key: anthropic.apiKey });
    const workspace = (await t.agent.get('/api/me').expect(200)).body.workspace.id as string;
    const editor = await memberCookie(t, workspace, 'editor');
    expect((await request(t.http).get('/api/connections').set('Cookie', editor.cookie).expect(200)).body).toEqual([
      expect.objectContaining({ api_key: 'sk-…0000' }),
    ]);
    await request(t.http).post('/api/connections').set('Cookie', editor.cookie).send({ kind: 'gemini', api_key: gemini.apiKey }).expect(403);
    await request(t.http).post(`/api/connections/${claude._id}/test`).set('Cookie', editor.cookie).expect(403);
    await request(t.http).delete(`/api/connections/${claude._id}`).set('Cookie', editor.cookie).expect(403);

    const grace = await otherOperatorCookie(t);
    expect((await request(t.http).get('/api/connections').set('Cookie', grace).expect(200)).body).toEqual([]);
    await request(t.http).post(`/api/connections/${claude._id}/test`).set('Cookie', grace).expect(404);
    await request(t.http).delete(`/api/connections/${claude._id}`).set('Cookie', grace).expect(404);
    expect((await t.agent.get('/api/connections').expect(200)).body).toHaveLength(1);
  });

  it('records adding and removing a provider in the audit log, the key as its hint', async () => {
    const claude = await add({ kind: 'anthropic', api_key: anthropic.apiKey });
    await t.agent.post(`/api/connections/${claude._id}/test`).expect(200);
    await t.agent.delete(`/api/connections/${claude._id}`).expect(200);
    const events = (await t.agent.get('/api/audit?filter={"resource":"connections"}').expect(200)).body as {
      action: string;
      record: Record<string, unknown>;
    }[];
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'delete']);
    expect(JSON.stringify(events)).not.toContain(anthropic.apiKey);
  });
});
