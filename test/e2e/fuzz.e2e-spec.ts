// Property-based fuzzing of every route in /api/docs-json against the API's contract for hostile input:
// a malformed request gets a 4xx (never a 5xx, never a 2xx) and changes nothing; another
// operator's records are never accepted; the server stays up. The routes, their bodies and their
// list parameters all come from the OpenAPI document, so a new route is fuzzed without edits here.
//
//   FUZZ_SEED=123   replays a run (the seed is in the test names and in every failure)
//   FUZZ_RUNS=200   cases per route and property (default 80)
//   FUZZ_ROUTE='POST /api/sections'   fuzzes only that route
//   FUZZ_SHRINK=1   lets fast-check shrink a failure (slower; off by default)
import fc from 'fast-check';
import request from 'supertest';
import { example, sectionBody, snapshotOf } from '../support/fixtures';
import { BodyCases } from '../support/fuzz/bodies';
import { Agent, Fuzzer, QUIET_API_ENV } from '../support/fuzz/harness';
import { clip } from '../support/fuzz/json';
import { OpenApiDocument, Operation, operationsOf, resolve, resourceOf, Schema } from '../support/fuzz/openapi';
import { ListRoute, QueryCases } from '../support/fuzz/queries';
import { idsOfLists, RecordIds } from '../support/fuzz/records';
import { createTestApp, otherOperatorCookie, signInLocal, TestApp } from '../support/test-app';
import { InvitationsRepository } from '../../backend/src/workspaces/invitations.repository';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const ONLY = process.env.FUZZ_ROUTE;
// No background work writes rows between the two fingerprints of a request.
const ENV = QUIET_API_ENV;
/** Routes a caller uses every day: a schema-built body must get through, or the generator is broken. */
const EVERYDAY = [
  'POST /api/clients',
  'POST /api/models',
  'POST /api/logit-bias-groups',
  'POST /api/sections',
  'PUT /api/sections/{id}',
  'POST /api/articles',
  'POST /api/user/status-config',
];
const WRITES = ['post', 'put', 'patch', 'delete'];

jest.setTimeout(600_000);

describe(`Fuzzing every route in /api/docs-json (FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let agent: Agent;
  let doc: OpenApiDocument;
  let operations: Operation[];
  let lists: ListRoute[];
  let ids: RecordIds;
  let fuzzer: Fuzzer;

  beforeAll(async () => {
    console.log(`Fuzzing with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}${ONLY ? ` FUZZ_ROUTE='${ONLY}'` : ''}`);
    t = await createTestApp(ENV);
    await t.reset();
    agent = await signInLocal(t.http);
    doc = (await agent.get('/api/docs-json').expect(200)).body;
    operations = operationsOf(doc);

    const grace = await otherOperatorCookie(t);
    await seedOneOfEach(async (path, body) => (await request(t.http).post(path).set('Cookie', grace).send(body).expect(201)).body);
    await seedOneOfEach(async (path, body) => (await agent.post(path).send(body).expect(201)).body);
    // Each operator's personal workspace is a workspace of its own: an invitation in each
    // (made as a restored database could hold them, local sign-in taking none), so theirs has ids to try.
    for (const cookie of [grace, undefined]) {
      const me = (await (cookie ? request(t.http).get('/api/me').set('Cookie', cookie) : agent.get('/api/me')).expect(200)).body;
      await t.app.get(InvitationsRepository).invite({
        workspaceId: me.workspace.id,
        email: `invited-${me.workspace.id}@quire.test`,
        role: 'viewer',
        invitedBy: null,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    // No job runs in this app (RUN_JOBS=false): the seeded crawls stay queued, and nothing writes rows while fuzzing.

    lists = [];
    for (const op of operations.filter((o) => o.method === 'get' && o.pathParams.length === 0)) {
      const list = await discoverList(op.path);
      if (list) lists.push(list);
    }
    const listPaths = lists.map((list) => list.path);
    ids = new RecordIds(
      await idsOfLists((path) => agent.get(path), listPaths),
      await idsOfLists((path) => request(t.http).get(path).set('Cookie', grace), listPaths),
    );
    // The other workspace's Notion webhook address: a delivery to it is never taken without its signature.
    const theirHook = (await request(t.http).get('/api/notion-webhook').set('Cookie', grace).expect(200)).body.url as string;
    ids.theirs['/api/webhooks/notion'] = [new URL(theirHook).pathname.split('/').pop()!];
    fuzzer = new Fuzzer(t, agent);
    await fuzzer.start();
  });

  afterAll(async () => {
    if (fuzzer) console.log(`Answers per route (FUZZ_SEED=${SEED}):\n${fuzzer.summary()}`);
    await t?.close();
  });

  /** Shows what a list answers: its row keys, which of them it sorts by, which hold record ids. */
  async function discoverList(path: string): Promise<ListRoute | undefined> {
    const plain = await agent.get(path);
    if (plain.status !== 200 || !plain.headers['content-range'] || !Array.isArray(plain.body)) return undefined;
    const row: Record<string, unknown> = plain.body[0] ?? {};
    const keys = Object.keys(row);
    const sortable: string[] = [];
    for (const key of keys) {
      if ((await agent.get(path).query({ sort: JSON.stringify([key, 'ASC']) })).status === 200) sortable.push(key);
    }
    const isUuid = (value: unknown) => typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
    // `id` holds record ids, but for a list whose rows are named otherwise (base models: `gpt-4o`).
    const recordId = row._id ?? row.id;
    const idFields = [
      ...(recordId === undefined || isUuid(recordId) ? ['id'] : []),
      ...keys.filter((key) => key !== '_id' && key !== 'id' && isUuid(row[key])),
    ];
    return { path, sortable, keys, samples: row, idFields };
  }

  /** The operation's path with the operator's own record of that resource (any uuid if none). */
  function urlFor(op: Operation, g: fc.GeneratorValue, id?: string): string {
    const own = ids.mine[resourceOf(op.path)] ?? [];
    const chosen = id ?? (own.length ? own[g(fc.nat, own.length - 1)] : g(fc.uuid));
    return op.path.replace(/\{[^}]+\}/g, chosen);
  }

  /**
   * One fast-check property per route. Every route runs even when one fails; the failures are
   * reported together, each with fast-check's report (seed, path, counterexample, error).
   */
  async function fuzzEach(routes: Operation[], runs: number, property: (op: Operation, g: fc.GeneratorValue) => Promise<void>): Promise<void> {
    const chosen = routes.filter((op) => !ONLY || op.key === ONLY);
    if (!ONLY) expect(chosen.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const op of chosen) {
      ids.mine = await idsOfLists(
        (path) => agent.get(path),
        lists.map((list) => list.path),
      );
      fuzzer.forget();
      try {
        await fc.assert(
          fc.asyncProperty(fc.gen(), (g) => property(op, g)),
          { seed: seedOf(op.key), numRuns: runs, endOnFailure: !process.env.FUZZ_SHRINK, includeErrorInReport: true },
        );
      } catch (error) {
        failures.push(`── ${op.key}   (replay: FUZZ_SEED=${SEED} FUZZ_ROUTE='${op.key}')\n${(error as Error).message}`);
      }
    }
    if (failures.length) throw new Error(`${failures.length} of ${chosen.length} routes broke the contract:\n\n${failures.join('\n\n')}`);
  }

  it('should accept schema-built bodies and plain list queries, and see a write in the fingerprint (so the checks below can fail)', async () => {
    const refused: string[] = [];
    for (const key of EVERYDAY) {
      const op = operations.find((o) => o.key === key);
      if (!op?.body) {
        refused.push(`${key} is not in the document`);
        continue;
      }
      const statuses: number[] = [];
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (g) => {
          const body = new BodyCases(doc, g, ids).asBuilt(op.body!).body;
          statuses.push((await agent[op.method as 'post'](urlFor(op, g)).set('Content-Type', 'application/json').send(body!)).status);
        }),
        { seed: SEED, numRuns: 10 },
      );
      if (!statuses.some((status) => status < 300)) refused.push(`${key} refused all of 10 schema-built bodies: ${statuses.join(', ')}`);
    }
    for (const list of lists) {
      const query = { sort: JSON.stringify([list.sortable[0] ?? 'zz', 'ASC']), range: '[0,9]', filter: '{}' };
      const status = (await agent.get(list.path).query(list.sortable.length ? query : { range: '[0,9]', filter: '{}' })).status;
      if (status !== 200) refused.push(`GET ${list.path} answered ${status} to ${JSON.stringify(query)}`);
    }
    expect(lists.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);
    // The fingerprint that shows a refused request changed nothing does see a change.
    const before = await fuzzer.fingerprint();
    await agent.post('/api/clients').send({ name: 'Seen by the fingerprint' }).expect(201);
    expect(await fuzzer.fingerprint()).not.toEqual(before);
  });

  it('should answer every malformed body with a 4xx that changes nothing, and a wild one never with a 5xx', async () => {
    const routes = operations.filter((op) => WRITES.includes(op.method) && op.body);
    await fuzzEach(routes, RUNS, async (op, g) => {
      const cases = new BodyCases(doc, g, ids);
      const c = g(fc.nat, 9) < 6 ? cases.invalid(op.body!) : cases.wild(op.body!);
      await fuzzer.exchange({ route: op.key, method: op.method, url: urlFor(op, g), body: c.body, expect: c.expect, change: c.change, names: c.names });
    });
  });

  it("should never accept another operator's record, in a body's uuid field or in the path", async () => {
    const routes = operations.filter((op) => WRITES.includes(op.method) && ((op.body && mentionsUuid(doc, op.body)) || op.pathParams.length > 0));
    await fuzzEach(routes, Math.ceil(RUNS / 2), async (op, g) => {
      const cases = new BodyCases(doc, g, ids);
      const theirRecords = op.pathParams.length ? (ids.theirs[resourceOf(op.path)] ?? []) : [];
      // A body whose lists came out empty may have no uuid field: build another.
      let c = cases.foreign(op.body, theirRecords);
      for (let tries = 0; !c && tries < 5; tries++) c = cases.foreign(op.body, theirRecords);
      fc.pre(c !== undefined);
      await fuzzer.exchange({ route: op.key, method: op.method, url: urlFor(op, g, c!.pathId), body: c!.body, expect: c!.expect, change: c!.change });
    });
  });

  it('should ignore or refuse any body sent to a POST that documents none, never with a 5xx', async () => {
    const routes = operations.filter((op) => op.method === 'post' && !op.body);
    await fuzzEach(routes, Math.ceil(RUNS / 4), async (op, g) => {
      const c = new BodyCases(doc, g, ids).anyBody();
      await fuzzer.exchange({ route: op.key, method: op.method, url: urlFor(op, g), body: c.body, expect: c.expect, change: c.change });
    });
  });

  it('should refuse a body that is not JSON on every write route with a 415 that changes nothing', async () => {
    const routes = operations.filter((op) => WRITES.includes(op.method));
    await fuzzEach(routes, 1, async (op, g) => {
      const url = urlFor(op, g);
      for (const c of new BodyCases(doc, g, ids).notJson(op.body)) {
        await fuzzer.exchange({
          route: op.key,
          method: op.method,
          url,
          body: c.body,
          contentType: c.contentType,
          expect: c.expect,
          change: c.change,
          status: 415,
        });
      }
    });
  });

  it('should write nothing for {} on a PUT whose fields may all be left out (an update of nothing)', async () => {
    const routes = operations.filter((op) => op.method === 'put' && op.body && !resolve(doc, op.body).required?.length);
    expect(routes.map((op) => op.key)).toEqual(
      expect.arrayContaining(['PUT /api/articles/{id}', 'PUT /api/sections/{id}', 'PUT /api/logit-bias-groups/{id}', 'PUT /api/clients/{id}']),
    );
    await fuzzEach(routes, 1, async (op, g) => {
      const url = urlFor(op, g);
      const before = await fuzzer.fingerprint();
      const res = await agent.put(url).send({});
      const after = await fuzzer.fingerprint();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (res.status !== 200 || changed.length) {
        throw new Error(`${op.key}: PUT ${url} {} answered ${res.status} ${clip(res.text ?? '')} and changed ${changed.join(', ') || 'no table'}`);
      }
    });
  });

  it('should answer malformed list and query parameters with a 400, and wild ones never with a 5xx', async () => {
    const routes = operations.filter((op) => op.method === 'get' && (lists.some((list) => list.path === op.path) || op.queryParams.length > 0));
    await fuzzEach(routes, RUNS, async (op, g) => {
      const cases = new QueryCases(g, Object.values(ids.mine).flat());
      const documented = op.queryParams.map((p) => p.name);
      const list = lists.find((l) => l.path === op.path);
      const c = list && (documented.length === 0 || g(fc.boolean)) ? cases.list(list, documented) : cases.documented(documented, g(fc.nat, 9) < 6);
      const status = c.expect === 'invalid' ? 400 : undefined;
      await fuzzer.exchange({ route: op.key, method: 'get', url: urlFor(op, g), query: c.query, expect: c.expect, change: c.change, status });
    });
  });

  it('should still be healthy and serve a normal request afterwards', async () => {
    await fuzzer.expectHealthy('at the end of the fuzzing');
    await agent.post('/api/clients').send({ name: 'After the fuzzing' }).expect(201);
  });
});

/** One record of each kind, made the way the dashboard makes them. */
async function seedOneOfEach(post: (path: string, body: object) => Promise<{ _id: string }>): Promise<void> {
  const model = await post('/api/models', { name: 'Seed voice', base_model: 'gpt-4o' });
  await post(`/api/models/${model._id}/add-example`, { example: example(1) });
  const list = await post('/api/logit-bias-groups', { name: 'Seed words', entries: [{ words: ['delve'], bias: -100 }] });
  const section = await post('/api/sections', sectionBody(model._id, { logit_bias_group: list._id }));
  await post('/api/articles', { article_title: 'Seed article', article_type: 'Guide', sections: [snapshotOf(section as Parameters<typeof snapshotOf>[0])] });
  const client = await post('/api/clients', { name: 'Seed client' });
  await post('/api/budgets', { client_id: client._id, monthly_limit_usd: 50 });
  await post('/api/tokens', { name: 'Seed token', role: 'viewer' });
  // A model provider on a closed loopback port: its Test answers at once that it cannot be reached.
  await post('/api/connections', { kind: 'openai-compatible', name: 'Seed server', base_url: `${QUIET_API_ENV.NOTION_BASE_URL}/v1` });
  // A History entry: a crawl of a closed loopback port, which stops at once (private addresses are refused).
  await post('/api/training-jobs/submit-url', { url: `${QUIET_API_ENV.NOTION_BASE_URL}/seed/` });
}

function mentionsUuid(doc: OpenApiDocument, schema: Schema, seen = new Set<string>()): boolean {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
  }
  const s = resolve(doc, schema);
  if (s.format === 'uuid') return true;
  return [...Object.values(s.properties ?? {}), ...(s.items ? [s.items] : [])].some((child) => mentionsUuid(doc, child, seen));
}

/** Each route gets a seed of its own, derived from FUZZ_SEED, so one route replays alone. */
function seedOf(key: string): number {
  let hash = SEED;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}
