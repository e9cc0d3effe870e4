import { APIRequestContext, expect, Page, test } from './lane';
import { signIn, useOpenAiSimulator } from './helpers';
import { OPENAI_FAKE_URL } from './ports';

async function fake(request: APIRequestContext, path: string, data: object = {}) {
  expect((await request.post(`${OPENAI_FAKE_URL}/__fake/${path}`, { data })).ok()).toBe(true);
}

/** A model with `examples` examples, made through the API the wizard uses. */
async function modelWithExamples(page: Page, name: string, examples: number, base = 'gpt-4o'): Promise<string> {
  const created = await page.request.post('/api/models', { data: { name, base_model: base } });
  expect(created.status()).toBe(201);
  const { _id } = await created.json();
  for (let n = 1; n <= examples; n++) {
    const res = await page.request.post(`/api/models/${_id}/add-example`, {
      data: {
        example: {
          messages: [
            { role: 'system', content: 'You write conclusions.' },
            { role: 'user', content: `Conclude article ${n}.` },
            { role: 'assistant', content: `In short, ${n}.` },
          ],
          clusterId: 0,
          uuid: `${name}-${n}`,
          article_uuid: null,
        },
      },
    });
    expect(res.status()).toBe(201);
  }
  return _id;
}

const row = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Models' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const modelsTable = (page: Page) => page.getByRole('table', { name: 'Models' });
const jobsTable = (page: Page) => page.getByRole('table', { name: 'Fine Tuning Jobs' });

test.describe.configure({ mode: 'serial' });

test.describe('Manage Models', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await useOpenAiSimulator(page);
  });

  test('creates a model on /models/new and lists it with its columns', async ({ page }) => {
    await page.getByRole('menuitem', { name: 'Create New Models' }).click();
    await expect(page).toHaveURL(/\/models\/new$/);
    await expect(page.getByRole('combobox', { name: 'Base Model' })).toHaveText('gpt-4o');
    await page.getByRole('textbox', { name: 'Name' }).fill('Browser Model');
    await page.getByRole('combobox', { name: 'Base Model' }).click();
    await page.getByRole('option', { name: /^gpt-4\.1-mini OpenAI stops/ }).click();
    await expect(page.getByRole('combobox', { name: 'Base Model' })).toHaveText('gpt-4.1-mini');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/models$/);
    const created = row(page, 'Browser Model');
    await expect(created.getByRole('cell')).toHaveText(['Browser Model', 'gpt-4.1-ministops 2027-01-14', '-', '0', /\d/, '-', /Fine-tune/]);
    for (const header of ['Name', 'Base Model', 'Output Model', 'Examples', 'Date Created', 'Fine Tune Date', 'Actions']) {
      await expect(modelsTable(page).getByRole('columnheader', { name: header })).toBeVisible();
    }
    await expect(created.getByRole('button', { name: 'Fine-tune' })).toBeDisabled();
    await expect(created.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });

  test("offers spec §9's five first, then every chat model the key lists, newest first, with OpenAI's dates, the ones it cannot use disabled with the reason", async ({
    page,
  }) => {
    await useOpenAiSimulator(page, { models: ['gpt-4o', 'gpt-4.1', 'o3', 'gpt-7-nova', 'text-embedding-3-small', 'whisper-1'] });
    await page.goto('/models/new');
    await expect(page.getByRole('combobox', { name: 'Base Model' })).toHaveText('gpt-4o');
    await page.getByRole('combobox', { name: 'Base Model' }).click();
    const listbox = page.getByRole('listbox', { name: 'Base Model' });
    const options = listbox.getByRole('option');
    await expect(options).toHaveText([
      'gpt-4oOpenAI stops it on 2027-01-14.',
      'gpt-4OpenAI shut it down on 2026-10-23: your key no longer lists it (GET /v1/models).',
      'gpt-4-32kOpenAI shut it down on 2025-06-06: your key no longer lists it (GET /v1/models).',
      'gpt-3.5-turboOpenAI shut it down on 2026-10-23: your key no longer lists it (GET /v1/models).',
      'gpt-3.5-turbo-16kOpenAI shut it down on 2024-09-13: your key no longer lists it (GET /v1/models).',
      // MUI's Select gives its subheader the option role too; it cannot be chosen.
      'More models your OpenAI key offers',
      // A model no table of Quire's knows is offered as soon as the key lists it (the simulator lists it as made on its day: the newest).
      'gpt-7-nova',
      'o3OpenAI stops it on 2026-12-11.',
      'gpt-4.1OpenAI stops it on 2027-01-14.',
    ]);
    await expect(options.nth(0)).toBeEnabled();
    for (const n of [1, 2, 3, 4]) await expect(options.nth(n)).toBeDisabled();
    for (const n of [6, 7, 8]) await expect(options.nth(n)).toBeEnabled();
    await page.keyboard.press('Escape');

    // A key that cannot use gpt-4o gets the first model it can use by default.
    await useOpenAiSimulator(page, { models: ['gpt-5-mini'] });
    await page.goto('/models/new');
    await expect(page.getByRole('combobox', { name: 'Base Model' })).toHaveText('gpt-5-mini');
    await page.getByRole('combobox', { name: 'Base Model' }).click();
    await expect(listbox.getByRole('option', { name: /^gpt-4o/ })).toBeDisabled();
    await expect(listbox.getByRole('option', { name: /^gpt-4o/ })).toContainText('Your OpenAI key does not list it');
  });

  test('says why a duplicate name cannot be created', async ({ page }) => {
    await page.goto('/models/new');
    await page.getByRole('textbox', { name: 'Name' }).fill('browser model');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to create model. A model named "browser model" already exists.');
    await expect(page).toHaveURL(/\/models\/new$/);
  });

  test('fine-tunes a model through the confirmation dialog and follows the job to completion', async ({ page }) => {
    await modelWithExamples(page, 'Tunable', 10);
    await page.goto('/models');
    await row(page, 'Tunable').getByRole('button', { name: 'Fine-tune' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fine-tune model' });
    await expect(dialog).toContainText('Are you sure you want to fine-tune this model?');
    for (const [label, value] of [
      ['Name', 'Tunable'],
      ['Base Model', 'gpt-4o'],
      ['Output Model', '-'],
      ['Tokens Trained', '-'],
    ]) {
      await expect(dialog.getByRole('row', { name: label })).toContainText(value);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(jobsTable(page)).toBeHidden();

    await row(page, 'Tunable').getByRole('button', { name: 'Fine-tune' }).click();
    await dialog.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Fine-tune job started successfully.')).toBeVisible();
    await expect(row(page, 'Tunable').getByRole('button', { name: 'Fine-tune' })).toBeDisabled();
    await expect(jobsTable(page).getByRole('row', { name: /Tunable/ })).toBeVisible();
    const job = jobsTable(page).getByRole('row', { name: /Tunable/ });
    await expect(job).toContainText('completed', { timeout: 20_000 });
    await expect(job).toContainText(/ft:gpt-4o-2024-08-06:quire:tunable:/);
    await expect(job).toContainText('1,200');
    await expect(row(page, 'Tunable').getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  test('asks twice before deleting a model, and keeps it unless both are confirmed', async ({ page }) => {
    await page.goto('/models');
    const target = row(page, 'Tunable');
    const answers: boolean[] = [false];
    const asked: string[] = [];
    page.on('dialog', async (dialog) => {
      asked.push(dialog.message());
      await (answers.shift() ? dialog.accept() : dialog.dismiss());
    });
    await target.getByRole('button', { name: 'Delete' }).click();
    expect(asked).toEqual(['Are you sure you want to delete this model?']);
    await expect(target).toBeVisible();

    answers.push(true, false);
    await target.getByRole('button', { name: 'Delete' }).click();
    expect(asked.slice(1)).toEqual(['Are you sure you want to delete this model?', 'This action is permanent. Are you absolutely sure?']);
    await expect(target).toBeVisible();

    answers.push(true, true);
    await target.getByRole('button', { name: 'Delete' }).click();
    await expect(target).toBeHidden();
  });

  test('shows "Failed to start fine-tune: " with the server\'s reason', async ({ page, request }) => {
    await modelWithExamples(page, 'Refused', 10);
    await fake(request, 'config', { failNext: { method: 'POST', path: '^/v1/fine_tuning/jobs$', status: 400, message: 'Quota exceeded for fine-tuning.' } });
    await page.goto('/models');
    await row(page, 'Refused').getByRole('button', { name: 'Fine-tune' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Fine-tune' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to start fine-tune: OpenAI: could not create the fine-tune job: Quota exceeded for fine-tuning.');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Refused').getByRole('button', { name: 'Fine-tune' })).toBeEnabled();
  });

  test('says in the fine-tune dialog that OpenAI refused the base model, and answers so at once without uploading again', async ({ page, request }) => {
    await modelWithExamples(page, 'Not tunable', 10, 'gpt-5');
    const words = 'Model gpt-5 is not available for fine-tuning or does not exist.';
    const uploads = async () => {
      const recorded = await (await request.get(`${OPENAI_FAKE_URL}/__fake/requests`)).json();
      return (recorded as { method: string; path: string }[]).filter((r) => r.method === 'POST' && r.path === '/v1/files').length;
    };
    await page.goto('/models');
    const dialog = page.getByRole('dialog', { name: 'Fine-tune model' });
    await row(page, 'Not tunable').getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog).not.toContainText('OpenAI refused');
    await dialog.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(`Failed to start fine-tune: OpenAI: refused to create the fine-tune job: ${words}`);
    expect(await uploads()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Opened again, without reloading: the dialog says it before the operator confirms.
    await row(page, 'Not tunable').getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog).toContainText('Are you sure you want to fine-tune this model?');
    await expect(dialog.getByRole('row', { name: 'Base Model' })).toContainText('gpt-5');
    await expect(dialog).toContainText(`OpenAI refused to fine-tune gpt-5 with your OpenAI key on`);
    await expect(dialog).toContainText(`"${words}" Until`);
    await dialog.getByRole('button', { name: 'Fine-tune' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Failed to start fine-tune: ' })).toHaveText(
      `Failed to start fine-tune: OpenAI: refused to create the fine-tune job: ${words}`,
    );
    expect(await uploads()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row(page, 'Not tunable').getByRole('button', { name: 'Fine-tune' })).toBeEnabled();
  });

  test('says "Failed to delete model." and why when OpenAI refuses to delete the tuned model', async ({ page, request }) => {
    const id = await modelWithExamples(page, 'Undeletable', 10);
    expect((await page.request.post('/api/fine-tune-jobs/start', { data: { modelId: id, suffix: 'undeletable' } })).status()).toBe(201);
    await page.goto('/models');
    await expect(row(page, 'Undeletable').getByRole('button', { name: 'Delete' })).toBeEnabled({ timeout: 40_000 });
    await fake(request, 'config', { ownerRole: false });
    page.on('dialog', (dialog) => dialog.accept());
    await row(page, 'Undeletable').getByRole('button', { name: 'Delete' }).click();
    const alert = page.getByText(
      /^Failed to delete model\. OpenAI: refused to delete the fine-tuned model ft:gpt-4o-2024-08-06:quire:undeletable:\w+: the API key saved on Home lacks the Owner role/,
    );
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(row(page, 'Undeletable')).toBeVisible();
  });

  test('only logs a failure to load the models, with no message on the screen (spec §8)', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    await page.route(/\/api\/models(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'down' } }),
    );
    await page.goto('/models');
    await expect(page.getByRole('heading', { name: 'Models', exact: true })).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes('Failed to load models'))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Fine Tuning Jobs' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('No models found.')).toHaveCount(0);
    await expect(page.getByText('Could not load this list. Reload the page to try again.')).toHaveCount(0);
  });

  test("only logs a failure to load the section form's models, with nothing under the picker (spec §8)", async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    await page.route(/\/api\/models(\?|$)/, (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'down' } }),
    );
    await page.goto('/sections/new');
    await expect(page.getByRole('combobox', { name: 'Model' })).toBeVisible();
    await expect.poll(() => logged.some((text) => text.includes('Failed to load models'))).toBe(true);
    await expect(page.getByText('down', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
