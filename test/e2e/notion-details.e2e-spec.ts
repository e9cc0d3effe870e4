import { Client, LogLevel } from '@notionhq/client';
import { sql } from 'drizzle-orm';
import { SecretBox } from '../../backend/src/common/secret-box';
import { NOTION_API_VERSION } from '../../backend/src/integrations/notion/notion.client';
import { WorkspaceSettingsService } from '../../backend/src/workspaces/settings.service';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually } from '../support/fixtures';
import { setUpGeneration } from '../support/generation-fixtures';
import { useTestApp } from '../support/use-test-app';

type Json = Record<string, any>;

const rt = (content: string) => [{ type: 'text', text: { content, link: null }, plain_text: content, annotations: {} }];
const user = (id: string, name?: string) => ({ object: 'user', id, ...(name ? { name, type: 'person', person: {} } : {}) });

describe('Notion as it really answers: database links, data sources, links and every property type', () => {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const t = useTestApp({
    fakes: [notion, openai],
    env: () => ({ NOTION_BASE_URL: notion.baseUrl, OPENAI_BASE_URL: openai.baseUrl, NOTION_POLL_SECONDS: '3600', GENERATION_CONCURRENCY: '2' }),
    signIn: 'local',
  });
  let modelId: string;

  beforeEach(async () => {
    modelId = (await setUpGeneration(t.agent, notion, openai)).model._id;
  });

  const history = async () => (await t.agent.get('/api/history').expect(200)).body as Json[];
  const settled = (entries: Json[], n: number) => entries.length === n && entries.every((e) => e.status === 'completed' || e.status === 'failed');
  const checkNow = async () => (await t.agent.post('/api/generation/check-now').expect(200)).body.lastCheck;
  const testNotion = async () => (await t.agent.post('/api/generation/test-notion').expect(200)).body;
  const saveDatabaseId = (value: string) => t.agent.post('/api/user').send({ envVars: { DATABASE_ID: value } });
  const userId = async () => {
    const result = (await t.database.db.execute(sql`select id from users`)) as unknown as { rows: { id: string }[] };
    return result.rows[0].id;
  };
  const userMessages = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body).messages[1].content as string);
  /** A one-section template whose user prompt is `prompt`, for rows that name it in their Article property. */
  const template = async (title: string, prompt: string) => {
    const section = (
      await t.agent
        .post('/api/sections')
        .send({ name: `${title} body`, model: modelId, temperature: 0.3, system_message: 'You write.', user_message: prompt })
        .expect(201)
    ).body;
    const snapshot = {
      section: section._id,
      heading: section.name,
      systemPrompt: section.system_message,
      userPrompt: section.user_message,
      model: section.model,
      temperature: section.temperature,
      logit_bias_group: null,
    };
    await t.agent
      .post('/api/articles')
      .send({ article_title: title, article_type: title, sections: [snapshot] })
      .expect(201);
  };

  describe('the database id', () => {
    const dashedId = notion.databaseId.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
    const link = `https://www.notion.so/acme/Articles-${notion.databaseId}?v=0123456789abcdef0123456789abcdef&pvs=4`;

    it('should write the rows of a database saved as its Notion link', async () => {
      const saved = await saveDatabaseId(link).expect(200);
      expect(saved.body.envVars.DATABASE_ID).toBe('1f0…a3b4');
      const id = notion.addRow({ title: 'From a link', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'links' } });
      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1, problem: null });
      const [entry] = await eventually(history, (e) => settled(e, 1));
      expect(entry.status).toBe('completed');
      expect(notion.statusOf(id)).toBe('Posts Generated');
      expect(notion.requests.some((r) => r.path === `/v1/databases/${notion.databaseId}`)).toBe(true);
    });

    it.each([
      ['a dashed id', dashedId],
      ['a dashless id in capitals', notion.databaseId.toUpperCase()],
      ['a link', link],
    ])('should keep the bare id when given %s', async (_case, value) => {
      await saveDatabaseId(value).expect(200);
      expect(await t.app.get(WorkspaceSettingsService).getSecret(await userId(), 'DATABASE_ID')).toBe(notion.databaseId);
      expect((await testNotion()).ok).toBe(true);
    });

    it('should refuse a value with no database id in it and keep the saved one', async () => {
      const res = await saveDatabaseId('https://www.notion.so/acme/Articles').expect(400);
      expect(res.body.errors).toEqual([{ field: 'envVars.DATABASE_ID', message: 'must be a Notion database link or id' }]);
      expect(res.body.message).toBe("DATABASE_ID must be the Notion database's link or its id (32 letters and digits, with or without dashes).");
      expect((await t.agent.get('/api/user').expect(200)).body.envVars.DATABASE_ID).toBe('1f0…a3b4');
    });

    it('should still read a link saved before Quire kept bare ids', async () => {
      const id = await userId();
      const sealed = new SecretBox(t.config.encryptionKey).seal(link, `${id}:DATABASE_ID`);
      await t.database.db.execute(sql`update workspaces set notion_database_id = ${sealed} where id = ${id}`);
      expect((await testNotion()).ok).toBe(true);
    });

    it('should be answered by the Notion simulator with or without dashes, as Notion does', async () => {
      const sdk = new Client({ auth: notion.secret, baseUrl: notion.baseUrl, notionVersion: NOTION_API_VERSION });
      for (const id of [notion.databaseId, dashedId]) expect(await sdk.databases.retrieve({ database_id: id })).toMatchObject({ id: dashedId });
      const page = notion.addRow({ title: 'Either way', status: 'Not started' });
      expect(await sdk.pages.retrieve({ page_id: page.replace(/-/g, '') })).toMatchObject({ id: page });
    });
  });

  describe("Notion's API version 2026-03-11", () => {
    // The SDK as Quire makes it (its refusals are what the tests look at, not its log).
    const sdk = () => new Client({ auth: notion.secret, baseUrl: notion.baseUrl, notionVersion: NOTION_API_VERSION, retry: false, logLevel: LogLevel.ERROR });
    const refusal = (message: string, status = 400, code = 'validation_error') => ({ status, code, message });

    it('should ask for version 2026-03-11 on every call while writing an article', async () => {
      const id = notion.addRow({ title: 'Versioned', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1, problem: null });
      const [entry] = await eventually(history, (e) => settled(e, 1));
      expect(entry.status).toBe('completed');
      expect(notion.statusOf(id)).toBe('Posts Generated');
      const calls = notion.requests.filter((r) => !r.path.startsWith('/__fake/'));
      expect(calls.length).toBeGreaterThan(5);
      expect(new Set(calls.map((r) => r.headers['notion-version']))).toEqual(new Set(['2026-03-11']));
      // Nothing Quire sends names a field 2026-03-11 took away.
      expect(calls.filter((r) => /"(archived|after)":/.test(r.body))).toEqual([]);
    });

    it('should have the Notion simulator refuse a request without the version as Notion does, and one of an older version', async () => {
      const bare = await fetch(`${notion.baseUrl}/v1/databases/${notion.databaseId}`, { headers: { Authorization: `Bearer ${notion.secret}` } });
      expect(await bare.json()).toEqual({
        object: 'error',
        status: 400,
        code: 'missing_version',
        message: 'Notion-Version header failed validation: Notion-Version header should be defined, instead was `undefined`.',
      });
      // The SDK's own default is the older 2025-09-03.
      await expect(
        new Client({ auth: notion.secret, baseUrl: notion.baseUrl, retry: false, logLevel: LogLevel.ERROR }).databases.retrieve({
          database_id: notion.databaseId,
        }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('answers only as Notion-Version `2026-03-11`, instead was `2025-09-03`'),
      });
      expect(await sdk().databases.retrieve({ database_id: notion.databaseId })).toMatchObject({ object: 'database' });
    });

    it("should have the Notion simulator refuse `archived` and `after`, in Notion's words", async () => {
      notion.requestsPerSecond = Infinity;
      const page = notion.addRow({ title: 'Old fields', status: 'Not started', body: ['First'] });
      const [first] = (await sdk().blocks.children.list({ block_id: page })).results;
      await expect(sdk().pages.update({ page_id: page, archived: true })).rejects.toMatchObject(
        refusal('body failed validation: body.archived should be not present, instead was `true`.'),
      );
      await expect(
        sdk().blocks.children.append({ block_id: page, after: first.id, children: [{ paragraph: { rich_text: [{ text: { content: 'x' } }] } }] }),
      ).rejects.toMatchObject(refusal(`body failed validation: body.after should be not present, instead was \`"${first.id}"\`.`));
      await expect(sdk().dataSources.query({ data_source_id: notion.dataSourceId, archived: false })).rejects.toMatchObject(
        refusal('body failed validation: body.archived should be not present, instead was `false`.'),
      );
      await expect(
        sdk().blocks.children.append({ block_id: page, children: [{ paragraph: { rich_text: [] }, archived: false } as never] }),
      ).rejects.toMatchObject(refusal('body failed validation: body.children[0].archived should be not present, instead was `false`.'));
      expect(notion.bodyOf(page)).toEqual(['paragraph: First']);
      expect(notion.statusOf(page)).toBe('Not started');
    });

    it('should have the Notion simulator answer `in_trash`, never `archived`, and place appended blocks by `position`', async () => {
      notion.requestsPerSecond = Infinity;
      const page = notion.addRow({ title: 'Trash and places', status: 'Not started', body: ['One', 'Three'] });
      const answers: Json[] = [
        await sdk().databases.retrieve({ database_id: notion.databaseId }),
        await sdk().dataSources.retrieve({ data_source_id: notion.dataSourceId }),
        await sdk().pages.retrieve({ page_id: page }),
        ...(await sdk().dataSources.query({ data_source_id: notion.dataSourceId })).results,
      ];
      const [one] = (await sdk().blocks.children.list({ block_id: page })).results;
      const paragraph = (content: string) => ({ paragraph: { rich_text: [{ text: { content } }] } });
      answers.push(
        ...(
          await sdk().blocks.children.append({ block_id: page, children: [paragraph('Two')], position: { type: 'after_block', after_block: { id: one.id } } })
        ).results,
      );
      await sdk().blocks.children.append({ block_id: page, children: [paragraph('Zero')], position: { type: 'start' } });
      await sdk().blocks.children.append({ block_id: page, children: [paragraph('Four')], position: { type: 'end' } });
      await sdk().blocks.children.append({ block_id: page, children: [paragraph('Five')] });
      expect(notion.bodyOf(page)).toEqual(['Zero', 'One', 'Two', 'Three', 'Four', 'Five'].map((word) => `paragraph: ${word}`));
      answers.push(...(await sdk().blocks.children.list({ block_id: page })).results);
      for (const answer of answers) expect(answer).toMatchObject({ in_trash: false });
      const deleted: Json = await sdk().blocks.delete({ block_id: one.id });
      expect(deleted).toMatchObject({ id: one.id, in_trash: true });
      expect([...answers, deleted].filter((answer) => 'archived' in answer)).toEqual([]);
      await expect(
        sdk().blocks.children.append({ block_id: page, children: [paragraph('Lost')], position: { type: 'after_block', after_block: { id: one.id } } }),
      ).rejects.toMatchObject(refusal(`Could not find block with ID: ${one.id}.`, 404, 'object_not_found'));
    });

    it('should have the Notion simulator keep a page moved to the trash out of queries and refuse to change it until it is restored', async () => {
      notion.requestsPerSecond = Infinity;
      const page = notion.addRow({ title: 'Binned', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
      notion.trashByHand(page);
      expect(await sdk().pages.retrieve({ page_id: page })).toMatchObject({ in_trash: true });
      expect((await sdk().dataSources.query({ data_source_id: notion.dataSourceId })).results).toEqual([]);
      expect((await sdk().dataSources.query({ data_source_id: notion.dataSourceId, in_trash: true })).results.map((p) => p.id)).toEqual([page]);
      const trashed = refusal("Can't edit block that is archived. You must unarchive the block before editing.");
      await expect(sdk().pages.update({ page_id: page, properties: { Status: { status: { name: 'Not started' } } } })).rejects.toMatchObject(trashed);
      await expect(sdk().blocks.children.append({ block_id: page, children: [{ paragraph: { rich_text: [] } }] })).rejects.toMatchObject(trashed);
      expect(await checkNow()).toMatchObject({ found: 0, claimed: 0 });
      expect(await sdk().pages.update({ page_id: page, in_trash: false })).toMatchObject({ in_trash: false });
      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1 });
      await eventually(history, (e) => settled(e, 1));
      expect(notion.statusOf(page)).toBe('Posts Generated');
    });
  });

  describe('data sources', () => {
    const archive = { id: '4c5d6e7f-8a9b-4cad-8bef-0a1b2c3d4e5f', name: 'Archive' };

    it('should read the data source named like the database, even when it is not the first, and say so in Test connection', async () => {
      notion.dataSources = [archive, { id: notion.dataSourceId, name: 'Articles' }];
      const archived = notion.addRow({ title: 'Old row', status: 'Start Generating', type: 'Guide', dataSourceId: archive.id });
      const current = notion.addRow({
        title: 'New row',
        status: 'Start Generating',
        type: 'Guide',
        extra: { Keyword: 'k' },
        dataSourceId: notion.dataSourceId,
      });
      expect(await testNotion()).toEqual({
        ok: true,
        message: 'Connected: "Status" offers all four status values. The database has 2 data sources; Quire reads "Articles".',
      });
      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1 });
      await eventually(history, (e) => settled(e, 1));
      expect(notion.statusOf(current)).toBe('Posts Generated');
      expect(notion.statusOf(archived)).toBe('Start Generating');
    });

    it('should read the first data source when none is named like the database', async () => {
      notion.databaseTitle = 'Content calendar';
      notion.dataSources = [{ id: notion.dataSourceId, name: 'Articles' }, archive];
      expect((await testNotion()).message).toBe('Connected: "Status" offers all four status values. The database has 2 data sources; Quire reads "Articles".');
      notion.dataSources = [archive, { id: notion.dataSourceId, name: 'Articles' }];
      notion.statusOptions = ['Start Generating', 'Posts Generated'];
      expect(await testNotion()).toEqual({
        ok: false,
        message:
          'The property "Status" has no option "Generating...", "Generating Error"; add them in Notion. The database has 2 data sources; Quire reads "Archive".',
      });
    });

    it('should say nothing of data sources when the database has one', async () => {
      expect(await testNotion()).toEqual({ ok: true, message: 'Connected: "Status" offers all four status values.' });
    });

    it("should ask for pages only, so a wiki's data sources are never taken for rows", async () => {
      notion.wiki = true;
      notion.addRow({ title: 'Wiki row', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1 });
      const queries = notion.requests.filter((r) => r.path.endsWith('/query')).map((r) => JSON.parse(r.body));
      expect(queries.every((q) => q.result_type === 'page')).toBe(true);
      const entries = await eventually(history, (e) => settled(e, 1));
      expect(entries.map((e) => e.title)).toEqual(['Wiki row']);
    });
  });

  describe('links in the article', () => {
    it('should send links Notion would refuse as plain text and keep a URL with parentheses', async () => {
      await template('Links', '{{Links}}');
      const id = notion.addRow({
        title: 'Linked',
        status: 'Start Generating',
        article: 'Links',
        // The OpenAI simulator answers with the start of the prompt: these links come back in the article.
        extra: { Links: '[Mercury](https://w.test/Mercury_(planet)) [mail](mailto:a@b.test) [docs](/docs) [bad](https://exa mple.test)' },
      });
      await checkNow();
      const [entry] = await eventually(history, (e) => settled(e, 1));
      expect(entry).toMatchObject({ status: 'completed', message: null });
      const appended = notion.requests
        .filter((r) => r.method === 'PATCH' && r.path.endsWith('/children'))
        .flatMap((r) => JSON.parse(r.body).children as Json[]);
      const rich = appended.flatMap((block) => (block[block.type]?.rich_text ?? []) as Json[]);
      expect(rich.filter((r) => r.text.link).map((r) => [r.text.content, r.text.link.url])).toEqual([['Mercury', 'https://w.test/Mercury_(planet)']]);
      expect(notion.bodyOf(id)).toContain('paragraph: Written by gpt-4o for: Mercury mail docs [bad](https://exa mple.test)');
    });

    it('should have the Notion simulator refuse a link Notion refuses, as Notion words it', async () => {
      const sdk = new Client({ auth: notion.secret, baseUrl: notion.baseUrl, notionVersion: NOTION_API_VERSION });
      const page = notion.addRow({ title: 'Target', status: 'Not started' });
      const paragraph = (url: string) => ({ paragraph: { rich_text: [{ text: { content: 'x', link: { url } } }] } });
      for (const url of ['mailto:ada@acme.test', '/docs', 'https://', `https://x.test/${'a'.repeat(2000)}`]) {
        await expect(sdk.blocks.children.append({ block_id: page, children: [paragraph(url)] })).rejects.toMatchObject({
          status: 400,
          code: 'validation_error',
          message: expect.stringContaining('Invalid URL for link.'),
        });
      }
      await sdk.blocks.children.append({ block_id: page, children: [paragraph('https://en.wikipedia.org/wiki/Mercury_(planet)')] });
      expect(notion.bodyOf(page)).toEqual(['paragraph: x']);
    });
  });

  describe('page properties as placeholders', () => {
    const PLACEHOLDERS = [
      'Publish on',
      'Word goal',
      'Pillar',
      'Slug',
      'Hubs',
      'Sources',
      'Hub count',
      'Hub names',
      'Campaign',
      'ID',
      'Created',
      'Edited',
      'Author',
      'Editor',
      'Attachments',
      'Audience',
      'Tags',
      'Budget',
      'Due',
      'Reviewed',
      'Verified',
      'Office',
    ];

    it('should give every property type the text a person sees, reading related pages once each', async () => {
      const related = Array.from({ length: 26 }, (_, i) => notion.addPage(`Related ${i + 1}`));
      const properties: Json = {
        'Publish on': { id: 'f1', type: 'formula', formula: { type: 'date', date: { start: '2026-12-01', end: null, time_zone: null } } },
        'Word goal': { id: 'f2', type: 'formula', formula: { type: 'number', number: 1500 } },
        Pillar: { id: 'f3', type: 'formula', formula: { type: 'boolean', boolean: true } },
        Slug: { id: 'f4', type: 'formula', formula: { type: 'string', string: 'best-gaming-laptops' } },
        Hubs: { id: 'r1', type: 'relation', relation: related.slice(0, 2).map((id) => ({ id })), has_more: false },
        Sources: { id: 'r%3A2', type: 'relation', relation: related.map((id) => ({ id })), has_more: false },
        'Hub count': { id: 'u1', type: 'rollup', rollup: { type: 'number', number: 2, function: 'count' } },
        'Hub names': {
          id: 'u2',
          type: 'rollup',
          rollup: {
            type: 'array',
            array: [
              { type: 'title', title: rt('Related 1') },
              { type: 'relation', relation: [{ id: related[1] }] },
            ],
            function: 'show_original',
          },
        },
        Campaign: {
          id: 'u3',
          type: 'rollup',
          rollup: { type: 'date', date: { start: '2026-11-01', end: '2026-11-30', time_zone: null }, function: 'date_range' },
        },
        ID: { id: 'id', type: 'unique_id', unique_id: { prefix: 'ART', number: 12 } },
        Created: { id: 'ct', type: 'created_time', created_time: '2026-11-20T09:30:00.000Z' },
        Edited: { id: 'et', type: 'last_edited_time', last_edited_time: '2026-11-21T16:05:00.000Z' },
        Author: { id: 'cb', type: 'created_by', created_by: user('u-ada', 'Ada Lovelace') },
        Editor: { id: 'eb', type: 'last_edited_by', last_edited_by: user('u-grace', 'Grace Hopper') },
        Attachments: {
          id: 'fi',
          type: 'files',
          files: [
            { name: 'brief.pdf', type: 'file', file: { url: 'https://files.test/brief.pdf', expiry_time: '2026-11-22T10:00:00.000Z' } },
            { name: 'logo.png', type: 'external', external: { url: 'https://x.test/logo.png' } },
          ],
        },
        Audience: { id: 'pe', type: 'people', people: [user('u-ada', 'Ada Lovelace'), { object: 'group', id: 'g-1', name: 'Editors' }] },
        Tags: {
          id: 'ms',
          type: 'multi_select',
          multi_select: [
            { id: 't1', name: 'SEO', color: 'red' },
            { id: 't2', name: 'B2B', color: 'blue' },
          ],
        },
        Budget: { id: 'nu', type: 'number', number: 1200.5 },
        Due: { id: 'du', type: 'date', date: { start: '2026-11-25', end: '2026-11-28', time_zone: null } },
        Reviewed: { id: 'cx', type: 'checkbox', checkbox: false },
        Verified: { id: 've', type: 'verification', verification: { state: 'verified', date: null, verified_by: null } },
        Office: { id: 'pl', type: 'place', place: { lat: 51.5, lon: -0.12, name: 'London office' } },
      };
      await template('Every type', PLACEHOLDERS.map((name) => `${name}: {{${name}}}`).join('\n'));
      notion.addRow({ title: 'All types', status: 'Start Generating', article: 'Every type', properties });

      expect(await checkNow()).toMatchObject({ found: 1, claimed: 1, problem: null });
      const [entry] = await eventually(history, (e) => settled(e, 1));
      expect(entry).toMatchObject({ status: 'completed', message: null });
      expect(userMessages()).toEqual([
        [
          'Publish on: 2026-12-01',
          'Word goal: 1500',
          'Pillar: Yes',
          'Slug: best-gaming-laptops',
          'Hubs: Related 1, Related 2',
          `Sources: ${related.map((_, i) => `Related ${i + 1}`).join(', ')}`,
          'Hub count: 2',
          'Hub names: Related 1, Related 2',
          'Campaign: 2026-11-01 → 2026-11-30',
          'ID: ART-12',
          'Created: 2026-11-20T09:30:00.000Z',
          'Edited: 2026-11-21T16:05:00.000Z',
          'Author: Ada Lovelace',
          'Editor: Grace Hopper',
          'Attachments: brief.pdf, logo.png',
          'Audience: Ada Lovelace, Editors',
          'Tags: SEO, B2B',
          'Budget: 1200.5',
          'Due: 2026-11-25 → 2026-11-28',
          'Reviewed: No',
          'Verified: Verified',
          'Office: London office',
        ].join('\n'),
      ]);
      // The page object holds 25 of the 26 sources: the rest came from the property item endpoint.
      expect(notion.requests.filter((r) => r.method === 'GET' && r.path.includes('/properties/')).map((r) => r.path)).toEqual([
        expect.stringMatching(/\/properties\/r%3A2$/),
      ]);
      // Answered reads: a read Notion refused with 429 (its three-a-second limit, on a busy machine) is asked again.
      const pageReads = notion.requests.filter((r) => r.method === 'GET' && /^\/v1\/pages\/[^/]+$/.test(r.path) && r.status === 200).map((r) => r.path);
      expect(new Set(pageReads).size).toBe(26);
      expect(pageReads).toHaveLength(26);
    });

    it('should fail an article that uses a name Notion withholds, saying why, and write one that does not', async () => {
      const withheld = { Author: { id: 'cb', type: 'created_by', created_by: user('u-ada') } };
      await template('Byline', 'Written by {{Author}}.');
      notion.addRow({ title: 'Needs the name', status: 'Start Generating', article: 'Byline', properties: withheld });
      const other = notion.addRow({ title: 'Does not', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' }, properties: withheld });
      expect(await checkNow()).toMatchObject({ found: 2, claimed: 2, problem: null });
      const entries = await eventually(history, (e) => settled(e, 2));
      const failed = entries.find((e) => e.title === 'Needs the name')!;
      expect(failed).toMatchObject({ status: 'failed' });
      expect(failed.message).toBe(
        'Placeholder {{Author}} in section "Byline body": Notion does not give Quire the text of the page\'s "Author" property. A person\'s name needs the integration\'s "Read user information" capability in Notion; buttons, and formulas or rollups Notion\'s API does not compute, have no text to use.',
      );
      expect(notion.statusOf(other)).toBe('Posts Generated');
    });
  });
});
