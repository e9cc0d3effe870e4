import { violations } from './axe';
import { expect, Locator, Page, test } from './lane';
import { connectSimulators, disconnectSimulators, signIn, writeArticles } from './helpers';

/** Opens `path`, waits until `ready` shows the screen's content (every part of it, when several) and its fields' choices have loaded, and records what axe finds there. */
async function audit(page: Page, found: Record<string, string[]>, path: string, ready: (page: Page) => Locator | Locator[]) {
  await page.goto(path);
  for (const part of [ready(page)].flat()) await expect(part).toBeVisible();
  // A field is disabled while its choices load, its helper text greyed: axe would judge that passing
  // state. A helper text still greyed after the wait is one axe then reports.
  await page
    .locator('.MuiFormHelperText-root.Mui-disabled')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  const lines = await violations(page);
  if (lines.length > 0) found[path] = lines;
}

async function created(page: Page, path: string, data: object): Promise<string> {
  const res = await page.request.post(path, { data });
  expect(res.status(), path).toBe(201);
  return (await res.json())._id;
}

test.describe.configure({ mode: 'serial' });

test.describe('Accessibility: axe finds no WCAG 2.1 A/AA violation on any screen', () => {
  test('the login page', async ({ page }) => {
    const found: Record<string, string[]> = {};
    await audit(page, found, '/login', (p) => p.getByRole('link', { name: 'Sign in with Local Operator' }));
    expect(found).toEqual({});
  });

  test('every screen of the signed-in dashboard', async ({ page }) => {
    // About 50 s alone; beside the two other lanes on a busy 2-core machine it has taken over 4 minutes.
    test.setTimeout(420_000);
    await signIn(page);
    // One record of each kind, removed again afterwards so the other specs find the lists as they left them.
    const model = await created(page, '/api/models', { name: 'Accessibility voice', base_model: 'gpt-4o' });
    const section = await created(page, '/api/sections', {
      name: 'Accessibility intro',
      model,
      temperature: 0.5,
      logit_bias_group: null,
      system_message: 'S',
      user_message: 'U',
      notes: '',
    });
    // A second version, so the edit screen's Versions panel shows a diff.
    const edited = await page.request.put(`/api/sections/${section}`, {
      data: { name: 'Accessibility intro', model, temperature: 0.7, logit_bias_group: null, system_message: 'S, edited', user_message: 'U', notes: '' },
    });
    expect(edited.status()).toBe(200);
    const article = await created(page, '/api/articles', {
      article_title: 'Accessibility article',
      article_type: 'Guide',
      sections: [{ section, heading: 'Accessibility intro', systemPrompt: 'S', userPrompt: 'U', model, temperature: 0.5, logit_bias_group: null }],
    });
    const list = await created(page, '/api/logit-bias-groups', { name: 'Accessibility words', entries: [{ words: ['delve'], bias: -100 }] });
    const job = await created(page, '/api/training-jobs/submit-url', { url: 'http://127.0.0.1:9/accessibility/' });
    // One article written (so History's entry page and Home's spend have something to show), with Notion and OpenAI simulated.
    await connectSimulators(page);
    const [written] = await writeArticles(page, [{ title: 'Accessibility entry', article: 'Accessibility article' }]);
    // An evaluation of the model's examples, run to its end.
    for (const n of [1, 2, 3, 4]) {
      const messages = [
        { role: 'system', content: 'S' },
        { role: 'user', content: `Write part ${n}.` },
        { role: 'assistant', content: `Part ${n}.` },
      ];
      expect((await page.request.post(`/api/models/${model}/add-example`, { data: { example: { uuid: `a11y-${n}`, clusterId: 0, messages } } })).status()).toBe(
        201,
      );
    }
    const evaluation = await created(page, '/api/evaluations', {
      modelId: model,
      holdout: 2,
      variants: [
        { label: 'Plain', model, examples_count: 0 },
        { label: 'Guided', model, examples_count: 2 },
      ],
    });
    // The evaluation runs in the background: on a busy machine it takes longer than an assertion's default wait.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/evaluations/${evaluation}`)).json()) as { status: string }).status, { timeout: 30_000 })
      .toBe('completed');
    const found: Record<string, string[]> = {};
    try {
      const button = (name: string) => (p: Page) => p.getByRole('button', { name, exact: true });
      await audit(page, found, '/', (p) => [
        p.getByRole('region', { name: 'Notion Settings' }),
        p.getByRole('region', { name: "This month's spend" }).getByRole('img', { name: /Tokens by model/ }),
      ]);
      await audit(page, found, `/articles?id=${article}`, (p) => p.getByRole('table', { name: 'Accessibility article' }));
      await audit(page, found, '/articles/new', button('Create Article'));
      await audit(page, found, `/articles/edit/${article}`, (p) => p.getByRole('group', { name: 'Section 1' }).getByText('Accessibility intro').first());
      await audit(page, found, '/sections', (p) => p.getByRole('table', { name: 'Current Sections' }));
      await audit(page, found, '/sections/new', button('Create Section'));
      await audit(page, found, `/sections/edit/${section}`, (p) => p.getByRole('region', { name: 'Version 1 compared with the current version (2)' }));
      await audit(page, found, '/models', (p) => p.getByRole('table', { name: 'Models' }));
      await audit(page, found, '/models/new', button('Create'));
      await audit(page, found, '/clients', button('Add'));
      await audit(page, found, '/biaswords', (p) => p.getByRole('table', { name: 'Bias Words' }));
      await audit(page, found, '/biaswords/new', button('Save'));
      await audit(page, found, `/biaswords/${list}/edit`, button('Update'));
      await audit(page, found, '/training/submit', button('Submit'));
      await audit(page, found, `/training/view/${job}`, (p) => p.getByRole('table', { name: 'Training job' }));
      await audit(page, found, `/training/clusters/${job}`, (p) => p.getByRole('textbox', { name: 'Start Date' }));
      await audit(page, found, `/training/wizard/subclusters?id=0&start=2024-01-01&end=2024-06-30&job=${job}`, (p) =>
        p.getByRole('combobox', { name: 'Existing Models' }),
      );
      await audit(page, found, `/evaluations/new?model=${model}`, (p) => p.getByRole('region', { name: 'Estimate' }).getByRole('status'));
      await audit(page, found, `/evaluations/${evaluation}`, (p) => [
        p.getByRole('region', { name: 'Judge blind' }).getByRole('button', { name: 'Tie (3)' }),
        p.getByRole('img', { name: /^Win rate of each setup/ }),
      ]);
      await audit(page, found, '/evaluations', (p) => p.getByRole('table', { name: 'Evaluations' }).getByRole('link', { name: 'Accessibility voice' }));
      await audit(page, found, '/history', (p) => p.getByRole('table', { name: 'Generation History' }));
      await audit(page, found, `/history/${written._id}`, (p) => p.getByRole('region', { name: 'The article as written' }).getByRole('heading', { level: 3 }));
      await audit(page, found, `/history/${job}`, (p) => p.getByRole('region', { name: 'The training job' }));
      await audit(page, found, '/members', (p) => p.getByRole('table', { name: 'Members' }));
      await audit(page, found, '/invitations', (p) => p.getByRole('link', { name: 'Invite someone' }));
      await audit(page, found, '/audit', (p) => p.getByRole('table', { name: 'Audit log' }));
      await audit(page, found, '/tokens', (p) => p.getByRole('link', { name: 'New token' }));
      await audit(page, found, '/tokens/new', (p) => p.getByRole('button', { name: 'Create token' }));
      expect(found).toEqual({});
    } finally {
      await disconnectSimulators(page);
      for (const path of [`/api/articles/${article}`, `/api/sections/${section}`, `/api/logit-bias-groups/${list}`]) {
        expect((await page.request.delete(path)).ok(), path).toBe(true);
      }
    }
  });
});
