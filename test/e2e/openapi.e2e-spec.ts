import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { parse as parseYaml } from 'yaml';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';
import { FixtureSite } from '../fakes/fixture-site';
import { GoogleFake } from '../fakes/google-fake';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually, example } from '../support/fixtures';
import { setUpGeneration } from '../support/generation-fixtures';
import { createTestApp, memberCookie, TestApp } from '../support/test-app';

type Json = Record<string, any>;
type Agent = ReturnType<typeof request.agent>;
type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * The served OpenAPI document is true and complete: Redocly's recommended rules find no error in
 * it, and one real answer of every operation it lists (and the errors met on the way) matches the
 * schema it documents for that status, with no field the document does not name. An operation
 * added to the server without its response documented, or a field added to a response, fails here.
 */
describe('The OpenAPI document (/api/docs-json)', () => {
  let doc: Json;
  /** Every operation of the document, as `GET /api/sections/{id}`. */
  let operations: string[];
  /** The operations answered successfully and validated. */
  const covered = new Set<string>();
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();

  /** Each response object schema closed (`additionalProperties: false`), so an undocumented field fails. */
  function closedComponents(components: Json): Json {
    const schemas: Json = {};
    for (const [name, schema] of Object.entries(components.schemas as Json)) {
      schemas[name] = schema.type === 'object' && schema.properties ? { ...schema, additionalProperties: false } : schema;
    }
    return { ...components, schemas };
  }

  /** The documented answer of `key` with `status`: the response object, or a failure naming what is missing. */
  function documented(key: string, status: number): Json {
    const [method, path] = key.split(' ');
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${key} is not in the OpenAPI document`);
    const response = operation.responses[String(status)];
    if (!response) throw new Error(`${key} answered ${status}, which the document does not list (it lists ${Object.keys(operation.responses).join(', ')})`);
    return response;
  }

  /** Checks one real answer against the document; a 2xx/3xx marks the operation covered. */
  function check(key: string, res: request.Response): void {
    const response = documented(key, res.status);
    const schema = response.content?.['application/json']?.schema;
    if (response.content?.['application/jsonl']) {
      // A download of JSON lines: documented as such, each line a JSON object.
      expect(res.headers['content-type']).toMatch(/^application\/jsonl/);
      for (const line of res.text.split('\n').filter(Boolean)) expect(typeof JSON.parse(line)).toBe('object');
    } else if (response.content?.['application/yaml']) {
      // A download of YAML (a Promptfoo configuration): documented as such, and it parses.
      expect(res.headers['content-type']).toMatch(/^application\/yaml/);
      expect(typeof parseYaml(res.text)).toBe('object');
    } else if (response.content?.['application/sql']) {
      // A backup: documented as such, a whole Quire backup file.
      expect(res.headers['content-type']).toMatch(/^application\/sql/);
      expect(res.text.startsWith('-- Quire backup 1\n')).toBe(true);
      expect(res.text).toMatch(/-- quire-backup-end sha256:[0-9a-f]{64}\n$/);
    } else if (response.content?.['text/event-stream']) {
      // A stream of server-sent events: documented as such, each event's data JSON (its fields are described in words).
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const data = res.text.split('\n').filter((line) => line.startsWith('data: '));
      expect(data.length).toBeGreaterThan(0);
      for (const line of data) expect(() => JSON.parse(line.slice('data: '.length))).not.toThrow();
    } else if (res.status >= 300 && res.status < 400) {
      expect(response.headers?.Location).toBeDefined();
      expect(res.headers.location).toBeTruthy();
    } else {
      if (!schema) throw new Error(`${key} documents no body for ${res.status}, but answered ${JSON.stringify(res.body).slice(0, 200)}`);
      const id = `${key} ${res.status}`;
      let validate = validators.get(id);
      if (!validate) {
        validate = ajv.compile({ ...schema, components: closedComponents(doc.components) });
        validators.set(id, validate);
      }
      if (!validate(res.body)) {
        throw new Error(
          `${key} answered ${res.status} with a body its documented schema refuses:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(res.body).slice(0, 600)}`,
        );
      }
      if (response.headers?.['Content-Range']) expect(res.headers['content-range']).toMatch(/^[\w-]+ (\d+-\d+|\*)\/\d+$/);
    }
    if (res.status < 400) covered.add(key);
  }

  /** One call of a documented operation; `path` fills its `{id}`. */
  async function call(
    agent: Agent | ReturnType<typeof request>,
    key: string,
    status: number,
    options: { id?: string; body?: unknown; query?: Json; contentType?: string } = {},
  ): Promise<any> {
    const [method, path] = key.split(' ');
    const url = options.id ? path.replace(/\{[^}]+\}/, options.id) : path;
    let req = (agent as Agent)[method.toLowerCase() as Method](url);
    if (path.endsWith('/events') || path.endsWith('.jsonl') || path.endsWith('.yaml') || path === '/api/backup') req = req.buffer(true);
    if (options.query) req = req.query(options.query);
    if (options.contentType) req = req.set('Content-Type', options.contentType);
    if (options.body !== undefined) req = req.send(options.body as object);
    const res = await req;
    if (res.status !== status) throw new Error(`${key}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
    check(key, res);
    return path.endsWith('.jsonl') || path.endsWith('.yaml') ? res.text : res.body;
  }

  describe('signed in with Google, against the simulators', () => {
    const notion = new NotionFake();
    const openai = new OpenAiFake();
    const google = new GoogleFake();
    const site = new FixtureSite();
    let t: TestApp;
    let agent: Agent;

    beforeAll(async () => {
      await Promise.all([notion.start(), openai.start(), google.start(), site.start()]);
      t = await createTestApp({
        ...google.env('ada@quire.test,grace@quire.test'),
        GOOGLE_PICKER_API_KEY: 'picker-key',
        GOOGLE_APP_ID: '123456789',
        NOTION_BASE_URL: notion.baseUrl,
        OPENAI_BASE_URL: openai.baseUrl,
        NOTION_POLL_SECONDS: '3600',
        FINE_TUNE_POLL_SECONDS: '1',
        CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
        CRAWL_HOST_DELAY_MS: '0',
      });
      // On PostgreSQL the spec files share one database: start from empty tables, not a previous file's rows.
      await t.reset();
      agent = request.agent(t.http);
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([notion.stop(), openai.stop(), google.stop(), site.stop()]);
    });

    it("should lint with zero errors under Redocly's recommended rules", async () => {
      // The document is for signed-in readers: sign in the way a browser does first.
      const start = await agent.get('/api/auth/google').expect(302);
      const consent = await fetch(start.headers.location, { redirect: 'manual' });
      const callback = new URL(consent.headers.get('location')!);
      const signedIn = await agent
        .get(callback.pathname + callback.search)
        .expect(302)
        .expect('location', '/');

      doc = (await agent.get('/api/docs-json').expect(200)).body;
      operations = Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
      check('GET /api/auth/google', start);
      check('GET /api/auth/google/callback', signedIn);
      const file = join(mkdtempSync(join(tmpdir(), 'quire-openapi-')), 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const lint = spawnSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', file, '--extends', 'recommended', '--format', 'json'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_OPTIONS: '' },
      });
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{')));
      const errors = report.problems.filter((p: Json) => p.severity === 'error').map((p: Json) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    });

    it('should describe a real answer of every signed-in operation, and the errors on the way', async () => {
      check('GET /api/health', await agent.get('/api/health'));
      check('GET /api/config', await agent.get('/api/config'));
      await call(agent, 'GET /api/auth/providers', 200);
      await call(agent, 'GET /api/me', 200);
      await call(request(t.http), 'GET /api/me', 401);

      // Settings.
      await call(agent, 'GET /api/user', 200);
      await call(agent, 'POST /api/user', 400, { body: { envVars: { OPENAI_API_KEY: 'sk-\u0000' } } });
      const { model, bias, sections, article } = await setUpGeneration(agent, notion, openai);
      await call(agent, 'POST /api/user', 200, { body: { envVars: { OPENAI_API_KEY: openai.apiKey } } });
      await call(agent, 'GET /api/user/status-config', 200);
      await call(agent, 'POST /api/user/status-config', 200, {
        body: {
          propertyName: 'Status',
          values: { start: 'Start Generating', inProgress: 'Generating...', error: 'Generating Error', complete: 'Posts Generated' },
        },
      });

      // Models and their examples.
      await call(agent, 'GET /api/models', 200);
      await call(agent, 'GET /api/models/{id}', 200, { id: model._id });
      await call(agent, 'GET /api/models/{id}', 404, { id: randomUUID() });
      await call(agent, 'GET /api/base-models', 200);
      const voice = await call(agent, 'POST /api/models', 201, { body: { name: 'Voice', base_model: 'gpt-4o' } });
      for (let n = 1; n <= 10; n++) await call(agent, 'POST /api/models/{id}/add-example', 201, { id: voice._id, body: { example: example(n) } });
      await call(agent, 'POST /api/models/{id}/add-example', 409, { id: voice._id, body: { example: example(1) } });
      await call(agent, 'DELETE /api/models/{id}/remove-example', 200, { id: voice._id, body: { uuid: example(10).uuid } });
      await call(agent, 'POST /api/models/{id}/add-example', 201, { id: voice._id, body: { example: example(10) } });
      expect((await call(agent, 'GET /api/models/{id}/examples.jsonl', 200, { id: voice._id })).trim().split('\n')).toHaveLength(10);
      await call(agent, 'GET /api/model-shutdowns', 200);
      const spareModel = await call(agent, 'POST /api/models', 201, { body: { name: 'Spare voice', base_model: 'gpt-6-luna' } });
      await call(agent, 'POST /api/models/{id}/replace', 400, { id: spareModel._id, body: { replacement: spareModel._id } });
      expect(await call(agent, 'POST /api/models/{id}/replace', 200, { id: spareModel._id, body: { replacement: model._id } })).toEqual({
        sections: 0,
        articles: 0,
      });
      const job = await call(agent, 'POST /api/fine-tune-jobs/start', 201, { body: { modelId: voice._id, suffix: 'voice' } });
      expect(job._id).toBeDefined();
      await call(agent, 'POST /api/fine-tune-jobs/start', 409, { body: { modelId: voice._id, suffix: 'voice' } });
      await call(agent, 'GET /api/fine-tune-jobs', 200, { query: { sort: '["id","ASC"]', filter: '{"q":"voice"}' } });

      // Bias lists.
      await call(agent, 'GET /api/logit-bias-groups', 200);
      await call(agent, 'GET /api/logit-bias-groups/{id}', 200, { id: bias._id });
      await call(agent, 'POST /api/logit-bias-groups/preview', 200, {
        body: { entries: [{ words: ['delve', 'tapestry'], bias: -100 }], family: 'o200k_base' },
      });
      const spare = await call(agent, 'POST /api/logit-bias-groups', 201, { body: { name: 'Spare', entries: [{ words: ['utilize'], bias: -50 }] } });
      await call(agent, 'PUT /api/logit-bias-groups/{id}', 200, { id: spare._id, body: { ...spare, name: 'Spare words' } });
      await call(agent, 'PUT /api/logit-bias-groups/{id}', 400, { id: spare._id, body: { ...spare, name: '' } });

      // Sections, articles, clients.
      await call(agent, 'GET /api/sections', 200, { query: { sort: '["id","DESC"]', range: '[0,1]' } });
      await call(agent, 'GET /api/sections/{id}', 200, { id: sections[0]._id });
      const copy = await call(agent, 'POST /api/sections/{id}/copy', 201, { id: sections[0]._id });
      await call(agent, 'PUT /api/sections/{id}', 200, { id: copy._id, body: { ...copy, name: 'Copied intro' } });
      const versions = await call(agent, 'GET /api/sections/{id}/versions', 200, { id: copy._id });
      expect(versions.map((v: Json) => v.version)).toEqual([2, 1]);
      const restore = 'POST /api/sections/{id}/versions/{version}/restore';
      check(restore, await agent.post(`/api/sections/${copy._id}/versions/1/restore`).expect(201));
      check(restore, await agent.post(`/api/sections/${copy._id}/versions/7/restore`).expect(404));
      await call(agent, 'GET /api/sections/{id}/versions', 404, { id: randomUUID() });
      await call(agent, 'GET /api/articles', 200, { query: { filter: '{"q":"Laptop"}' } });
      await call(agent, 'GET /api/articles/{id}', 200, { id: article._id });
      await call(agent, 'PUT /api/articles/{id}', 200, { id: article._id, body: article });
      const section = await call(agent, 'POST /api/sections', 201, {
        body: { ...sections[0], _id: undefined, id: undefined, created_at: undefined, updated_at: undefined, model_shutdown_date: undefined, name: 'Closing' },
      });
      await call(agent, 'POST /api/sections', 400, { body: { name: 'No model' } });
      const snapshot = articleEntry(section, { logit_bias_group: null });
      const other = await call(agent, 'POST /api/articles', 201, { body: { article_title: 'Short review', article_type: 'Review', sections: [snapshot] } });
      const client = await call(agent, 'POST /api/clients', 201, { body: { name: 'Globex' } });
      await call(agent, 'POST /api/clients/{id}/save-path', 200, { id: client._id, body: { folderId: 'folder-globex', folderName: 'Globex articles' } });
      await call(agent, 'GET /api/clients', 200);
      await call(agent, 'GET /api/clients/{id}', 200, { id: client._id });
      await call(agent, 'PUT /api/clients/{id}', 200, { id: client._id, body: { name: 'Globex Inc' } });
      await call(agent, 'PUT /api/clients/{id}', 400, { id: client._id, body: { savePath: 'folder-globex' } });
      await call(agent, 'PUT /api/clients/{id}', 415, { id: client._id, body: '{"name":"Globex Inc"}', contentType: 'text/plain' });
      await call(agent, 'PUT /api/clients/{id}', 409, { id: client._id, body: { name: 'acme' } });
      await call(agent, 'GET /api/google-drive-token', 200);

      // Generation: the connection tests, one check that writes the article, and its History entry.
      await call(agent, 'POST /api/generation/test-notion', 200);
      await call(agent, 'POST /api/generation/test-openai', 200);
      notion.addRow({ title: 'Best laptops', status: 'Start Generating', type: 'Guide', client: 'Acme', extra: { Keyword: 'laptops' } });
      expect(await call(agent, 'GET /api/generation/estimate', 200)).toMatchObject({ start_value: 'Start Generating', rows: 1, without_template: 0 });
      await call(agent, 'POST /api/generation/check-now', 200);
      await call(agent, 'GET /api/generation/status', 200);
      await call(agent, 'GET /api/first-run', 200);
      const history = await eventually(
        () => call(agent, 'GET /api/history', 200),
        (entries: Json[]) => entries.some((e) => e._type === 'generation' && ['completed', 'failed'].includes(e.status)),
        30_000,
      );
      const written = history.find((e: Json) => e._type === 'generation')!;
      expect(written).toMatchObject({ status: 'completed', message: null });
      await call(agent, 'GET /api/history/{id}', 200, { id: written._id });
      await call(agent, 'POST /api/history/{id}/retry', 409, { id: written._id });
      await call(agent, 'GET /api/usage', 200);
      await call(agent, 'GET /api/usage', 200, { query: { from: '2026-01-01', to: '2099-12-31' } });
      await call(agent, 'GET /api/usage', 400, { query: { from: '2026-02-30' } });
      // A failed article, retried: OpenAI refuses its first section once.
      openai.failNext('POST', /^\/v1\/chat\/completions$/, 400, 'This request was refused.', 1);
      notion.addRow({ title: 'Refused once', status: 'Start Generating', type: 'Guide', client: 'Acme', extra: { Keyword: 'laptops' } });
      await call(agent, 'POST /api/generation/check-now', 200);
      const failed = await eventually(
        () => call(agent, 'GET /api/history', 200),
        (entries: Json[]) => entries.some((e) => e.title === 'Refused once' && e.status === 'failed'),
        30_000,
      );
      const refused = failed.find((e: Json) => e.title === 'Refused once')!;
      await call(agent, 'GET /api/history/{id}', 200, { id: refused._id });
      await call(agent, 'POST /api/history/{id}/retry', 200, { id: refused._id });
      await eventually(
        () => call(agent, 'GET /api/history/{id}', 200, { id: refused._id }),
        (entry: Json) => entry.status === 'completed',
        30_000,
      );

      // Previews: one article run on two models, read whole, as a list, and as a stream; a template problem is a 400.
      const tuned = await call(agent, 'POST /api/models', 201, { body: { name: 'Second writer', base_model: 'gpt-4o-mini' } });
      const preview = await call(agent, 'POST /api/previews', 201, {
        body: { articleId: article._id, title: 'Best laptops', properties: { Keyword: 'laptops' }, models: [model._id, tuned._id] },
      });
      await call(agent, 'POST /api/previews', 400, { body: { articleId: article._id, title: 'No keyword' } });
      await eventually(
        () => call(agent, 'GET /api/previews/{id}', 200, { id: preview._id }),
        (p: Json) => p.status === 'completed' || p.status === 'failed',
        30_000,
      );
      await call(agent, 'GET /api/previews/{id}/events', 200, { id: preview._id });
      await call(agent, 'GET /api/previews/{id}/events', 404, { id: randomUUID() });
      await call(agent, 'GET /api/previews', 200, { query: { filter: JSON.stringify({ articleId: article._id }), sort: '["created_at","DESC"]' } });
      await call(agent, 'POST /api/previews', 201, { body: { sectionId: sections[2]._id, title: 'Sample' } });

      // Evaluations: two setups on Voice's examples, estimated, run, judged and exported for Promptfoo.
      const setups = {
        modelId: voice._id,
        holdout: 2,
        variants: [
          { label: 'Plain', model: model._id, examples_count: 0 },
          { label: 'Guided', model: model._id, examples_count: 2 },
        ],
      };
      await call(agent, 'POST /api/evaluations/estimate', 200, { body: setups });
      await call(agent, 'POST /api/evaluations', 400, { body: { ...setups, holdout: 1 } });
      const evaluation = await call(agent, 'POST /api/evaluations', 201, { body: setups });
      const evaluated = await eventually(
        () => call(agent, 'GET /api/evaluations/{id}', 200, { id: evaluation._id }),
        (e: Json) => e.status === 'completed' || e.status === 'failed',
        30_000,
      );
      expect(evaluated.status).toBe('completed');
      await call(agent, 'POST /api/evaluations/{id}/judgments', 201, { id: evaluation._id, body: { item: evaluated.items[0]._id, winner: 'tie' } });
      await call(agent, 'POST /api/evaluations/{id}/judgments', 400, { id: evaluation._id, body: { item: evaluated.items[0]._id, winner: 'Nobody' } });
      await call(agent, 'GET /api/evaluations', 200, { query: { filter: JSON.stringify({ modelId: voice._id }), sort: '["created_at","DESC"]' } });
      await call(agent, 'GET /api/evaluations/{id}', 404, { id: randomUUID() });
      await call(agent, 'GET /api/evaluations/{id}/promptfoo.yaml', 200, { id: evaluation._id });

      // Training data: a crawl of the fixture site, its job and its clustered snapshot.
      const crawl = await call(agent, 'POST /api/training-jobs/submit-url', 201, { body: { url: `${site.url}/` } });
      await eventually(
        () => call(agent, 'GET /api/training-jobs/{id}', 200, { id: crawl._id }),
        (job: Json) => job.status === 'completed' || job.status === 'failed',
        30_000,
      );
      await call(agent, 'GET /api/training-jobs', 200, { query: { filter: '{"q":"127.0.0.1"}' } });
      const snapshots = await call(agent, 'GET /api/training-snapshots', 200, { query: { jobId: crawl._id } });
      expect(snapshots.length).toBe(1);
      await call(agent, 'GET /api/history', 200, { query: { filter: JSON.stringify({ id: [crawl._id, written._id] }) } });
      await call(agent, 'GET /api/history/{id}', 200, { id: crawl._id });

      // Bulk writing: what is in flight, and "Cancel bulk" (nothing to cancel here).
      expect(await call(agent, 'GET /api/bulk', 200)).toMatchObject({ batches: expect.any(Number), lines: expect.any(Number), articles: expect.any(Number) });
      expect((await call(agent, 'POST /api/bulk/cancel', 200)).message).toMatch(/^Bulk writing cancelled: /);
      // The Notion webhook: its state, Notion's verification request, an unsigned event refused, a reset.
      const hook = await call(agent, 'GET /api/notion-webhook', 200);
      const token = new URL(hook.url).pathname.split('/').pop()!;
      await call(request(t.http), 'POST /api/webhooks/notion/{token}', 200, { id: token, body: { verification_token: 'secret_openapi_check' } });
      await call(request(t.http), 'POST /api/webhooks/notion/{token}', 401, { id: token, body: { id: 'e-1', type: 'page.created' } });
      await call(request(t.http), 'POST /api/webhooks/notion/{token}', 404, { id: 'f'.repeat(64), body: { id: 'e-1', type: 'page.created' } });
      await call(request(t.http), 'POST /api/webhooks/notion/{token}', 400, { id: token, body: [1] });
      expect((await call(agent, 'GET /api/notion-webhook', 200)).verification_token).toBe('secret_openapi_check');
      await call(request(t.http), 'POST /api/webhooks/notion/{token}', 200, { id: token, body: { verification_token: 'secret_openapi_again' } });
      await call(agent, 'POST /api/notion-webhook/reset', 200);

      // Model providers beside OpenAI: an OpenAI-compatible server (the simulator, at its own address), tested, renamed, removed.
      const provider = await call(agent, 'POST /api/connections', 201, {
        body: { kind: 'openai-compatible', name: 'Compatible', base_url: openai.baseUrl, api_key: openai.apiKey },
      });
      await call(agent, 'POST /api/connections', 400, { body: { kind: 'openai-compatible', name: 'No address' } });
      await call(agent, 'GET /api/connections', 200);
      await call(agent, 'GET /api/connections/{id}', 200, { id: provider._id });
      expect((await call(agent, 'POST /api/connections/{id}/test', 200, { id: provider._id })).ok).toBe(true);
      await call(agent, 'PUT /api/connections/{id}', 200, { id: provider._id, body: { name: 'Compatible server' } });
      await call(agent, 'DELETE /api/connections/{id}', 200, { id: provider._id });

      // Monthly budgets: the workspace's and a client's, changed, estimated for a template, removed.
      const budget = await call(agent, 'POST /api/budgets', 201, { body: { monthly_limit_usd: 25 } });
      await call(agent, 'POST /api/budgets', 409, { body: { client_id: null, monthly_limit_usd: 30 } });
      await call(agent, 'POST /api/budgets', 400, { body: { monthly_limit_usd: 0 } });
      await call(agent, 'GET /api/budgets', 200);
      await call(agent, 'GET /api/budgets/{id}', 200, { id: budget._id });
      await call(agent, 'GET /api/budgets/{id}', 404, { id: randomUUID() });
      await call(agent, 'PUT /api/budgets/{id}', 200, { id: budget._id, body: { monthly_limit_usd: 40 } });
      await call(agent, 'GET /api/articles/{id}/estimate', 200, { id: article._id });
      await call(agent, 'GET /api/articles/{id}/estimate', 404, { id: randomUUID() });
      await call(agent, 'DELETE /api/budgets/{id}', 200, { id: budget._id });

      // Workspaces: the one Ada has, its members, an invitation revoked, the audit log, a second one and back.
      const [home] = await call(agent, 'GET /api/workspaces', 200);
      await call(agent, 'GET /api/workspaces/{id}', 200, { id: home._id });
      await call(agent, 'GET /api/workspaces/{id}', 404, { id: randomUUID() });
      await call(agent, 'PUT /api/workspaces/{id}', 200, { id: home._id, body: { name: 'Ada and friends' } });
      await call(agent, 'PUT /api/workspaces/{id}', 400, { id: home._id, body: { name: '' } });
      const [ada] = await call(agent, 'GET /api/members', 200);
      await call(agent, 'GET /api/members/{id}', 200, { id: ada._id });
      await call(agent, 'PUT /api/members/{id}', 409, { id: ada._id, body: { role: 'editor' } });
      await call(agent, 'DELETE /api/members/{id}', 409, { id: ada._id });
      const invitation = await call(agent, 'POST /api/invitations', 201, { body: { email: 'grace@quire.test', role: 'editor' } });
      await call(agent, 'POST /api/invitations', 409, { body: { email: 'mallory@elsewhere.test', role: 'editor' } });
      await call(agent, 'GET /api/invitations', 200);
      await call(agent, 'GET /api/invitations/{id}', 200, { id: invitation._id });
      await call(agent, 'DELETE /api/invitations/{id}', 200, { id: invitation._id });
      await call(agent, 'GET /api/audit', 200, { query: { filter: JSON.stringify({ resource: 'sections' }), sort: '["at","DESC"]' } });
      const apiToken = await call(agent, 'POST /api/tokens', 201, { body: { name: 'Script', role: 'viewer' } });
      await call(agent, 'POST /api/tokens', 400, { body: { name: 'Script', role: 'admin' } });
      await call(agent, 'GET /api/tokens', 200);
      await call(agent, 'DELETE /api/tokens/{id}', 200, { id: apiToken._id });
      await call(agent, 'DELETE /api/tokens/{id}', 404, { id: apiToken._id });
      const team = await call(agent, 'POST /api/workspaces', 201, { body: { name: 'Second team' } });
      await call(agent, 'PUT /api/me/workspace', 200, { body: { id: team._id } });
      const member = await memberCookie(t, team._id, 'viewer', 'grace@quire.test');
      await call(agent, 'PUT /api/members/{id}', 200, { id: member.id, body: { role: 'editor' } });
      await call(agent, 'DELETE /api/members/{id}', 200, { id: member.id });
      await call(agent, 'PUT /api/me/workspace', 404, { body: { id: randomUUID() } });
      await call(agent, 'PUT /api/me/workspace', 200, { body: { id: home._id } });

      // Deletes, then sign-out.
      await call(agent, 'DELETE /api/sections/{id}', 200, { id: copy._id });
      await call(agent, 'DELETE /api/logit-bias-groups/{id}', 200, { id: spare._id });
      await call(agent, 'DELETE /api/articles/{id}', 200, { id: other._id });
      await call(agent, 'DELETE /api/clients/{id}', 200, { id: client._id });
      await call(agent, 'DELETE /api/models/{id}', 409, { id: model._id });
      // Only a tuned model is deleted (also at OpenAI): the fine-tune started above, followed to its end.
      await eventually(
        () => call(agent, 'GET /api/models/{id}', 200, { id: voice._id }),
        (m: Json) => m.fine_tune_status === 'completed',
        30_000,
      );
      await call(agent, 'DELETE /api/models/{id}', 200, { id: voice._id });
      // A backup holds everyone's work: only the owners of the data (none named here) may download one.
      await call(agent, 'GET /api/backup', 403);
      await call(agent, 'POST /api/logout', 200);
      await call(agent, 'GET /api/me', 401);
    });
  });

  describe('in local sign-in mode', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ AUTH_MODE: 'local' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('should sign in the local operator with the documented redirect, and cover every operation of the document', async () => {
      const signedIn = await request(t.http).get('/api/auth/local').expect(302).expect('location', '/');
      check('GET /api/auth/local', signedIn);
      // The local operator owns the data: the backup is theirs to download.
      const agent = request.agent(t.http).set('Cookie', (signedIn.headers['set-cookie'][0] as string).split(';')[0]);
      await call(agent, 'GET /api/backup', 200);
      const missing = operations.filter((key) => !covered.has(key));
      expect(missing).toEqual([]);
    });
  });
});
