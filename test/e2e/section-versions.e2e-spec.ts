import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../backend/src/database/pglite-image';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { MIGRATIONS_DIR } from '../../backend/src/common/paths';
import { createModel, createSection, sectionBody, snapshotOf } from '../support/fixtures';
import { migrationsUpTo } from '../support/migrations';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

type Section = Awaited<ReturnType<typeof createSection>>;

/** The fields a version holds of its section. */
const FIELDS = [
  'name',
  'model',
  'temperature',
  'reasoning_effort',
  'logit_bias_group',
  'system_message',
  'user_message',
  'examples_model',
  'examples_count',
  'notes',
] as const;
const fieldsOf = (record: Record<string, unknown>) => Object.fromEntries(FIELDS.map((field) => [field, record[field]]));

describe('Section versions', () => {
  const t = useTestApp({ signIn: 'local' });
  let modelId: string;

  beforeEach(async () => {
    modelId = await createModel(t.agent, 'Writer');
  });

  const versionsOf = async (id: string) => (await t.agent.get(`/api/sections/${id}/versions`).expect(200)).body as Record<string, unknown>[];
  const update = async (section: Section, overrides: Record<string, unknown>) =>
    (await t.agent.put(`/api/sections/${section._id}`).send(sectionBody(modelId, overrides)).expect(200)).body as Section;

  /** A section created, then updated twice: three versions. */
  async function threeVersions() {
    const list = (
      await t.agent
        .post('/api/logit-bias-groups')
        .send({ name: 'Banned', entries: [{ words: ['delve'], bias: -100 }] })
        .expect(201)
    ).body._id as string;
    const other = await createModel(t.agent, 'Other voice', 'gpt-4o-mini');
    const section = await createSection(t.agent, modelId, { name: 'FAQ', temperature: 0.2, notes: 'first', logit_bias_group: list });
    await update(section, { name: 'FAQ v2', temperature: 0.9, system_message: 'You write short FAQ sections for {{client}}.', notes: 'second' });
    await update(section, {
      name: 'FAQ v3',
      model: other,
      temperature: 1.4,
      logit_bias_group: null,
      system_message: 'You write long FAQ sections.',
      user_message: 'Write a long FAQ for {{title}}.',
      notes: '',
    });
    return section;
  }

  it('should keep one version per create and update, newest first, each with all the fields it had', async () => {
    const section = await threeVersions();
    const versions = await versionsOf(section._id);
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions[2]).toMatchObject({ name: 'FAQ', temperature: 0.2, notes: 'first', model: modelId, logit_bias_group: expect.any(String) });
    expect(versions[1]).toMatchObject({ name: 'FAQ v2', temperature: 0.9, notes: 'second', system_message: 'You write short FAQ sections for {{client}}.' });
    expect(versions[0]).toMatchObject({ name: 'FAQ v3', temperature: 1.4, notes: '', logit_bias_group: null, user_message: 'Write a long FAQ for {{title}}.' });
    expect(Object.keys(versions[0]).sort()).toEqual([...FIELDS, 'version', 'created_at'].sort());
    for (const v of versions) expect(Date.parse(v.created_at as string)).not.toBeNaN();
    // The newest version is the section as it is.
    expect(fieldsOf(versions[0])).toEqual(fieldsOf((await t.agent.get(`/api/sections/${section._id}`).expect(200)).body));
  });

  it('should restore version 1 as version 4, equal to 1 in every field, rewriting no version', async () => {
    const section = await threeVersions();
    const before = await versionsOf(section._id);
    const restored = (await t.agent.post(`/api/sections/${section._id}/versions/1/restore`).expect(201)).body;
    const versions = await versionsOf(section._id);
    expect(versions.map((v) => v.version)).toEqual([4, 3, 2, 1]);
    expect(fieldsOf(versions[0])).toEqual(fieldsOf(versions[3]));
    expect(fieldsOf(restored)).toEqual(fieldsOf(versions[3]));
    expect(fieldsOf((await t.agent.get(`/api/sections/${section._id}`).expect(200)).body)).toEqual(fieldsOf(versions[3]));
    expect(versions.slice(1)).toEqual(before);
  });

  it('should add no version for an update or a restore that changes nothing', async () => {
    const section = await createSection(t.agent, modelId);
    const saved = (await t.agent.get(`/api/sections/${section._id}`).expect(200)).body;
    // react-admin sends the whole record back.
    const same = (await t.agent.put(`/api/sections/${section._id}`).send(saved).expect(200)).body;
    expect(same.updated_at).toBe(saved.updated_at);
    await t.agent.post(`/api/sections/${section._id}/versions/1/restore`).expect(201);
    expect((await versionsOf(section._id)).map((v) => v.version)).toEqual([1]);
    await update(section, { notes: 'changed' });
    expect((await versionsOf(section._id)).map((v) => v.version)).toEqual([2, 1]);
  });

  it('should start a copy at version 1, with the fields the copy was made with', async () => {
    const section = await threeVersions();
    const copy = (await t.agent.post(`/api/sections/${section._id}/copy`).expect(201)).body;
    const versions = await versionsOf(copy._id);
    expect(versions.map((v) => v.version)).toEqual([1]);
    expect(fieldsOf(versions[0])).toEqual(fieldsOf(copy));
  });

  it('should answer 404 for a version the section does not have, or one that is not a version number, and change nothing', async () => {
    const section = await createSection(t.agent, modelId);
    for (const version of ['2', '0', '-1', '1.5', 'latest', '99999999999']) {
      const res = await t.agent.post(`/api/sections/${section._id}/versions/${version}/restore`).expect(404);
      expect(res.body.message).toBe('Version not found.');
    }
    expect((await versionsOf(section._id)).map((v) => v.version)).toEqual([1]);
  });

  it('should refuse (409) to restore a version whose model has since been deleted', async () => {
    const doomed = await createModel(t.agent, 'Doomed');
    const section = await createSection(t.agent, modelId);
    await update(section, { model: doomed });
    await update(section, { model: modelId });
    // Only a tuned model can be deleted through the API (and only at OpenAI too): remove it as that would.
    await t.database.db.execute(sql`delete from models where id = ${doomed}`);
    const res = await t.agent.post(`/api/sections/${section._id}/versions/2/restore`).expect(409);
    expect(res.body.message).toContain('Version 2 uses a model that has since been deleted');
    expect((await versionsOf(section._id)).map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('should record the version an article entry equals, and report the newer one as latest_version', async () => {
    const section = await createSection(t.agent, modelId, { name: 'Intro' });
    const atTwo = await update(section, { name: 'Intro', system_message: 'You write intros (2).' });
    const article = (
      await t.agent
        .post('/api/articles')
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(atTwo), { ...snapshotOf(atTwo), userPrompt: 'Edited in the article.' }] })
        .expect(201)
    ).body;
    expect(article.sections.map((s: Record<string, unknown>) => [s.section_version, s.latest_version])).toEqual([
      [2, 2],
      [null, 2],
    ]);

    const atThree = await update(section, { name: 'Intro', system_message: 'You write intros (3).' });
    const read = (await t.agent.get(`/api/articles/${article._id}`).expect(200)).body;
    expect(read.sections[0]).toMatchObject({ section_version: 2, latest_version: 3, systemPrompt: 'You write intros (2).' });
    expect((await t.agent.get('/api/articles').expect(200)).body[0].sections[0]).toMatchObject({ section_version: 2, latest_version: 3 });

    // Sending the article back as read keeps the entry at 2 (the body's section_version and latest_version are ignored).
    const resent = (await t.agent.put(`/api/articles/${article._id}`).send(read).expect(200)).body;
    expect(resent.sections[0]).toMatchObject({ section_version: 2, latest_version: 3 });
    // "Update to version 3": the entry re-snapshotted from the section as it is now.
    const updated = (
      await t.agent
        .put(`/api/articles/${article._id}`)
        .send({ ...read, sections: [{ ...snapshotOf(atThree), section_version: 1 }, read.sections[1]] })
        .expect(200)
    ).body;
    expect(updated.sections[0]).toMatchObject({ section_version: 3, latest_version: 3, systemPrompt: 'You write intros (3).' });
    expect(updated.sections[1]).toMatchObject({ section_version: null, latest_version: 3 });
    // An entry equal to a version older than the newest records that one: here, restored 2 is 4.
    await t.agent.post(`/api/sections/${section._id}/versions/2/restore`).expect(201);
    const back = (
      await t.agent
        .put(`/api/articles/${article._id}`)
        .send({ ...read, sections: [snapshotOf(atTwo)] })
        .expect(200)
    ).body;
    expect(back.sections[0]).toMatchObject({ section_version: 4, latest_version: 4 });
  });

  it("should update one entry to the newest version only with its section's bias list sent, and keep an entry saved with no list at none", async () => {
    const list = async (name: string) =>
      (
        await t.agent
          .post('/api/logit-bias-groups')
          .send({ name, entries: [{ words: ['delve'], bias: -100 }] })
          .expect(201)
      ).body._id as string;
    const [first, second] = [await list('First'), await list('Second')];
    const section = await createSection(t.agent, modelId, { name: 'Intro', logit_bias_group: first });
    const created = (
      await t.agent
        .post('/api/articles')
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(section), { ...snapshotOf(section), logit_bias_group: null }] })
        .expect(201)
    ).body;
    expect(created.sections.map((s: Record<string, unknown>) => [s.logit_bias_group, s.section_version])).toEqual([
      [first, 1],
      [null, null],
    ]);

    const atTwo = await update(section, { name: 'Intro', logit_bias_group: second, system_message: 'You write intros (2).' });
    // The dashboard's save omits the bias lists: each entry keeps its saved one, the explicit "none" included (not the section's list).
    const kept = (
      await t.agent
        .put(`/api/articles/${created._id}`)
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(section, false), snapshotOf(section, false)] })
        .expect(200)
    ).body;
    expect(kept.sections.map((s: Record<string, unknown>) => [s.logit_bias_group, s.section_version, s.latest_version])).toEqual([
      [first, 1, 2],
      [null, null, 2],
    ]);
    // The prompts of version 2 without its list are no version: the entry is not up to date.
    const halfway = (
      await t.agent
        .put(`/api/articles/${created._id}`)
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(atTwo, false), snapshotOf(section, false)] })
        .expect(200)
    ).body;
    expect(halfway.sections[0]).toMatchObject({ systemPrompt: 'You write intros (2).', logit_bias_group: first, section_version: null, latest_version: 2 });
    // "Update to version 2" sends the section's list explicitly: the entry equals version 2.
    const updated = (
      await t.agent
        .put(`/api/articles/${created._id}`)
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(atTwo), snapshotOf(section, false)] })
        .expect(200)
    ).body;
    expect(updated.sections.map((s: Record<string, unknown>) => [s.logit_bias_group, s.section_version, s.latest_version])).toEqual([
      [second, 2, 2],
      [null, null, 2],
    ]);
    // An explicit null is "no list" on update too.
    const none = (
      await t.agent
        .put(`/api/articles/${created._id}`)
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [{ ...snapshotOf(atTwo), logit_bias_group: null }] })
        .expect(200)
    ).body;
    expect(none.sections[0]).toMatchObject({ logit_bias_group: null, section_version: null });
  });

  it('should keep the versions of a deleted section for the articles that snapshotted it (latest_version null)', async () => {
    const section = await createSection(t.agent, modelId);
    const atTwo = await update(section, { notes: 'second' });
    const article = (
      await t.agent
        .post('/api/articles')
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(atTwo)] })
        .expect(201)
    ).body;
    await t.agent.delete(`/api/sections/${section._id}`).expect(200);
    const read = (await t.agent.get(`/api/articles/${article._id}`).expect(200)).body;
    expect(read.sections[0]).toMatchObject({ section: section._id, section_version: 2, latest_version: null });
    // Saving the article again still finds the version the entry equals: the versions were kept.
    const saved = (await t.agent.put(`/api/articles/${article._id}`).send(read).expect(200)).body;
    expect(saved.sections[0]).toMatchObject({ section_version: 2, latest_version: null });
    // The section itself is gone, with its routes.
    await t.agent.get(`/api/sections/${section._id}/versions`).expect(404);
    await t.agent.post(`/api/sections/${section._id}/versions/1/restore`).expect(404);
  });

  it('should refuse an article entry whose section_version is not a whole number', async () => {
    const section = await createSection(t.agent, modelId);
    const res = await t.agent
      .post('/api/articles')
      .send({ article_title: 'Guide', article_type: 'Guide', sections: [{ ...snapshotOf(section), section_version: 'two' }] })
      .expect(400);
    expect(res.body.errors).toEqual([{ field: 'sections.0.section_version', message: 'section_version must be a whole number or null' }]);
    expect((await t.agent.get('/api/articles').expect(200)).body).toEqual([]);
  });

  it('should answer 404 to another operator on every new route, and change nothing', async () => {
    const section = await createSection(t.agent, modelId);
    await update(section, { notes: 'second' });
    const grace = await otherOperatorCookie(t);
    for (const req of [
      request(t.http).get(`/api/sections/${section._id}/versions`),
      request(t.http).post(`/api/sections/${section._id}/versions/1/restore`),
      request(t.http).post(`/api/sections/${section._id}/versions/2/restore`),
    ]) {
      expect((await req.set('Cookie', grace).expect(404)).body.message).toBe('Section not found.');
    }
    expect((await versionsOf(section._id)).map((v) => v.version)).toEqual([2, 1]);
    expect((await t.agent.get(`/api/sections/${section._id}`).expect(200)).body.notes).toBe('second');
    // Their article cannot learn my section's versions either: my section is not one of theirs.
    const theirs = await request(t.http)
      .post('/api/articles')
      .set('Cookie', grace)
      .send({ article_title: 'Theirs', article_type: 'Guide', sections: [snapshotOf(section)] })
      .expect(400);
    expect(theirs.body.message).toBe('sections.0.section is not one of your sections');
  });
});

describe('Migration 0008 (section versions) on existing data', () => {
  it('should give every section version 1 of its fields, and each article entry the version it equals', async () => {
    // The migrations up to 0007 in a folder of their own, then the data, then all of them.
    const before = migrationsUpTo(7);
    expect(readdirSync(before).filter((f) => f.endsWith('.sql'))).toHaveLength(8);

    const pglite = new PGlite('memory://', { extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(pglite);
      await migrate(db, { migrationsFolder: before });
      const user = (await pglite.query<{ id: string }>(`insert into users (email, name) values ('ada@quire.test', 'Ada') returning id`)).rows[0].id;
      const model = '11111111-1111-4111-8111-111111111111';
      const section = (
        await pglite.query<{ id: string }>(
          `insert into sections (user_id, name, model, temperature, system_message, user_message, notes, updated_at)
           values ($1, 'Intro', $2, 0.7, 'You write intros.', 'Introduce {{title}}.', 'short', '2026-03-01T00:00:00Z') returning id`,
          [user, model],
        )
      ).rows[0].id;
      const entry = {
        section,
        heading: 'Intro',
        systemPrompt: 'You write intros.',
        userPrompt: 'Introduce {{title}}.',
        model,
        temperature: 0.7,
        logit_bias_group: null,
      };
      const stale = { ...entry, systemPrompt: 'You wrote intros before the last edit.' };
      const gone = { ...entry, section: '22222222-2222-4222-8222-222222222222' };
      await pglite.query(
        `insert into articles (user_id, article_title, article_type, sections) values ($1, 'Guide', 'Guide', $2), ($1, 'Empty', 'Guide', '[]')`,
        [user, JSON.stringify([entry, stale, gone])],
      );

      await migrate(db, { migrationsFolder: MIGRATIONS_DIR });

      const versions = await pglite.query(
        `select section_id, version, name, model, temperature, system_message, user_message, notes, created_at from section_versions`,
      );
      expect(versions.rows).toEqual([
        {
          section_id: section,
          version: 1,
          name: 'Intro',
          model,
          temperature: 0.7,
          system_message: 'You write intros.',
          user_message: 'Introduce {{title}}.',
          notes: 'short',
          created_at: new Date('2026-03-01T00:00:00Z'),
        },
      ]);
      expect((await pglite.query(`select version from sections`)).rows).toEqual([{ version: 1 }]);
      const articles = await pglite.query<{ article_title: string; sections: Record<string, unknown>[] }>(
        `select article_title, sections from articles order by article_title`,
      );
      expect(articles.rows[0]).toEqual({ article_title: 'Empty', sections: [] });
      expect(articles.rows[1].sections).toEqual([
        { ...entry, section_version: 1 },
        { ...stale, section_version: null },
        { ...gone, section_version: null },
      ]);
    } finally {
      await pglite.close();
    }
  });
});
