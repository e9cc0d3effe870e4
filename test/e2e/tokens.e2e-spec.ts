// Personal API tokens: made by a signed-in member for the current workspace, used as
// `Authorization: Bearer qk_…` on a workspace's routes exactly as a session of that role would be
// (walked over every route of /api/docs-json), closed on every other route, named in the audit log,
// and held to their minute's allowance while the dashboard's session goes on.
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { can, type Role } from '@quire/shared';
import { QUIET_API_ENV } from '../support/fuzz/harness';
import { OpenApiDocument, Operation, operationsOf } from '../support/fuzz/openapi';
import { createTestApp, memberCookie, signInLocal, TestApp } from '../support/test-app';

type Agent = ReturnType<typeof request.agent>;
type Json = Record<string, any>;

const PER_MINUTE = 400;
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A server-sent event stream stays open: its access is the preview's, read by GET /api/previews/{id}. */
const STREAMS = [/\/events$/];

jest.setTimeout(180_000);

describe('API tokens', () => {
  let t: TestApp;
  let ada: Agent;
  let operations: Operation[];
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp({ ...QUIET_API_ENV, TOKEN_REQUESTS_PER_MINUTE: String(PER_MINUTE) });
  });
  beforeEach(async () => {
    await t.reset();
    ada = await signInLocal(t.http);
    workspaceId = (await ada.get('/api/me').expect(200)).body.workspace.id;
    operations ??= operationsOf((await ada.get('/api/docs-json').expect(200)).body as OpenApiDocument);
  });
  afterAll(async () => {
    await t?.close();
  });

  const make = async (agent: Agent | string, body: Json, status = 201) => {
    const req = typeof agent === 'string' ? request(t.http).post('/api/tokens').set('Cookie', agent) : agent.post('/api/tokens');
    return (await req.send(body).expect(status)).body as Json;
  };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  const call = (op: Operation, headers: Record<string, string>) => {
    const url = op.path.replace(/\{[^}]+\}/g, NO_SUCH_ID);
    const req = request(t.http)[op.method](url).set(headers);
    return op.method === 'get' || op.method === 'delete' ? req : req.send({});
  };

  it("is made with a role no higher than its person's, shown once, listed with its name, role, prefix and dates, and revoked at once", async () => {
    const made = await make(ada, { name: 'CI template check', role: 'editor' });
    expect(made).toMatchObject({ name: 'CI template check', role: 'editor', user_name: expect.any(String), last_used_at: null, expired: false });
    expect(made.token).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.token.slice(0, 7));
    const days = (Date.parse(made.expires_at) - Date.parse(made.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const listed = (await ada.get('/api/tokens').expect(200)).body as Json[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('token');
    expect(JSON.stringify(listed)).not.toContain(made.token.slice(7));

    await request(t.http).get('/api/sections').set(bearer(made.token)).expect(200);
    expect((await ada.get('/api/tokens').expect(200)).body[0].last_used_at).not.toBeNull();
    await ada.delete(`/api/tokens/${made._id}`).expect(200);
    const refused = await request(t.http).get('/api/sections').set(bearer(made.token)).expect(401);
    expect(refused.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.', requestId: refused.headers['x-request-id'] });

    for (const [body, message] of [
      [{ name: '', role: 'viewer' }, 'name is required'],
      [{ name: 'x', role: 'admin' }, 'role must be one of viewer, editor, owner'],
      [{ name: 'x', role: 'viewer', expires_in_days: 366 }, 'expires_in_days must be at most 365 (a year)'],
      [{ name: 'x', role: 'viewer', expires_in_days: 0 }, 'expires_in_days must be at least 1'],
    ] as const) {
      expect((await make(ada, body, 400)).message).toContain(message);
    }
    const viewer = await memberCookie(t, workspaceId, 'viewer');
    expect((await make(viewer.cookie, { name: 'Too high', role: 'editor' }, 403)).message).toBe("A token's role cannot be above your own (viewer).");
    expect((await ada.get('/api/tokens').expect(200)).body).toHaveLength(0);
  });

  it("opens each of a workspace's routes exactly as a session of its role would, and no other route", async () => {
    const tokens: Record<Role, string> = {
      viewer: (await make(ada, { name: 'Reader', role: 'viewer' })).token,
      editor: (await make(ada, { name: 'Writer', role: 'editor' })).token,
      owner: (await make(ada, { name: 'Owner', role: 'owner' })).token,
    };
    const sessions: Record<Role, string> = {
      viewer: (await memberCookie(t, workspaceId, 'viewer', 'v@quire.test')).cookie,
      editor: (await memberCookie(t, workspaceId, 'editor', 'e@quire.test')).cookie,
      owner: (await memberCookie(t, workspaceId, 'owner', 'o@quire.test')).cookie,
    };
    const failures: string[] = [];
    let compared = 0;
    for (const op of operations) {
      if (STREAMS.some((pattern) => pattern.test(op.path))) continue;
      if (op.access.scope !== 'workspace') {
        // The session's, the tokens' own, workspaces of one's own, the backup, sign-in: never with a token.
        if (op.access.scope === 'outside' && !/^\/api\/(me|tokens|workspaces|backup)/.test(op.path)) continue;
        const res = await call(op, bearer(tokens.owner));
        if (res.status !== 401) failures.push(`${op.key}: ${res.status} with a token, expected 401`);
        continue;
      }
      for (const role of ['viewer', 'editor', 'owner'] as const) {
        const [byToken, bySession] = [await call(op, bearer(tokens[role])), await call(op, { Cookie: sessions[role] })];
        compared++;
        const allowed = can(role, op.access.resource, op.access.action);
        if ((byToken.status === 403) === allowed) failures.push(`${op.key} as ${role}: ${byToken.status} with a token, allowed: ${allowed}`);
        if (byToken.status >= 500) failures.push(`${op.key} as ${role}: ${byToken.status}`);
        // A read answers a token what it answers the session (the same 404 for a record that is not the workspace's).
        if (op.method === 'get' && byToken.status !== bySession.status)
          failures.push(`${op.key} as ${role}: ${byToken.status} with a token, ${bySession.status} signed in`);
      }
    }
    expect(failures).toEqual([]);
    expect(compared).toBeGreaterThan(150);
  });

  it('answers 401 alike for a token that is unknown, malformed, expired, or whose person left; never opens the session, tokens or the backup', async () => {
    const grace = await memberCookie(t, workspaceId, 'editor', 'grace@quire.test');
    const graces = await make(grace.cookie, { name: 'Grace script', role: 'editor' });
    const expiring = await make(ada, { name: 'Old', role: 'viewer' });
    await t.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${expiring._id}`);
    const unknown = `qk_${'A'.repeat(43)}`;
    const answers = [];
    for (const token of [unknown, 'qk_short', 'not-a-quire-token', expiring.token]) {
      answers.push((await request(t.http).get('/api/articles').set(bearer(token))).body);
    }
    // A token Quire does not know (and a header that is no token) answers as no session does (each with its own request id).
    expect(
      answers.every(
        ({ requestId, ...body }) =>
          typeof requestId === 'string' && JSON.stringify(body) === JSON.stringify({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in.' }),
      ),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    const expired = (await ada.get('/api/tokens').expect(200)).body.find((token: Json) => token._id === expiring._id);
    expect(expired.expired).toBe(true);

    await request(t.http).get('/api/sections').set(bearer(graces.token)).expect(200);
    for (const path of ['/api/me', '/api/tokens', '/api/backup']) await request(t.http).get(path).set(bearer(graces.token)).expect(401);
    await request(t.http).post('/api/tokens').set(bearer(graces.token)).send({ name: 'More', role: 'viewer' }).expect(401);

    // Lowered to viewer: the token reads and no longer writes, at once; removed: it stops.
    await ada.put(`/api/members/${grace.id}`).send({ role: 'viewer' }).expect(200);
    await request(t.http).post('/api/clients').set(bearer(graces.token)).send({ name: 'Acme' }).expect(403);
    expect((await ada.get('/api/tokens').expect(200)).body.find((token: Json) => token._id === graces._id).role).toBe('viewer');
    // Raised again, the token stays a viewer's: it was lowered for good.
    await ada.put(`/api/members/${grace.id}`).send({ role: 'editor' }).expect(200);
    await request(t.http).post('/api/clients').set(bearer(graces.token)).send({ name: 'Acme' }).expect(403);
    await ada.delete(`/api/members/${grace.id}`).expect(200);
    await request(t.http).get('/api/sections').set(bearer(graces.token)).expect(401);
    expect((await ada.get('/api/tokens').expect(200)).body.map((token: Json) => token.name)).toEqual(['Old']);
  });

  it("writes as its person, named in the audit log as the token, from any origin; an owner sees and revokes a member's token", async () => {
    const token = (await make(ada, { name: 'n8n flow', role: 'editor' })).token;
    const client = (
      await request(t.http)
        .post('/api/clients')
        .set({ ...bearer(token), Origin: 'https://automation.example' })
        .send({ name: 'Acme' })
        .expect(201)
    ).body;
    const audit = (
      await ada
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'clients' }) })
        .expect(200)
    ).body as Json[];
    expect(audit[0]).toMatchObject({ action: 'create', record_id: client._id, user_name: expect.stringMatching(/^token n8n flow of /) });
    const made = (
      await ada
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'tokens' }) })
        .expect(200)
    ).body as Json[];
    expect(made[0]).toMatchObject({ action: 'create' });
    expect(JSON.stringify(made)).not.toContain(token);

    const member = await memberCookie(t, workspaceId, 'editor');
    const theirs = await make(member.cookie, { name: 'Member script', role: 'viewer' });
    expect((await request(t.http).get('/api/tokens').set('Cookie', member.cookie).expect(200)).body.map((one: Json) => one.name)).toEqual(['Member script']);
    expect((await ada.get('/api/tokens').expect(200)).body.map((one: Json) => one.name).sort()).toEqual(['Member script', 'n8n flow']);
    await request(t.http)
      .delete(`/api/tokens/${(await ada.get('/api/tokens').expect(200)).body.find((one: Json) => one.name === 'n8n flow')._id}`)
      .set('Cookie', member.cookie)
      .expect(404);
    await ada.delete(`/api/tokens/${theirs._id}`).expect(200);
    await request(t.http).get('/api/sections').set(bearer(theirs.token)).expect(401);
  });

  it('holds a token to its requests a minute with 429 and retry-after, while the signed-in dashboard goes on', async () => {
    const token = (await make(ada, { name: 'Loop', role: 'viewer' })).token;
    const statuses: number[] = [];
    let limited: request.Response | undefined;
    for (let i = 0; i < PER_MINUTE + 5; i++) {
      const res = await request(t.http).get('/api/sections').set(bearer(token));
      statuses.push(res.status);
      if (res.status === 429) limited ??= res;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(PER_MINUTE);
    expect(statuses.slice(PER_MINUTE)).toEqual(Array(5).fill(429));
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(limited!.body.message).toMatch(/^This token has made its 400 requests of the minute; try again in \d+ s\.$/);
    await ada.get('/api/sections').expect(200);
    const second = (await make(ada, { name: 'Another', role: 'viewer' })).token;
    await request(t.http).get('/api/sections').set(bearer(second)).expect(200);
  });
});
