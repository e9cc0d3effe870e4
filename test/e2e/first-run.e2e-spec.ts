import { articleEntry } from '../../scripts/lib/article-entry.cjs';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { eventually } from '../support/fixtures';
import { useTestApp } from '../support/use-test-app';

type Step = { key: string; done: boolean; problem: string | null };

describe("Home's first-run checklist, from an empty workspace to the first article", () => {
  const notion = new NotionFake();
  const openai = new OpenAiFake();
  const t = useTestApp({
    fakes: [notion, openai],
    env: () => ({ NOTION_BASE_URL: notion.baseUrl, OPENAI_BASE_URL: openai.baseUrl, NOTION_POLL_SECONDS: '3600' }),
    signIn: 'local',
  });

  const checklist = async () => (await t.agent.get('/api/first-run').expect(200)).body as { complete: boolean; start_value: string; steps: Step[] };
  /** Each step as `true`, `false`, or its problem. */
  const steps = async () => Object.fromEntries((await checklist()).steps.map((step) => [step.key, step.problem ?? step.done]));
  const saveNotion = () =>
    t.agent
      .post('/api/user')
      .send({ envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId } })
      .expect(200);
  const template = async (title: string, modelId: string) => {
    const section = (
      await t.agent
        .post('/api/sections')
        .send({ name: `${title} intro`, model: modelId, temperature: 0.3, system_message: 'You write.', user_message: 'Introduce {{title}}.' })
        .expect(201)
    ).body;
    await t.agent
      .post('/api/articles')
      .send({ article_title: title, article_type: 'Guide', sections: [articleEntry(section)] })
      .expect(201);
  };

  it('should tick each step as its state becomes true, say what is wrong, and stop asking Notion once an article is written', async () => {
    expect(await checklist()).toMatchObject({ complete: false, start_value: 'Start Generating' });
    expect(Object.values(await steps())).toEqual([false, false, false, false, false, false, false, false]);
    expect(notion.requests).toHaveLength(0);

    // Notion's status property lacks a value: connected, not checked, and the check says why.
    notion.statusOptions = notion.statusOptions.filter((option) => option !== 'Posts Generated');
    await saveNotion();
    expect(await steps()).toMatchObject({
      'notion-connected': true,
      'notion-checked': 'The property "Status" has no option "Posts Generated"; add them in Notion.',
    });
    notion.reset();
    expect(await steps()).toMatchObject({ 'notion-connected': true, 'notion-checked': true, provider: false, section: false, 'select-options': false });

    await t.agent
      .post('/api/user')
      .send({ envVars: { OPENAI_API_KEY: openai.apiKey } })
      .expect(200);
    const model = (await t.agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-5.6' }).expect(201)).body;
    // Rows name their template by an Article select whose options lack the new template's title.
    notion.articleOptions = ['Buying guide'];
    await template('Laptop guide', model._id);
    expect(await steps()).toMatchObject({
      provider: true,
      section: true,
      template: true,
      'select-options': `Notion's Article select has no option named "Laptop guide": add it in Notion so a row can name that template.`,
      'row-started': false,
    });

    notion.articleOptions = ['Buying guide', 'Laptop guide'];
    expect(await steps()).toMatchObject({ 'select-options': true, 'row-started': false });

    notion.addRow({ title: 'Best laptops', status: 'Start Generating', article: 'Laptop guide' });
    expect(await steps()).toMatchObject({ 'row-started': true, 'article-written': false });
    const rowQuery = notion.requests.filter((r) => r.method === 'POST' && /\/query$/.test(r.path)).at(-1);
    expect(JSON.parse(rowQuery!.body).page_size).toBe(1);

    await t.agent.post('/api/generation/check-now').expect(200);
    const done = await eventually(checklist, (run) => run.complete);
    expect(done.steps.every((step) => step.done && step.problem === null)).toBe(true);

    const asked = notion.requests.length;
    await checklist();
    expect(notion.requests.length).toBe(asked);
  });

  it('should say why the last article stopped while none is written', async () => {
    await saveNotion();
    // No provider: the article fails for want of a key.
    const model = (await t.agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-5.6' }).expect(201)).body;
    await template('Laptop guide', model._id);
    notion.addRow({ title: 'Best laptops', status: 'Start Generating', article: 'Laptop guide' });
    await t.agent.post('/api/generation/check-now').expect(200);

    const run = await eventually(steps, (s) => typeof s['article-written'] === 'string');
    expect(run).toMatchObject({ 'row-started': true, 'select-options': true, provider: false });
    expect(run['article-written']).toMatch(/^The last article stopped: /);
  });

  it('should take an Article typed as text as naming any template', async () => {
    await saveNotion();
    const model = (await t.agent.post('/api/models').send({ name: 'Writer', base_model: 'gpt-5.6' }).expect(201)).body;
    await template('Laptop guide', model._id);
    // The simulator's Article is a text property: any title can be typed, nothing to match.
    expect((await steps())['select-options']).toBe(true);
  });
});
