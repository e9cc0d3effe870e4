// Workspaces are isolated, proved over every route of /api/docs-json. Ada (the
// local operator) owns a workspace holding one record of each kind. Grace, the owner of another
// workspace, calls every route on Ada's records: 404 (or 400 for a body the route refuses first),
// never one of Ada's records or names, and nothing changed. Mallory, a viewer in Ada's workspace,
// calls every write: 403, nothing changed; and every read of Ada's records answers them.
import request from 'supertest';
import { can } from '@quire/shared';
import { example, sectionBody, snapshotOf } from '../support/fixtures';
import { Agent, Fuzzer, QUIET_API_ENV } from '../support/fuzz/harness';
import { OpenApiDocument, Operation, operationsOf, resourceOf } from '../support/fuzz/openapi';
import { idsOfLists } from '../support/fuzz/records';
import { createTestApp, memberCookie, otherOperatorCookie, signInLocal, TestApp } from '../support/test-app';

/** In every name Ada gives: a reply to Grace holding it would show Ada's records. */
const MARK = 'AdaOnly';
/** A server-sent event stream stays open while its preview may still change: read elsewhere (previews.e2e-spec.ts). */
const STREAMS = [/\/events$/];

jest.setTimeout(240_000);

describe('Workspace isolation over every route of /api/docs-json', () => {
  let t: TestApp;
  let ada: Agent;
  let operations: Operation[];
  let adaIds: Record<string, string[]>;
  let adaWorkspace: string;
  let grace: string;
  let viewer: { cookie: string; id: string };
  let fuzzer: Fuzzer;
  const records = new Map<string, unknown>();

  beforeAll(async () => {
    t = await createTestApp(QUIET_API_ENV);
    await t.reset();
    ada = await signInLocal(t.http);
    const doc: OpenApiDocument = (await ada.get('/api/docs-json').expect(200)).body;
    // A workspace's routes, as each declares (`x-quire-access`): not sign-in, the session's own workspace or the backup of everything, nor what anyone may call.
    operations = operationsOf(doc).filter((op) => op.access.scope === 'workspace');

    const post = async (path: string, body: object) => (await ada.post(path).send(body).expect(201)).body as { _id: string };
    const model = await post('/api/models', { name: `${MARK} voice`, base_model: 'gpt-4o' });
    await post(`/api/models/${model._id}/add-example`, { example: example(1) });
    const list = await post('/api/logit-bias-groups', { name: `${MARK} words`, entries: [{ words: ['delve'], bias: -100 }] });
    const section = await post('/api/sections', sectionBody(model._id, { name: `${MARK} intro`, logit_bias_group: list._id }));
    await post('/api/articles', {
      article_title: `${MARK} article`,
      article_type: 'Guide',
      sections: [snapshotOf(section as Parameters<typeof snapshotOf>[0])],
    });
    await post('/api/clients', { name: `${MARK} client` });
    await post('/api/connections', { kind: 'openai-compatible', name: `${MARK} server`, base_url: 'http://127.0.0.1:9/v1' });
    await post('/api/training-jobs/submit-url', { url: 'https://ada-only.example/' });
    await ada
      .post('/api/user/status-config')
      .send({ propertyName: `${MARK} status`, values: { start: 'Go', inProgress: 'Writing', error: 'Broken', complete: 'Done' } })
      .expect(200);

    adaWorkspace = (await ada.get('/api/me').expect(200)).body.workspace.id;
    grace = await otherOperatorCookie(t);
    viewer = await memberCookie(t, adaWorkspace, 'viewer');
    // Ada's records of every list route, and each one as Ada reads it (the body a PUT sends back).
    const lists = operations.filter((op) => op.method === 'get' && op.pathParams.length === 0).map((op) => op.path);
    adaIds = await idsOfLists((path) => ada.get(path), lists);
    for (const op of operations.filter((o) => o.method === 'get' && o.pathParams.length === 1 && !STREAMS.some((p) => p.test(o.path)))) {
      const id = adaIds[resourceOf(op.path)]?.[0];
      if (!id) continue;
      const res = await ada.get(op.path.replace(/\{[^}]+\}/, id));
      if (res.status === 200) records.set(op.path, res.body);
    }
    fuzzer = new Fuzzer(t, ada);
    await fuzzer.start();
  });

  afterAll(async () => {
    await t?.close();
  });

  /** The route's path on Ada's record of its resource (the first path parameter; a version number 1). */
  function adaUrl(op: Operation): string | null {
    const [first, ...rest] = op.pathParams;
    if (!first) return op.path;
    const id = adaIds[resourceOf(op.path)]?.[0];
    if (!id) return null;
    let url = op.path.replace(`{${first}}`, id);
    for (const param of rest) url = url.replace(`{${param}}`, '1');
    return url;
  }

  /** The body a caller would send: the record as read for a PUT, an empty object for other writes. */
  function bodyFor(op: Operation): object | undefined {
    if (op.method === 'get' || op.method === 'delete') return undefined;
    return op.method === 'put' ? ((records.get(op.path) as object | undefined) ?? {}) : {};
  }

  async function send(op: Operation, url: string, cookie: string): Promise<request.Response> {
    const req = request(t.http)[op.method](url).set('Cookie', cookie);
    const body = bodyFor(op);
    return body === undefined ? req : req.send(body);
  }

  it('should answer a member of another workspace 404 on each of its records, never one of them, and change nothing', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      if (STREAMS.some((pattern) => pattern.test(op.path)) && op.pathParams.length === 0) continue;
      const url = adaUrl(op);
      // A collection write makes a record in the caller's own workspace; the fuzz suite sends them with the other workspace's ids.
      if (!url || (op.pathParams.length === 0 && op.method !== 'get')) continue;
      const before = await fuzzer.fingerprint();
      const res = await send(op, url, grace);
      const after = await fuzzer.fingerprint();
      checked++;
      // Off a record: whatever the route answers its own workspace, but never a 5xx. On one: 404 (a 400 first for a body the route refuses).
      const expected = op.pathParams.length === 0 ? [200, 409] : op.body ? [400, 404] : [404];
      if (!expected.includes(res.status)) failures.push(`${op.key}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      if (res.text.includes(MARK) || res.text.includes(adaWorkspace)) failures.push(`${op.key}: the answer holds Ada's records`);
      if (JSON.stringify(before) !== JSON.stringify(after)) failures.push(`${op.key}: changed rows`);
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it("should answer a viewer 403 on every write, changing nothing, and every read of the workspace's records", async () => {
    const failures: string[] = [];
    let writes = 0;
    for (const op of operations) {
      if (STREAMS.some((pattern) => pattern.test(op.path))) continue;
      const url = adaUrl(op) ?? op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const before = await fuzzer.fingerprint();
      const res = await send(op, url, viewer.cookie);
      const after = await fuzzer.fingerprint();
      if (op.method === 'get') {
        // Owners-only reads (invitations, the audit log) are refused as the permission table says.
        const readable = op.access.scope === 'workspace' && can('viewer', op.access.resource, 'read');
        if (!readable) {
          if (res.status !== 403) failures.push(`${op.key}: ${res.status}, a viewer may not read it`);
          continue;
        }
        if (res.status === 403) failures.push(`${op.key}: a viewer may read, got 403`);
        if (records.has(op.path) && res.status !== 200) failures.push(`${op.key}: ${res.status} for one of the workspace's records`);
      } else {
        writes++;
        if (res.status !== 403) failures.push(`${op.key}: ${res.status}, expected 403`);
      }
      if (JSON.stringify(before) !== JSON.stringify(after)) failures.push(`${op.key}: changed rows`);
    }
    expect(failures).toEqual([]);
    expect(writes).toBeGreaterThan(30);
  });

  it('should let a viewer leave, and a removed member lose the workspace at their next request', async () => {
    const section = adaIds['/api/sections'][0];
    await request(t.http).get(`/api/sections/${section}`).set('Cookie', viewer.cookie).expect(200);
    await request(t.http).delete(`/api/members/${viewer.id}`).set('Cookie', viewer.cookie).expect(200);
    // Back in their personal workspace: Ada's records are another workspace's.
    const me = await request(t.http).get('/api/me').set('Cookie', viewer.cookie).expect(200);
    expect(me.body.workspace.id).not.toBe(adaWorkspace);
    await request(t.http).get(`/api/sections/${section}`).set('Cookie', viewer.cookie).expect(404);
    await request(t.http).put('/api/me/workspace').set('Cookie', viewer.cookie).send({ id: adaWorkspace }).expect(404);
  });
});
