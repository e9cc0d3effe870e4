// Workspaces a team shares — invitations, roles, shared connections and the audit log —
// signed in with Google (the simulator) as Ada, Grace and Mallory.
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { GoogleFake } from '../fakes/google-fake';
import { createModel, sectionBody } from '../support/fixtures';
import { queriesDuring } from '../support/query-count';
import { signInLocal, signInWithGoogle } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';
import { WorkspaceSettingsRepository } from '../../backend/src/workspaces/settings.repository';

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

  describe('invitations', () => {
    it('should give each person a personal workspace of their own, which they own', async () => {
      const ada = await signIn('ada');
      const me = (await ada.get('/api/me').expect(200)).body;
      expect(me.workspace).toEqual({ id: expect.any(String), name: "Ada Lovelace's workspace", role: 'owner' });
      const grace = await signIn('grace');
      expect((await grace.get('/api/me').expect(200)).body.workspace.name).toBe("Grace Hopper's workspace");
    });

    it('should list a new invitation as pending, and refuse a second one to the same address in any case', async () => {
      const ada = await signIn('ada');
      const invited = (await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'viewer' }).expect(201)).body;
      expect(invited).toMatchObject({ email: 'grace@quire.test', role: 'viewer', invited_by: 'Ada Lovelace', status: 'pending' });
      await ada.post('/api/invitations').send({ email: 'GRACE@quire.test', role: 'editor' }).expect(409);
      expect((await ada.get('/api/invitations').expect(200)).body).toHaveLength(1);
    });

    it('should turn an invitation into a membership at the next sign-in', async () => {
      const ada = await signIn('ada');
      const workspace = (await ada.get('/api/me').expect(200)).body.workspace;
      await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'viewer' }).expect(201);
      const grace = await signIn('grace');
      const theirs = (await grace.get('/api/me').expect(200)).body;
      expect(theirs.workspaces).toEqual(expect.arrayContaining([{ id: workspace.id, name: "Ada Lovelace's workspace", role: 'viewer' }]));
      expect((await ada.get('/api/invitations').expect(200)).body).toEqual([]);
      const members = (await ada.get('/api/members').expect(200)).body;
      expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
        ['ada@quire.test', 'owner'],
        ['grace@quire.test', 'viewer'],
      ]);
    });

    it('should refuse to invite someone who is already a member', async () => {
      const { ada } = await team('viewer');
      await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(409);
    });

    it('should refuse an invitation the allow-list would never admit', async () => {
      const ada = await signIn('ada');
      const refused = await ada.post('/api/invitations').send({ email: 'eve@elsewhere.test', role: 'editor' }).expect(409);
      expect(refused.body.message).toContain('may not sign in to Quire');
    });

    it('should refuse an invitation to a role that does not exist', async () => {
      const ada = await signIn('ada');
      await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'boss' }).expect(400);
    });

    it('should not admit anyone by a revoked invitation', async () => {
      const ada = await signIn('ada');
      const revoked = (await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(201)).body;
      await ada.delete(`/api/invitations/${revoked._id}`).expect(200);
      await signIn('grace');
      expect((await ada.get('/api/members').expect(200)).body).toHaveLength(1);
    });

    it('should show an invitation past its date as expired, and not admit anyone by it', async () => {
      const ada = await signIn('ada');
      await ada.post('/api/invitations').send({ email: 'mallory@quire.test', role: 'editor' }).expect(201);
      await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 second'`);
      expect((await ada.get('/api/invitations').expect(200)).body[0].status).toBe('expired');
      await signIn('mallory');
      expect((await ada.get('/api/members').expect(200)).body).toHaveLength(1);
    });
  });

  describe('an editor', () => {
    it("should write into the team's workspace, the record keeping its creator", async () => {
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
    });

    // One test for what an editor may not do: the team (two Google sign-ins and an invitation) is the slow part.
    it('should not manage members or the connections, nor read the audit log', async () => {
      const { ada, grace } = await team('editor');
      await grace
        .put(`/api/members/${(await ada.get('/api/members').expect(200)).body[0]._id}`)
        .send({ role: 'viewer' })
        .expect(403);
      await grace.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(403);
      await grace.get('/api/audit').expect(403);
    });
  });

  describe('one set of connections per workspace', () => {
    /** Ada's team with Grace as a viewer, its connections set by Ada. */
    async function connected() {
      const members = await team('viewer');
      await members.ada
        .post('/api/user')
        .send({ envVars: { OPENAI_API_KEY, NOTION_SECRET: 'ntn_team_secret_0123456789', DATABASE_ID: '0123456789abcdef0123456789abcdef' } })
        .expect(200);
      return members;
    }

    it('should show every member the hints of the connections the owner set', async () => {
      const { grace } = await connected();
      const seen = (await grace.get('/api/user').expect(200)).body;
      expect(seen.email).toBe('grace@quire.test');
      expect(seen.envVars.OPENAI_API_KEY).toBe('sk-…c9Qx');
    });

    it('should not let a viewer test OpenAI or check Notion', async () => {
      const { grace } = await team('viewer');
      await grace.post('/api/generation/test-openai').expect(403);
      await grace.post('/api/generation/check-now').expect(403);
    });

    it('should poll Notion once for the workspace, not once per member', async () => {
      const { workspace } = await connected();
      const polled = await t.app.get(WorkspaceSettingsRepository).withNotionSettings();
      expect(polled.map((w) => w.id)).toEqual([workspace.id]);
    });
  });

  describe('roles', () => {
    /** The team with Grace as an editor, and both members' ids. */
    async function members() {
      const made = await team('editor');
      const listed = (await made.ada.get('/api/members').expect(200)).body as { _id: string; email: string }[];
      const idOf = (email: string) => listed.find((m) => m.email === email)!._id;
      return { ...made, adaId: idOf('ada@quire.test'), graceId: idOf('grace@quire.test') };
    }

    it('should keep the last owner: not demoted (saying why), not removed', async () => {
      const { ada, adaId } = await members();
      expect((await ada.put(`/api/members/${adaId}`).send({ role: 'editor' }).expect(409)).body.message).toBe(
        'The last owner cannot be demoted: make another member an owner first.',
      );
      await ada.delete(`/api/members/${adaId}`).expect(409);
    });

    it('should let an owner make a member an owner', async () => {
      const { ada, grace, graceId } = await members();
      await ada.put(`/api/members/${graceId}`).send({ role: 'owner' }).expect(200);
      expect((await grace.get('/api/me').expect(200)).body.workspace.role).toBe('owner');
    });

    it('should let an owner step down once there is another, giving up what only owners may do', async () => {
      const { ada, adaId, graceId } = await members();
      await ada.put(`/api/members/${graceId}`).send({ role: 'owner' }).expect(200);
      await ada.put(`/api/members/${adaId}`).send({ role: 'viewer' }).expect(200);
      await ada.post('/api/invitations').send({ email: 'mallory@quire.test', role: 'editor' }).expect(403);
    });

    it('should end the session of a member removed from their only workspace, and give them a new one at the next sign-in', async () => {
      const { ada, grace, adaId, graceId, workspace } = await members();
      await ada.put(`/api/members/${graceId}`).send({ role: 'owner' }).expect(200);
      await grace.delete(`/api/members/${adaId}`).expect(200);
      await ada.get('/api/sections').expect(401);
      const again = await signIn('ada');
      const after = (await again.get('/api/me').expect(200)).body;
      expect(after.workspace.id).not.toBe(workspace.id);
      expect(after.workspaces.map((w: { id: string }) => w.id)).not.toContain(workspace.id);
    });
  });

  describe('the audit log', () => {
    const read = async (ada: Agent, filter: Record<string, string>) =>
      (
        await ada
          .get('/api/audit')
          .query({ filter: JSON.stringify(filter) })
          .expect(200)
      ).body;

    // One test for what a record's changes leave in the log: the team and the three writes are the slow part.
    it('should record every change to a record, newest first, with who, their role and only the fields that changed, and filter by who', async () => {
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

      const log = await read(ada, { resource: 'sections' });
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
      expect((await read(ada, { user_id: graceId })).every((e: { user_name: string }) => e.user_name === 'Grace Hopper')).toBe(true);
      // Its changes are against the record's previous event even where the filter or the page leaves that one out.
      for (const [filter, range] of [
        [{ resource: 'sections', action: 'update' }, '[0,0]'],
        [{ resource: 'sections' }, '[1,1]'],
      ] as const) {
        const page = (
          await ada
            .get('/api/audit')
            .query({ filter: JSON.stringify(filter), range })
            .expect(200)
        ).body;
        expect(page).toEqual([expect.objectContaining({ action: 'update', changes: { name: { before: 'First', after: 'Second' } } })]);
      }
      // A page in the log's older half is read from its other end, in the log's order all the same.
      const actions = async (range: string, sort = '["at","DESC"]') =>
        (
          await ada
            .get('/api/audit')
            .query({ filter: JSON.stringify({ resource: 'sections' }), range, sort })
            .expect(200)
        ).body.map((e: { action: string }) => e.action);
      expect(await actions('[2,2]')).toEqual(['create']);
      expect(await actions('[1,2]')).toEqual(['update', 'create']);
      expect(await actions('[2,9]')).toEqual(['create']);
      expect(await actions('[3,9]')).toEqual([]);
      expect(await actions('[1,2]', '["action","ASC"]')).toEqual(['delete', 'update']);
      // The total of each of the screen's filters is the one the database keeps, of any other filter counted: each is the log's.
      const total = async (filter: Record<string, string>) =>
        Number(
          String(
            (
              await ada
                .get('/api/audit')
                .query({ filter: JSON.stringify(filter), range: '[0,0]' })
                .expect(200)
            ).headers['content-range'],
          ).split('/')[1],
        );
      const counted = async (where: ReturnType<typeof sql>) =>
        Number(
          ((await t.database.db.execute(sql`select count(*)::int as n from audit_events where ${where}`)) as unknown as { rows: { n: number }[] }).rows[0].n,
        );
      const everything = await counted(sql`true`);
      expect(everything).toBeGreaterThan(4);
      expect(await total({})).toBe(everything);
      expect(await total({ resource: 'sections' })).toBe(3);
      expect(await total({ user_id: graceId })).toBe(await counted(sql`user_id = ${graceId}`));
      expect(await total({ user_id: graceId, resource: 'models' })).toBe(0);
      expect(await total({ resource: 'models' })).toBe(1);
      expect(await total({ action: 'update' })).toBe(await counted(sql`action = 'update'`));
    });

    it('should redact secrets in the settings changes it shows and stores', async () => {
      const ada = await signIn('ada');
      await ada.post('/api/user').send({ envVars: { OPENAI_API_KEY } }).expect(200);
      const settings = await read(ada, { resource: 'settings' });
      expect(settings[0].changes.envVars.after.OPENAI_API_KEY).toBe('sk-…c9Qx');
      const stored = await t.database.db.execute(sql`select before::text as b, after::text as a from audit_events`);
      expect(JSON.stringify(stored)).not.toContain(OPENAI_API_KEY);
    });

    it('should record a member joining, with the role they were given', async () => {
      const { ada } = await team('editor');
      const joins = await read(ada, { resource: 'members' });
      expect(joins[0]).toMatchObject({ action: 'join', user_name: 'Grace Hopper', changes: { role: { before: null, after: 'editor' } } });
    });
  });

  describe('making and switching workspaces', () => {
    it('should make a new workspace its maker owns, and switch into it, empty', async () => {
      const ada = await signIn('ada');
      const made = (await ada.post('/api/workspaces').send({ name: 'Second team' }).expect(201)).body;
      expect(made).toMatchObject({ name: 'Second team', role: 'owner', members: 1 });
      expect((await ada.put('/api/me/workspace').send({ id: made._id }).expect(200)).body.workspace).toEqual({
        id: made._id,
        name: 'Second team',
        role: 'owner',
      });
      expect((await ada.get('/api/sections').expect(200)).body).toEqual([]);
    });

    it('should not switch into, nor show, a workspace the person does not belong to', async () => {
      const ada = await signIn('ada');
      const made = (await ada.post('/api/workspaces').send({ name: 'Second team' }).expect(201)).body;
      const grace = await signIn('grace');
      await grace.put('/api/me/workspace').send({ id: made._id }).expect(404);
      await grace.get(`/api/workspaces/${made._id}`).expect(404);
    });
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

  describe("each change of the person's workspaces, shown on their next GET /api/me at once", () => {
    /** Ada's team, and Grace invited to it as a viewer while her first browser holds her answer. */
    async function invited() {
      const ada = await signIn('ada');
      const team = (await me(ada)).workspace;
      // Grace works in one browser, whose answer is now held with her session.
      const grace = await signIn('grace');
      const personal = (await me(grace)).workspace;
      // She signs in on another: Ada's invitation becomes a membership.
      await ada.post('/api/invitations').send({ email: 'grace@quire.test', role: 'viewer' }).expect(201);
      await signIn('grace');
      const graceId = (await ada.get('/api/members').expect(200)).body.find((m: { email: string }) => m.email === 'grace@quire.test')._id;
      return { ada, grace, team, personal, graceId };
    }

    it('should show a membership gained by signing in elsewhere', async () => {
      const { grace, team, personal } = await invited();
      expect((await me(grace)).workspaces).toEqual([personal, { ...team, role: 'viewer' }]);
    });

    it('should show a new role', async () => {
      const { ada, grace, team, graceId } = await invited();
      await ada.put(`/api/members/${graceId}`).send({ role: 'editor' }).expect(200);
      expect((await me(grace)).workspaces[1]).toEqual({ ...team, role: 'editor' });
    });

    it('should show a new name of the workspace, to each member', async () => {
      const { ada, grace, team } = await invited();
      await grace.put('/api/me/workspace').send({ id: team.id }).expect(200);
      expect((await me(ada)).workspace.name).toBe("Ada Lovelace's workspace");
      await ada.put(`/api/workspaces/${team.id}`).send({ name: 'Ada’s team' }).expect(200);
      expect((await me(ada)).workspace).toEqual({ ...team, name: 'Ada’s team' });
      expect((await me(grace)).workspace).toEqual({ ...team, name: 'Ada’s team', role: 'viewer' });
      expect((await me(grace)).workspaces[1]).toEqual({ ...team, name: 'Ada’s team', role: 'viewer' });
    });

    it('should show a workspace the person made', async () => {
      const { grace } = await invited();
      await grace.post('/api/workspaces').send({ name: 'Grace’s second' }).expect(201);
      expect((await me(grace)).workspaces.map((w: { name: string }) => w.name)).toEqual([
        "Grace Hopper's workspace",
        "Ada Lovelace's workspace",
        'Grace’s second',
      ]);
    });

    it('should show a removal, back in the personal workspace', async () => {
      const { ada, grace, team, personal, graceId } = await invited();
      await grace.put('/api/me/workspace').send({ id: team.id }).expect(200);
      const made = (await grace.post('/api/workspaces').send({ name: 'Grace’s second' }).expect(201)).body;
      await ada.delete(`/api/members/${graceId}`).expect(200);
      const after = await me(grace);
      expect(after.workspace).toEqual(personal);
      expect(after.workspaces).toEqual([personal, { id: made._id, name: 'Grace’s second', role: 'owner' }]);
    });
  });
});

describe('Workspaces in local sign-in mode', () => {
  const t = useTestApp();

  it('should keep one operator in one workspace, which they own', async () => {
    const agent = await signInLocal(t.http);
    const me = (await agent.get('/api/me').expect(200)).body;
    expect(me.workspaces).toHaveLength(1);
    expect(me.workspace.role).toBe('owner');
  });

  it('should refuse invitations, saying they need Google sign-in', async () => {
    const agent = await signInLocal(t.http);
    const refused = await agent.post('/api/invitations').send({ email: 'grace@quire.test', role: 'editor' }).expect(409);
    expect(refused.body.message).toBe('Invitations need Google sign-in: in local sign-in mode there is one operator and one workspace.');
  });
});
