import { APIRequestContext, expect, Page, test } from './lane';
import { randomBytes } from 'node:crypto';
import { shot, signIn, useOpenAiSimulator } from './helpers';

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

const TOPICS = ['tents', 'boots', 'stoves', 'jackets', 'headlamps', 'backpacks', 'gloves', 'maps', 'ropes', 'filters', 'poles', 'helmets'];

/** A model holding `count` examples in one house style (made through the API). */
async function exampleSet(page: Page, name: string, count: number) {
  const model = await post(page.request, '/api/models', { name, base_model: 'gpt-4o-mini' });
  for (let i = 0; i < count; i++) {
    const topic = `${TOPICS[i % TOPICS.length]} ${Math.floor(i / TOPICS.length) + 1}`;
    await post(page.request, `/api/models/${model._id}/add-example`, {
      example: {
        uuid: `ex-${i}`,
        article_uuid: `art-${i}`,
        clusterId: 0,
        messages: [
          { role: 'system', content: 'You write buying guides.' },
          { role: 'user', content: `Introduce the guide to ${topic}.` },
          { role: 'assistant', content: `Good ${topic} make a day outside easier; here is how to choose them.` },
        ],
      },
    });
  }
  return model as { _id: string; name: string };
}

const judging = (page: Page) => page.getByRole('region', { name: 'Judge blind' });

type EvaluationAnswer = { _id: string; status: string; verdict: { text: string }; created_at: string };

/** An evaluation of the set (no examples against two of them, sent to `guidedBy`), run to its end through the API. */
async function evaluated(page: Page, modelId: string, guidedBy = modelId): Promise<EvaluationAnswer> {
  const made = await post(page.request, '/api/evaluations', {
    modelId,
    holdout: 2,
    variants: [
      { label: 'Plain', model: modelId, examples_count: 0 },
      { label: 'Guided', model: guidedBy, examples_count: 2 },
    ],
  });
  let evaluation = made as EvaluationAnswer;
  await expect
    .poll(async () => (evaluation = (await (await page.request.get(`/api/evaluations/${made._id}`)).json()) as EvaluationAnswer).status, { timeout: 30_000 })
    .toBe('completed');
  return evaluation;
}

test.describe('Example-guided sections and evaluations', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await useOpenAiSimulator(page);
  });

  test('the section form names an example set and how many of it are sent', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const set = await exampleSet(page, `Voice ${tag}`, 4);
    await page.goto('/sections/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(`Guided ${tag}`);
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: new RegExp(`^Voice ${tag}`) }).click();
    await expect(page.getByRole('spinbutton', { name: 'Examples sent' })).toBeHidden();
    await page.getByRole('combobox', { name: 'Examples from' }).click();
    await page.getByRole('option', { name: `Voice ${tag} (4 examples)` }).click();
    const count = page.getByRole('spinbutton', { name: 'Examples sent' });
    await expect(count).toHaveValue('3');
    await count.fill('6');
    await expect(page.getByText('The set holds 4 examples: it sends what it has.')).toBeVisible();
    await count.fill('11');
    await page.getByRole('textbox', { name: 'System Message' }).fill('You introduce guides.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Introduce {{title}}.');
    await page.getByRole('button', { name: 'Create Section' }).click();
    await expect(page.getByText('Must be 10 or less')).toBeVisible();
    await count.fill('2');
    await page.getByRole('button', { name: 'Create Section' }).click();
    await expect(page).toHaveURL(/\/sections$/);
    const sections = (await (await page.request.get('/api/sections')).json()) as { name: string; examples_model: string; examples_count: number }[];
    expect(sections.find((s) => s.name === `Guided ${tag}`)).toMatchObject({ examples_model: set._id, examples_count: 2 });
  });

  test('evaluates from the model’s row: the estimate, the run, blind pairs judged with the keys, and the summary with its verdict', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const set = await exampleSet(page, `House ${tag}`, 24);
    await page.goto('/models');
    await page
      .getByRole('row', { name: new RegExp(`House ${tag}`) })
      .getByRole('link', { name: 'Evaluate' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/evaluations/new\\?model=${set._id}$`));
    await page.getByRole('spinbutton', { name: 'Examples held out' }).fill('20');
    const estimate = page.getByRole('region', { name: 'Estimate' });
    await expect(estimate).toContainText('20 examples: 40 chat requests');
    await expect(estimate).toContainText('With examples on gpt-4o-mini');
    await shot(page, 'evaluations-create');
    await page.getByRole('button', { name: 'Start evaluation' }).click();
    await expect(page).toHaveURL(/\/evaluations\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });

    // Blind: the setups' labels are nowhere in the judging panel; A and B are the item's pair in order.
    await expect(judging(page)).toContainText('Example 1 of 20');
    await expect(judging(page)).not.toContainText('No examples');
    await expect(judging(page)).not.toContainText('With examples');
    await shot(page, 'evaluations-judge');
    const keys = ['2', '1', '3'];
    for (let n = 0; n < 20; n++) {
      // A key pressed while the last judgment is being saved is not taken: wait for the buttons.
      await expect(judging(page).getByRole('button', { name: 'Tie (3)' })).toBeEnabled();
      await page.keyboard.press(n < 18 ? (n % 2 === 0 ? '2' : '1') : keys[n - 18]);
      await expect.poll(async () => ((await (await page.request.get(`/api/evaluations/${id}`)).json()) as { judgments: number }).judgments).toBe(n + 1);
    }
    const evaluation = (await (await page.request.get(`/api/evaluations/${id}`)).json()) as {
      items: { position: number; pair: [string, string]; winner: string }[];
    };
    // Each key sent the label behind its side: 1 → A (the pair's first), 2 → B, 3 → a tie.
    const expected = (n: number) => {
      const key = n < 18 ? (n % 2 === 0 ? '2' : '1') : keys[n - 18];
      return key === '3' ? 'tie' : evaluation.items[n].pair[key === '1' ? 0 : 1];
    };
    expect(evaluation.items.map((item) => item.winner)).toEqual(evaluation.items.map((item) => expected(item.position)));

    const summary = page.getByRole('table', { name: 'Summary' });
    await expect(summary.getByRole('row')).toHaveCount(3);
    await expect(summary.getByRole('row', { name: /^No examples/ })).toContainText(/\d+ % \(\d+ %–\d+ %\)/);
    await expect(page.getByRole('img', { name: /^Win rate of each setup with its 95 % interval: No examples: \d+ %/ })).toBeVisible();
    await expect(
      page
        .getByRole('alert')
        .or(page.getByRole('status'))
        .filter({ hasText: /writes better|within the noise/ }),
    ).toBeVisible();
    await shot(page, 'evaluations-summary');

    // The model's earlier evaluations link here.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('link', { name: /No examples · With examples/ })).toBeVisible();
  });

  test('/evaluations lists every model’s evaluations newest first, each opening its page; Current Models links to it', async ({ page }) => {
    const tag = randomBytes(3).toString('hex');
    const first = await exampleSet(page, `First ${tag}`, 4);
    const second = await exampleSet(page, `Second ${tag}`, 4);
    const older = await evaluated(page, first._id);
    const newer = await evaluated(page, second._id, first._id);

    await page.goto('/models');
    const link = page.getByRole('region', { name: 'Fine Tuning Jobs' }).getByRole('link', { name: 'All evaluations' });
    await expect(link).toBeVisible();
    await shot(page, 'models-evaluations-link');
    await link.click();
    await expect(page).toHaveURL(/\/evaluations$/);
    const table = page.getByRole('table', { name: 'Evaluations' });
    await expect(table.getByRole('columnheader')).toHaveText(['Model', 'Setups', 'Status', 'Verdict', 'Date']);
    // Newest first: this test's two evaluations are the list's first rows.
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows.nth(0).getByRole('cell').first()).toHaveText(second.name);
    await expect(rows.nth(1).getByRole('cell').first()).toHaveText(first.name);
    // A setup on another model than the evaluated one names it.
    for (const [row, evaluation, guided] of [
      [rows.nth(0), newer, `Guided: ${first.name}, 2 examples shown`],
      [rows.nth(1), older, 'Guided: 2 examples shown'],
    ] as const) {
      const cells = row.getByRole('cell');
      await expect(cells.nth(1).getByRole('listitem')).toHaveText(['Plain: 0 examples shown', guided]);
      await expect(cells.nth(2)).toHaveText('Completed');
      await expect(cells.nth(3)).toHaveText(evaluation.verdict.text);
      await expect(cells.nth(4)).not.toHaveText('-');
    }
    await shot(page, 'evaluations-list');

    // The list answers no items: the page shows what the list knew at once, and judging waits for its own read.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(`**/api/evaluations/${older._id}`, async (route) => {
      await held;
      await route.continue();
    });
    await rows.nth(1).getByRole('link', { name: first.name }).click();
    await expect(page).toHaveURL(new RegExp(`/evaluations/${older._id}$`));
    await expect(page.getByRole('heading', { name: `Evaluation of ${first.name}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: older.verdict.text })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await expect(judging(page)).toBeHidden();
    answer();
    await expect(judging(page)).toContainText('Example 1 of 2');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeHidden();
    await judging(page).getByRole('button', { name: 'Tie (3)' }).click();
    await expect.poll(async () => ((await (await page.request.get(`/api/evaluations/${older._id}`)).json()) as { judgments: number }).judgments).toBe(1);
  });
});
