import { sql } from 'drizzle-orm';
import { eventually } from '../support/fixtures';
import { generationSuite, SECTION_HEADINGS } from '../support/generation-fixtures';

describe('Generation: Notion rows written by OpenAI into Notion and Google Docs', () => {
  const suite = generationSuite({ GENERATION_CONCURRENCY: '2', GENERATION_RETRY_SECONDS: '1' });
  const { notion, openai, google, history, settled, checkNow } = suite;

  const chatBodies = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).map((r) => JSON.parse(r.body));

  it('should write a batch: every heading in order in Notion, a Doc in the client folder, statuses and history complete', async () => {
    const withClient = notion.addRow({ title: 'Best gaming laptops', status: 'Start Generating', type: 'guide', client: 'acme', extra: { Keyword: 'gaming' } });
    const byTitle = notion.addRow({
      title: 'Budget laptops',
      status: 'Start Generating',
      article: 'laptop guide',
      extra: { Keyword: 'budget' },
      body: ['Notes the editor left.'],
    });
    notion.addRow({ title: 'Not yet', status: 'Not started', type: 'Guide' });

    const report = await checkNow();
    expect(report).toMatchObject({ found: 2, claimed: 2, problem: null });
    expect(await checkNow()).toMatchObject({ found: 0, claimed: 0 });
    const entries = await eventually(history, (e) => settled(e, 2));
    expect(entries.map((e) => e.message)).toEqual([null, null]);

    for (const id of [withClient, byTitle]) {
      expect(notion.statusOf(id)).toBe('Posts Generated');
      const headings = notion.bodyOf(id).filter((line) => line.startsWith('heading_2: '));
      expect(headings).toEqual(SECTION_HEADINGS.map((h) => `heading_2: ${h}`));
    }
    expect(notion.bodyOf(byTitle)[0]).toBe('paragraph: Notes the editor left.');

    expect(google.files).toHaveLength(1);
    expect(google.files[0]).toMatchObject({ name: 'Best gaming laptops', mimeType: 'application/vnd.google-apps.document', parents: ['folder-acme'] });
    expect(google.files[0].content).toContain('<h2>Pros and Cons</h2>');

    const entry = (title: string) => entries.find((e) => e.title === title)!;
    expect(entry('Best gaming laptops')).toMatchObject({
      _type: 'generation',
      status: 'completed',
      article_type: 'Guide',
      message: null,
      meta: { viewUrl: `https://docs.google.com/document/d/${google.files[0].id}/edit`, sectionsDone: 3, sectionsTotal: 3 },
    });
    expect(entry('Best gaming laptops').meta.tokens).toBeGreaterThan(0);
    expect(entry('Best gaming laptops').meta.durationMs).toBeGreaterThanOrEqual(0);
    expect(entry('Budget laptops').meta.viewUrl).toMatch(/^https:\/\/www\.notion\.so\//);

    const calls = chatBodies();
    expect(calls).toHaveLength(6);
    const intro = calls.find((c) => c.messages[1].content.includes('Best gaming laptops'))!;
    expect(intro).toMatchObject({ model: 'gpt-4o', temperature: 0.2 });
    expect(intro.messages).toEqual([
      { role: 'system', content: 'You introduce articles for Acme.' },
      { role: 'user', content: 'Introduce "Best gaming laptops" about gaming.' },
    ]);
    expect(intro.logit_bias['122273']).toBe(-100);
    const pros = calls.find((c) => c.messages[1].content.startsWith('Pros and cons for Best gaming laptops'))!;
    expect(pros.messages[1].content).toContain('## Introduction');
    expect(pros.logit_bias).toBeUndefined();
    const faq = calls.find((c) => c.messages[1].content.startsWith('Three FAQ'))!;
    expect(faq.messages[1].content).toBe('Three FAQ for Laptop guide (Guide), section FAQ.');
  });

  it('should send the bias map kept with the list, and make and keep it for a list saved before maps were kept', async () => {
    const lists = async () =>
      (await suite.t.database.db.execute(sql`select logit_bias from logit_bias_groups`)) as unknown as { rows: { logit_bias: unknown }[] };
    const [saved] = (await lists()).rows;
    expect(saved.logit_bias).toMatchObject({ o200k_base: { '122273': -100 }, cl100k_base: expect.any(Object) });
    await suite.t.database.db.execute(sql`update logit_bias_groups set logit_bias = null`);

    notion.addRow({ title: 'Old list', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    await checkNow();
    await eventually(history, (e) => settled(e, 1));

    const [intro] = chatBodies().filter((c) => c.messages[1].content.startsWith('Introduce'));
    expect(intro.logit_bias['122273']).toBe(-100);
    expect((await lists()).rows[0].logit_bias).toEqual(saved.logit_bias);
  });

  it('should find rows by a select status property as well as a status one', async () => {
    notion.statusType = 'select';
    const id = notion.addRow({ title: 'Select status', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    expect(await checkNow()).toMatchObject({ found: 1, claimed: 1 });
    await eventually(history, (e) => settled(e, 1));
    expect(notion.statusOf(id)).toBe('Posts Generated');
  });

  it.each([
    ['an unknown template', { type: 'Review' }, 'No article template has the type "Review" (the page\'s Type property).'],
    ['an unknown client', { type: 'Guide', client: 'Globex' }, 'The page names the client "Globex", which is not in Manage Clients/Sites.'],
  ])('should end %s in the error status with the reason in History', async (_case, row, message) => {
    const id = notion.addRow({ title: 'Doomed', status: 'Start Generating', extra: { Keyword: 'k' }, ...row });
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry).toMatchObject({ status: 'failed', message });
    expect(notion.statusOf(id)).toBe('Generating Error');
    expect(notion.bodyOf(id)).toEqual([]);
  });

  it('should fail an article whose prompt uses an unknown placeholder, naming it', async () => {
    const id = notion.addRow({ title: 'No keyword', status: 'Start Generating', type: 'Guide' });
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.message).toBe(
      'Unknown placeholder {{Keyword}} in section "Introduction": it is neither a built-in placeholder nor a property of the Notion page.',
    );
    expect(notion.statusOf(id)).toBe('Generating Error');
  });

  it("should try the article again later when OpenAI's 500s outlast the SDK's retries, then finish it", async () => {
    openai.failNext('POST', /^\/v1\/chat\/completions$/, 500, 'The server had an error while processing your request.', 5);
    const id = notion.addRow({ title: 'Unlucky', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    await checkNow();
    const waiting = await eventually(history, (e) => e[0]?.status === 'queued' && e[0].message !== null, 30_000);
    expect(waiting[0].message).toMatch(
      /^OpenAI: could not write section "Introduction": The server had an error while processing your request\. Trying again in 1 s\.$/,
    );
    expect(notion.statusOf(id)).toBe('Generating...');
    const [entry] = await eventually(history, (e) => settled(e, 1), 30_000);
    expect(entry).toMatchObject({ status: 'completed', message: null });
    // Five refused requests, then one per section: nothing asked twice.
    expect(openai.requestsTo('POST', /^\/v1\/chat\/completions$/)).toHaveLength(8);
    expect(notion.statusOf(id)).toBe('Posts Generated');
  });

  it("should fail at once with OpenAI's reason when OpenAI refuses", async () => {
    openai.failNext('POST', /^\/v1\/chat\/completions$/, 400, "Invalid value for 'temperature'.", 1);
    const id = notion.addRow({ title: 'Refused', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.message).toBe(`OpenAI: could not write section "Introduction": Invalid value for 'temperature'.`);
    expect(openai.requestsTo('POST', /^\/v1\/chat\/completions$/)).toHaveLength(1);
    expect(notion.statusOf(id)).toBe('Generating Error');
  });

  it('should recover from a passing OpenAI 429 and write the article', async () => {
    openai.failNext('POST', /^\/v1\/chat\/completions$/, 429, 'Rate limit reached', 1, { 'retry-after': '0' });
    const id = notion.addRow({ title: 'Busy', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.status).toBe('completed');
    expect(notion.statusOf(id)).toBe('Posts Generated');
  });

  it("should fail with Notion's reason when it refuses the append, keeping the written sections", async () => {
    notion.refuseAppends = { count: 1, message: 'body failed validation: body.children[3].paragraph.rich_text should be defined.' };
    const id = notion.addRow({ title: 'Refused', status: 'Start Generating', type: 'Guide', extra: { Keyword: 'k' } });
    await checkNow();
    const [entry] = await eventually(history, (e) => settled(e, 1));
    expect(entry.message).toBe(
      'Notion: refused to add the article to the page: body failed validation: body.children[3].paragraph.rich_text should be defined.',
    );
    expect(entry.meta.sectionsDone).toBe(3);
    expect(notion.statusOf(id)).toBe('Generating Error');
  });

  it('should report missing settings on the check instead of failing', async () => {
    await suite.agent
      .post('/api/user')
      .send({ envVars: { DATABASE_ID: '' } })
      .expect(200);
    const report = await checkNow();
    expect(report.problem).toBe('Notion is not set up: save the Notion secret and database id in Notion Settings on Home.');
    expect((await suite.agent.get('/api/generation/status').expect(200)).body.lastCheck.problem).toBe(report.problem);
  });

  it('should test the Notion and OpenAI connections', async () => {
    expect((await suite.agent.post('/api/generation/test-notion').expect(200)).body).toEqual({
      ok: true,
      message: 'Connected: "Status" offers all four status values.',
    });
    notion.statusOptions = ['Start Generating', 'Posts Generated'];
    expect((await suite.agent.post('/api/generation/test-notion').expect(200)).body).toEqual({
      ok: false,
      message: 'The property "Status" has no option "Generating...", "Generating Error"; add them in Notion.',
    });
    await suite.agent
      .post('/api/user')
      .send({ envVars: { NOTION_SECRET: 'ntn_wrong_secret_value_1234' } })
      .expect(200);
    expect((await suite.agent.post('/api/generation/test-notion').expect(200)).body.message).toMatch(/^Notion: rejected the secret saved on Home/);
    expect((await suite.agent.post('/api/generation/test-openai').expect(200)).body).toEqual({ ok: true, message: 'Connected: OpenAI accepts the key.' });
    await suite.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: 'sk-proj-wrong-key-for-the-test-00' } })
      .expect(200);
    expect((await suite.agent.post('/api/generation/test-openai').expect(200)).body.ok).toBe(false);
  });
});
