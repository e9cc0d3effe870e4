import { expect, Locator, Page, test } from './lane';
import { answerDialogs, shot, signIn, useOpenAiSimulator } from './helpers';
import { APP_URL, SITE_URL } from './ports';

/** The fixture website's articles were published between January and June 2024. */
const START = '2024-01-01';
const END = '2024-06-30';
/** A crawl of the fixture site takes a few seconds; a cold server more. */
const CRAWL_MS = 45_000;

/** The value cell next to a row header of a label/value table. */
const detail = (table: Locator, label: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');

const jobStatus = async (page: Page, id: string) => {
  const res = await page.request.get(`/api/training-jobs/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).status as string;
};

/** Submits the fixture site through the API, as the Submit page does, and waits until it is collected. */
async function collectedJob(page: Page): Promise<string> {
  const res = await page.request.post('/api/training-jobs/submit-url', { data: { url: `${SITE_URL}/` } });
  expect(res.status()).toBe(201);
  const { _id } = await res.json();
  await expect.poll(() => jobStatus(page, _id), { timeout: CRAWL_MS }).toBe('completed');
  return _id;
}

const startPicker = (page: Page) => page.getByRole('textbox', { name: 'Start Date' });
const endPicker = (page: Page) => page.getByRole('textbox', { name: 'End Date' });
const clusterCards = (page: Page) => page.getByRole('region', { name: 'Cluster Selection' }).getByRole('article');

/**
 * Types a date into a picker's field the way a person does, replacing what it held. On a busy
 * machine MUI's field can take the keys before it has selected all its sections (leaving
 * "YYYY-MM-01"): then it is typed again, as a person would.
 */
async function typeDate(field: Locator, date: string) {
  await expect(async () => {
    await field.click();
    await field.press('ControlOrMeta+a');
    await field.press('Backspace');
    await field.pressSequentially(date.replace(/-/g, ''));
    await expect(field).toHaveValue(date, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function examplesOf(page: Page, modelId: string): Promise<{ uuid: string; messages: { role: string; content: string }[] }[]> {
  const res = await page.request.get(`/api/models/${modelId}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).examples;
}

test.describe.configure({ mode: 'serial' });

test.describe('Training data from a website', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("shows the server's reason for refusing a URL on the input, after the spec's message", async ({ page }) => {
    await page.goto('/training/submit');
    // What it costs is said before it starts: the dashboard's collection groups sections by their text.
    await expect(page.getByText('Collecting costs nothing at a model vendor: this server reads the site and groups its sections by their text.')).toBeVisible();
    const url = page.getByRole('textbox', { name: 'Website URL' });
    await url.fill('not a url');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to submit URL for processing.' })).toBeVisible();
    await expect(url).toHaveAccessibleDescription('url must be a full web address such as https://example.com/blog/');
    await expect(url).toHaveValue('not a url');
    await expect(page.getByText('The form is not valid. Please check for errors')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View job' })).toBeHidden();
  });

  test('submits a website from /models and follows the collection job to completion', async ({ page }) => {
    test.setTimeout(CRAWL_MS + 30_000);
    const asked = answerDialogs(page, []);
    await page.goto('/models');
    const trainingTable = page.getByRole('table', { name: 'Training Data Collection Jobs' });
    await page.getByRole('link', { name: 'Submit training URL' }).click();
    await expect(page).toHaveURL(/\/training\/submit$/);

    const url = page.getByRole('textbox', { name: 'Website URL' });
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => asked).toEqual(['Please enter a valid URL.']);
    await expect(page.getByRole('link', { name: 'View job' })).toBeHidden();

    await url.fill(`${SITE_URL}/`);
    await shot(page, 'submit');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Job submitted!' })).toBeVisible();
    await expect(url).toHaveValue('');
    await shot(page, 'submitted');
    await page.getByRole('link', { name: 'View job' }).click();
    await expect(page).toHaveURL(/\/training\/view\/[^/]+$/);
    const id = page.url().split('/').pop()!;

    const job = page.getByRole('table', { name: 'Training job' });
    await expect(detail(job, 'URL')).toHaveText(`${SITE_URL}/`);
    await expect(detail(job, 'Status')).toHaveText('completed', { timeout: CRAWL_MS });
    await expect(detail(job, 'Started')).toHaveText(/\d/);
    await expect(detail(job, 'Completed')).toHaveText(/\d/);
    // What the pages gave: the fixture blog's 16 articles, its about page as an intro, and the skipped pages with their reasons.
    await expect(detail(job, 'Message')).toHaveText(
      '16 pages gave sections, 1 intro only, 4 nothing (1 × disallowed by robots.txt; 1 × listing page; 1 × no article content).',
    );
    const collected = page.getByRole('table', { name: 'Collected data' });
    await expect(detail(collected, 'UUID')).toHaveText(id);
    await expect(detail(collected, 'Source URL')).toHaveText(`${SITE_URL}/`);
    await expect(detail(collected, 'Collected')).toHaveText(/\d/);
    const summary = page.getByRole('table', { name: 'Cluster summary' });
    await expect(detail(summary, 'Section clusters')).toHaveText(/^[1-9]\d*$/);
    await expect(detail(summary, 'H1 and intro clusters')).toHaveText(/^[1-9]\d*$/);
    await expect(page.getByRole('img', { name: /^Cluster sizes: [1-9]/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Training Wizard' })).toBeEnabled();
    await shot(page, 'overview');

    await page.goto('/models');
    // Newest first: the job just submitted is the first one of the fixture site.
    const row = trainingTable
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: `${SITE_URL}/`, exact: true }) })
      .first();
    await expect(row.getByRole('cell').first()).toHaveText('completed');
    await row.getByRole('button', { name: 'View Data Collection' }).click();
    await expect(page).toHaveURL(new RegExp(`/training/view/${id}$`));
    await expect(detail(page.getByRole('table', { name: 'Training job' }), 'Status')).toHaveText('completed');
  });

  test.describe('with a collected job', () => {
    let jobId: string;

    test.beforeAll(async ({ browser }, testInfo) => {
      testInfo.setTimeout(CRAWL_MS + 30_000);
      const page = await browser.newPage({ baseURL: APP_URL });
      await signIn(page);
      jobId = await collectedJob(page);
      await page.close();
    });

    test('shows nothing before both dates are set, then the clusters published in the range', async ({ page }) => {
      const snapshotCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/training-snapshots')) snapshotCalls.push(request.url());
      });
      await page.goto(`/training/view/${jobId}`);
      await page.getByRole('button', { name: 'Start Training Wizard' }).click();
      await expect(page).toHaveURL(new RegExp(`/training/clusters/${jobId}$`));
      await expect(page.getByRole('heading', { name: 'Cluster Selection' })).toBeVisible();
      await expect(page.getByText('Select a date range to explore collected clusters.')).toBeVisible();
      await expect(startPicker(page)).toHaveAttribute('placeholder', 'Select start date');
      await expect(endPicker(page)).toHaveAttribute('placeholder', 'Select end date');
      await expect(startPicker(page)).toHaveValue('');

      await typeDate(startPicker(page), START);
      await expect(page).toHaveURL((url) => url.searchParams.get('start') === START && !url.searchParams.has('end'));
      await expect(page.getByText('No clusters found in this date range.')).toBeHidden();

      await typeDate(endPicker(page), END);
      await expect(page).toHaveURL((url) => url.searchParams.get('start') === START && url.searchParams.get('end') === END);
      await expect(clusterCards(page).first()).toBeVisible();
      // Nothing was asked before both dates were set: every call, whenever it arrived, carries both.
      expect(snapshotCalls.length).toBeGreaterThan(0);
      for (const call of snapshotCalls) expect(new URL(call).searchParams.has('end') && new URL(call).searchParams.has('start')).toBe(true);
      const cards = await clusterCards(page).all();
      expect(cards.length).toBeGreaterThan(1);
      for (const card of cards) {
        await expect(card.getByText(/^Total Items: [1-9]\d*$/)).toBeVisible();
        await expect(card.getByText('Example Section:')).toBeVisible();
        await expect(card.getByRole('heading', { level: 3 })).not.toBeEmpty();
        await expect(card.getByRole('button', { name: 'Anchor Section' })).toBeVisible();
        await expect(card.getByRole('button', { name: 'Build Model' })).toBeVisible();
      }
      await shot(page, 'clusters');
    });

    test('"Anchor Section" only says it is a stub', async ({ page }) => {
      const asked = answerDialogs(page, []);
      await page.goto(`/training/clusters/${jobId}?start=${START}&end=${END}`);
      await clusterCards(page).first().getByRole('button', { name: 'Anchor Section' }).click();
      await expect.poll(() => asked).toEqual(['Anchor Section stub']);
      await expect(page).toHaveURL(new RegExp(`/training/clusters/${jobId}\\?`));
    });

    test('prefills the pickers from the link, and says when a range holds no clusters', async ({ page }) => {
      await page.goto(`/training/clusters/${jobId}?start=${START}&end=${END}`);
      await expect(startPicker(page)).toHaveValue(START);
      await expect(endPicker(page)).toHaveValue(END);
      await expect(clusterCards(page).first()).toBeVisible();

      await typeDate(startPicker(page), '2030-01-01');
      // The end date is now before the start: nothing is asked for until it is mended.
      await expect(endPicker(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(clusterCards(page)).toHaveCount(0);
      await expect(page.getByText('No clusters found in this date range.')).toBeHidden();
      await typeDate(endPicker(page), '2030-01-31');
      await expect(page).toHaveURL((url) => url.searchParams.get('start') === '2030-01-01' && url.searchParams.get('end') === '2030-01-31');
      await expect(page.getByText('No clusters found in this date range.')).toBeVisible();
      await expect(clusterCards(page)).toHaveCount(0);
    });

    test('builds model examples from a cluster in the wizard', async ({ page }) => {
      await useOpenAiSimulator(page);
      const answers: boolean[] = [];
      const asked = answerDialogs(page, answers);
      await page.goto(`/training/clusters/${jobId}?start=${START}&end=${END}`);
      await expect(clusterCards(page).first()).toBeVisible();
      let card: Locator | undefined;
      let total = 0;
      for (const candidate of await clusterCards(page).all()) {
        total = Number((await candidate.getByText(/^Total Items: \d+$/).textContent())!.replace(/\D/g, ''));
        if (total > 1) {
          card = candidate;
          break;
        }
      }
      if (!card) throw new Error('No cluster has more than one item in the range');
      const exampleHeading = (await card.getByRole('heading', { level: 3 }).textContent())!;
      await card.getByRole('button', { name: 'Build Model' }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === '/training/wizard/subclusters' && url.searchParams.get('start') === START && url.searchParams.get('end') === END,
      );
      expect(query(page)).toMatchObject({ id: expect.stringMatching(/^\d+$/), job: jobId });

      await expect(page.getByRole('heading', { name: 'Section Data Selection' })).toBeVisible();
      const position = page.getByText(/^Showing section entry \d+ of \d+$/);
      const prev = page.getByRole('button', { name: '< Prev' });
      const next = page.getByRole('button', { name: 'Next >' });
      const text = page.getByRole('textbox', { name: 'Section text' });
      await expect(position).toHaveText(`Showing section entry 1 of ${total}`);
      await expect(prev).toBeDisabled();
      await expect(next).toBeEnabled();
      await expect(text).not.toHaveValue('');
      const first = await text.inputValue();
      // Entry 1 is the card's example section (the card capitalises each word of its heading).
      expect(first.split('\n')[0].toLowerCase()).toBe(exampleHeading.toLowerCase());

      await text.fill('Edited, then left.');
      await next.click();
      await expect(position).toHaveText(`Showing section entry 2 of ${total}`);
      await expect(prev).toBeEnabled();
      await expect(text).not.toHaveValue(first);
      await expect(text).not.toHaveValue('Edited, then left.');
      await prev.click();
      await expect(position).toHaveText(`Showing section entry 1 of ${total}`);
      await expect(text).toHaveValue(first);
      await shot(page, 'wizard');

      const add = page.getByRole('button', { name: 'Add', exact: true });
      const models = page.getByRole('combobox', { name: 'Existing Models' });
      await expect(models).toHaveText('-- Select a model --');
      await add.click();
      await expect.poll(() => asked).toEqual(['Please select a model and entry.']);

      const name = `Wizard model ${Date.now()}`;
      const newModel = page.getByRole('dialog', { name: 'New Model' });
      await page.getByRole('button', { name: 'New Model' }).click();
      await newModel.getByRole('textbox', { name: 'Name' }).fill('Not this one');
      await newModel.getByRole('button', { name: 'Cancel' }).click();
      await expect(newModel).toBeHidden();
      await expect(models).toHaveText('-- Select a model --');

      await page.getByRole('button', { name: 'New Model' }).click();
      await expect(newModel.getByRole('textbox', { name: 'Name' })).toHaveAttribute('placeholder', 'Enter model name');
      await newModel.getByRole('textbox', { name: 'Name' }).fill(name);
      await shot(page, 'new-model');
      await newModel.getByRole('combobox', { name: 'Base Model' }).click();
      await expect(page.getByRole('option', { name: /^gpt-4-32k/ })).toBeDisabled();
      await page.getByRole('option', { name: /^gpt-4\.1-mini OpenAI stops/ }).click();
      await newModel.getByRole('button', { name: 'Add' }).click();
      await expect(newModel).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: `Model "${name}" created successfully.` })).toBeVisible();
      await expect(models).toHaveText(name);
      const created = ((await (await page.request.get('/api/models')).json()) as { _id: string; name: string; base_model: string }[]).find(
        (m) => m.name === name,
      );
      expect(created).toMatchObject({ base_model: 'gpt-4.1-mini' });
      const modelId = created!._id;

      await add.click();
      await expect.poll(() => asked.slice(1)).toEqual(['System and User messages are required to add this section.']);

      await page.getByRole('textbox', { name: 'System Message' }).fill('You write the sections of a hobby blog.');
      await page.getByRole('textbox', { name: 'User Message' }).fill('Write this section.');
      await add.click();
      const added = page.getByRole('status').filter({ hasText: 'Example added to model.' });
      await expect(added).toBeVisible();
      const [example] = await examplesOf(page, modelId);
      expect(example.messages).toEqual([
        { role: 'system', content: 'You write the sections of a hobby blog.' },
        { role: 'user', content: 'Write this section.' },
        { role: 'assistant', content: first },
      ]);
      await expect(added).toBeHidden();

      answers.push(false);
      await add.click();
      await expect.poll(() => asked.slice(2)).toEqual(['Section has already been added to this model. Are you sure?']);
      await expect(added).toBeHidden();
      expect(await examplesOf(page, modelId)).toHaveLength(1);

      answers.push(true);
      await add.click();
      await expect(added).toBeVisible();
      expect(asked.slice(3)).toEqual(['Section has already been added to this model. Are you sure?']);
      expect(await examplesOf(page, modelId)).toHaveLength(1);

      answers.push(false);
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect.poll(() => asked.slice(4)).toEqual(['Are you sure you want to remove this example from the model?']);
      expect(await examplesOf(page, modelId)).toHaveLength(1);
      answers.push(true);
      await page.getByRole('button', { name: 'Remove', exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Example removed from model.' })).toBeVisible();
      expect(asked.slice(5)).toEqual(['Are you sure you want to remove this example from the model?']);
      expect(await examplesOf(page, modelId)).toHaveLength(0);

      for (let n = 2; n <= total; n++) await next.click();
      await expect(position).toHaveText(`Showing section entry ${total} of ${total}`);
      await expect(next).toBeDisabled();
      await expect(prev).toBeEnabled();

      await page.getByRole('link', { name: '⬅ Back to Sections' }).click();
      await expect(page).toHaveURL(
        (url) => url.pathname === `/training/clusters/${jobId}` && url.searchParams.get('start') === START && url.searchParams.get('end') === END,
      );
      await expect(startPicker(page)).toHaveValue(START);
      await expect(endPicker(page)).toHaveValue(END);
      await expect(clusterCards(page).first()).toBeVisible();
    });
  });
});
