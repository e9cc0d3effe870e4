// Issue 28: workspaces a team shares — invitations, roles, shared connections and the audit log —
// signed in with Google (the simulator) as Ada, Grace and Mallory.
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { GoogleFake } from '../fakes/google-fake';
import { createModel, sectionBody } from '../support/fixtures';
import { queriesDuring } from '../support/query-count';
import { signInLocal, signInWithGoogle } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';
import { WorkspacesRepository } from '../../backend/src/workspaces/workspaces.repository';

type Agent = ReturnType<typeof request.agent>;

const PEOPLE = {
  ada: { sub: '1001', email: 'ada@quire.test', email_verified: true, name: 'Ada Lovelace' },
  grace: { sub: '1002', email: 'grace@quire.test', email_verified: true, name: 'Grace Hopper' },
  mallory: { sub: '1003', email: 'mallory@quire.test', email_verified: true, name: 'Mallory Viewer' },
};
const OPENAI_API_KEY = 'sk-proj-shared-team-key-000000000000c9Qx';

describe('Workspaces: invitations, roles, shared connections and the audit log', () => {
  const google = new GoogleFake();
  const t = useTestApp({ fakes: [google], env: () => google.env('ada@quire.test,grace@quire.test,mallory@quire.test') });

  async function signIn(who: keyof typeof PEOPLE): Promise<Agent> {
    google.account = PEOPLE[who];
    const agent = request.agent(t.http);
    const start = await agent.get('/api/auth/google').expect(302);
    const consent = await fetch(start.headers.location, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    await agent.get(callback.pathname + callback.search).expect(302);
    return agent;
  }

  /** Ada's workspace with Grace as `role` (invited, then signed in and switched to it). */
  async function team(role = 'editor') {
    const ada = await signIn('ada');
    const workspace = (await ada.get('/api/me').expect(200)).body.workspace;
    await ada.post('/api/invitations').send({ email: 'Grace@Quire.test', role }).expect(201);
    const grace = await signIn('grace');
    await grace.put('/api/me/workspace').send({ id: workspace.id }).expect(200);
    return { ada, grace, workspace };
  }

  it('should give each person a personal workspace, and turn an invitation into a membership at the next sign-in', async () => {
    const ada = await signIn('ada');
    const me = (await ada.get('/api/me').expect(200)).body;
    expect(me.workspace).toEqual({ id: expect.any(String), name: "Ada Lovelace's workspace", role: 'owner' });
    const invited = (await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'viewer' }).expect(201)).body;
    expect(invited).toMatchObject({ email: 'grace@quire.test', role: 'viewer', invited_by: 'Ada Lovelace', status: 'pending' });
    await ada.post('/api/invitations').send({ email: 'GRACE@quire.test', role: 'editor' }).expect(409);
    expect((await ada.get('/api/invitations').expect(200)).body).toHaveLength(1);

    const grace = await signIn('grace');
    const theirs = (await grace.get('/api/me').expect(200)).body;
    expect(theirs.workspace.name).toBe("Grace Hopper's workspace");
    expect(theirs.workspaces).toEqual(expect.arrayContaining([{ id: me.workspace.id, name: "Ada Lovelace's workspace", role: 'viewer' }]));
    expect((await ada.get('/api/invitations').expect(200)).body).toEqual([]);
    const members = (await ada.get('/api/members').expect(200)).body;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['ada@quire.test', 'owner'],
      ['grace@quire.test', 'viewer'],
    ]);
    await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(409);
  });

  it('should refuse an invitation the allow-list would never admit, revoke one, and let one expire', async () => {
    const ada = await signIn('ada');
    const refused = await ada.post('/api/invitations').send({ email: 'eve@elsewhere.test', role: 'editor' }).expect(409);
    expect(refused.body.message).toContain('may not sign in to Quire');
    await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'boss' }).expect(400);
    const revoked = (await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(201)).body;
    await ada.delete(`/api/invitations/${revoked._id}`).expect(200);
    await ada.post('/api/invitations').send({ email: 'mallory@quire.test', role: 'editor' }).expect(201);
    await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 second'`);
    expect((await ada.get('/api/invitations').expect(200)).body[0].status).toBe('expired');
    await signIn('grace');
    await signIn('mallory');
    expect((await ada.get('/api/members').expect(200)).body).toHaveLength(1);
  });

  it("should share the records: an editor writes into the team's workspace, and the record keeps its creator", async () => {
    const { ada, grace } = await team('editor');
    const model = await createModel(ada, 'Team voice');
    const section = (
      await grace
        .post('/api/sections')
        .send(sectionBody(model, { name: 'Written by Grace' }))
        .expect(201)
    ).body;
    expect((await ada.get(`/api/sections/${section._id}`).expect(200)).body.name).toBe('Written by Grace');
    const creator = (await t.database.db.execute(
      sql`select u.email from sections s join users u on u.id = s.user_id where s.id = ${section._id}`,
    )) as unknown as {
      rows: { email: string }[];
    };
    expect(creator.rows[0].email).toBe('grace@quire.test');
    // An editor does not manage members or the connections.
    await grace
      .put(`/api/members/${(await ada.get('/api/members').expect(200)).body[0]._id}`)
      .send({ role: 'viewer' })
      .expect(403);
    await grace.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(403);
    await grace.get('/api/audit').expect(403);
  });

  it('should keep one set of connections per workspace: owners change them, every member sees the hints, Notion is polled once', async () => {
    const { ada, grace, workspace } = await team('viewer');
    await ada
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY, NOTION_SECRET: 'ntn_team_secret_0123456789', DATABASE_ID: '0123456789abcdef0123456789abcdef' } })
      .expect(200);
    const seen = (await grace.get('/api/user').expect(200)).body;
    expect(seen.email).toBe('grace@quire.test');
    expect(seen.envVars.OPENAI_API_KEY).toBe('sk-…c9Qx');
    await grace.post('/api/generation/test-openai').expect(403);
    await grace.post('/api/generation/check-now').expect(403);
    const polled = await t.app.get(WorkspacesRepository).withNotionSettings();
    expect(polled.map((w) => w.id)).toEqual([workspace.id]);
  });

  it('should hold the roles: nobody above their own, the last owner stays, a removed member loses access at once', async () => {
    const { ada, grace, workspace } = await team('editor');
    const graceId = (await ada.get('/api/members').expect(200)).body.find((m: { email: string }) => m.email === 'grace@quire.test')._id;
    const adaId = (await ada.get('/api/members').expect(200)).body.find((m: { email: string }) => m.email === 'ada@quire.test')._id;
    expect((await ada.put(`/api/members/${adaId}`).send({ role: 'editor' }).expect(409)).body.message).toBe(
      'The last owner cannot be demoted: make another member an owner first.',
    );
    await ada.delete(`/api/members/${adaId}`).expect(409);
    await ada.put(`/api/members/${graceId}`).send({ role: 'owner' }).expect(200);
    expect((await grace.get('/api/me').expect(200)).body.workspace.role).toBe('owner');
    // Now two owners: Ada may step down, and Grace remove her.
    await ada.put(`/api/members/${adaId}`).send({ role: 'viewer' }).expect(200);
    await ada.post('/api/invitations').send({ email: 'mallory@quire.test', role: 'editor' }).expect(403);
    await grace.delete(`/api/members/${adaId}`).expect(200);
    // Ada belonged to that one workspace only: her session ends, and her next sign-in gives her a new one of her own.
    await ada.get('/api/sections').expect(401);
    const again = await signIn('ada');
    const after = (await again.get('/api/me').expect(200)).body;
    expect(after.workspace.id).not.toBe(workspace.id);
    expect(after.workspaces.map((w: { id: string }) => w.id)).not.toContain(workspace.id);
  });

  it('should record every change with who, their role, what and the fields before and after, secrets redacted, for owners to read', async () => {
    const { ada, grace } = await team('editor');
    const model = await createModel(ada, 'Audited voice');
    const section = (
      await grace
        .post('/api/sections')
        .send(sectionBody(model, { name: 'First' }))
        .expect(201)
    ).body;
    await grace
      .put(`/api/sections/${section._id}`)
      .send({ ...section, name: 'Second' })
      .expect(200);
    await grace.delete(`/api/sections/${section._id}`).expect(200);
    await ada.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(200);

    const log = (
      await ada
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'sections' }) })
        .expect(200)
    ).body;
    expect(log.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1]).toMatchObject({
      user_name: 'Grace Hopper',
      role: 'editor',
      resource: 'sections',
      record_id: section._id,
      changes: { name: { before: 'First', after: 'Second' } },
    });
    expect(Object.keys(log[1].changes)).toEqual(['name']);
    const graceId = log[0].user_id;
    expect(
      (
        await ada
          .get('/api/audit')
          .query({ filter: JSON.stringify({ user_id: graceId }) })
          .expect(200)
      ).body.every((e: { user_name: string }) => e.user_name === 'Grace Hopper'),
    ).toBe(true);
    const settings = (
      await ada
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'settings' }) })
        .expect(200)
    ).body;
    expect(settings[0].changes.envVars.after.OPENAI_API_KEY).toBe('sk-…c9Qx');
    const stored = await t.database.db.execute(sql`select before::text as b, after::text as a from audit_events`);
    expect(JSON.stringify(stored)).not.toContain(OPENAI_API_KEY);
    const joins = (
      await ada
        .get('/api/audit')
        .query({ filter: JSON.stringify({ resource: 'members' }) })
        .expect(200)
    ).body;
    expect(joins[0]).toMatchObject({ action: 'join', user_name: 'Grace Hopper', changes: { role: { before: null, after: 'editor' } } });
  });

  it('should make a new workspace its maker owns, and switch only into one the person belongs to', async () => {
    const ada = await signIn('ada');
    const made = (await ada.post('/api/workspaces').send({ name: 'Second team' }).expect(201)).body;
    expect(made).toMatchObject({ name: 'Second team', role: 'owner', members: 1 });
    expect((await ada.put('/api/me/workspace').send({ id: made._id }).expect(200)).body.workspace).toEqual({
      id: made._id,
      name: 'Second team',
      role: 'owner',
    });
    expect((await ada.get('/api/sections').expect(200)).body).toEqual([]);
    const grace = await signIn('grace');
    await grace.put('/api/me/workspace').send({ id: made._id }).expect(404);
    await grace.get(`/api/workspaces/${made._id}`).expect(404);
  });
});

describe('GET /api/me from what the session holds (no jobs run, so every query counted is a request’s)', () => {
  const google = new GoogleFake();
  const t = useTestApp({ fakes: [google], env: () => ({ ...google.env('ada@quire.test,grace@quire.test'), RUN_JOBS: 'false' }) });
  async function signIn(who: keyof typeof PEOPLE): Promise<Agent> {
    google.account = PEOPLE[who];
    return signInWithGoogle(t.http);
  }
  const me = async (agent: Agent) => (await agent.get('/api/me').expect(200)).body;

  it('should answer a signed-in GET /api/me after the first without a query', async () => {
    const ada = await signIn('ada');
    let first: unknown;
    expect(await queriesDuring(t.database, async () => (first = await me(ada)))).toBeGreaterThan(0);
    let again: unknown;
    expect(await queriesDuring(t.database, async () => (again = await me(ada)))).toBe(0);
    expect(again).toEqual(first);
  });

  it("should show each change of the person's workspaces on their next GET /api/me, at once", async () => {
    const ada = await signIn('ada');
    const team = (await me(ada)).workspace;
    // Grace works in one browser, whose answer is now held with her session.
    const grace = await signIn('grace');
    const personal = (await me(grace)).workspace;
    // She signs in on another: Ada's invitation becomes a membership.
    await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'viewer' }).expect(201);
    await signIn('grace');
    expect((await me(grace)).workspaces).toEqual([personal, { ...team, role: 'viewer' }]);
    const graceId = (await ada.get('/api/members').expect(200)).body.find((m: { email: string }) => m.email === 'grace@quire.test')._id;

    await ada.put(`/api/members/${graceId}`).send({ role: 'editor' }).expect(200);
    expect((await me(grace)).workspaces[1]).toEqual({ ...team, role: 'editor' });

    await grace.put('/api/me/workspace').send({ id: team.id }).expect(200);
    expect((await me(ada)).workspace.name).toBe("Ada Lovelace's workspace");
    await ada.put(`/api/workspaces/${team.id}`).send({ name: 'Ada’s team' }).expect(200);
    expect((await me(ada)).workspace).toEqual({ ...team, name: 'Ada’s team' });
    expect((await me(grace)).workspace).toEqual({ ...team, name: 'Ada’s team', role: 'editor' });
    expect((await me(grace)).workspaces[1]).toEqual({ ...team, name: 'Ada’s team', role: 'editor' });

    const made = (await grace.post('/api/workspaces').send({ name: 'Grace’s second' }).expect(201)).body;
    expect((await me(grace)).workspaces.map((w: { name: string }) => w.name)).toEqual(["Grace Hopper's workspace", 'Ada’s team', 'Grace’s second']);

    await ada.delete(`/api/members/${graceId}`).expect(200);
    const after = await me(grace);
    expect(after.workspace).toEqual(personal);
    expect(after.workspaces).toEqual([personal, { id: made._id, name: 'Grace’s second', role: 'owner' }]);
  });
});

describe('Workspaces in local sign-in mode', () => {
  const t = useTestApp();

  it('should keep one operator in one workspace, with no invitations', async () => {
    const agent = await signInLocal(t.http);
    const me = (await agent.get('/api/me').expect(200)).body;
    expect(me.workspaces).toHaveLength(1);
    expect(me.workspace.role).toBe('owner');
    const refused = await agent.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(409);
    expect(refused.body.message).toBe('Invitations need Google sign-in: in local sign-in mode there is one operator and one workspace.');
  });
});
