import { APIRequestContext, expect, Locator, Page, test } from './lane';
import { randomBytes } from 'node:crypto';
import { ANTHROPIC_TEST_KEY } from '../fakes/anthropic-fake';
import { GoogleAccount } from '../fakes/google-fake';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';
import {
  answerDialogs,
  connectSimulators,
  disconnectSimulators,
  post,
  sectionOnModel,
  signIn,
  startArticles,
  useOpenAiSimulator,
  workspaceSwitcher,
  writeArticles,
} from './helpers';
import { OwnQuire } from './own-quire';
import { OPENAI_FAKE_URL, SITE_URL } from './ports';

/**
 * Spec §4: "A repeated submit is blocked while a request is in flight." Every form and button
 * that creates, changes or deletes is double-clicked (and forms sent with Enter twice) while the
 * first request is held in flight, and the requests that left the browser are counted, then
 * counted again after a quiet second: exactly one per intent.
 */

/** How long each counted request is held before it goes on to the server: the second click lands meanwhile. */
const HOLD_MS = 700;

interface Counter {
  /** The counted requests' URLs, in the order they were sent. */
  sent: string[];
  /** Waits for `count` requests, then a quiet second, and checks that no other came. */
  exactly(count: number): Promise<void>;
}

/** Counts (and holds for HOLD_MS) every `method` request whose path matches `path`. */
async function counting(page: Page, method: string, path: RegExp): Promise<Counter> {
  const sent: string[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      sent.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.fallback();
    },
  );
  return {
    sent,
    async exactly(count: number) {
      await expect.poll(() => sent.length).toBeGreaterThanOrEqual(count);
      await page.waitForTimeout(HOLD_MS + 300);
      expect(sent, `${method} ${path}`).toHaveLength(count);
    },
  };
}

const list = async (request: APIRequestContext, resource: string): Promise<any[]> => (await request.get(`/api/${resource}`)).json();
const tag = () => randomBytes(3).toString('hex');

/** Fills a react-admin select (MUI) by its label. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('One request per submit, whatever the clicks', () => {
  let asked: string[];
  test.beforeEach(async ({ page }) => {
    asked = answerDialogs(page, Array(10).fill(true));
    await signIn(page);
  });

  test('sections: Create Section, Enter twice, Update, Copy, Delete, and the bulk model change', async ({ page }) => {
    const name = `Double ${tag()}`;
    const { model } = await sectionOnModel(page, `Seed ${name}`);
    const other = await post(page.request, '/api/models', { name: `Other ${name}`, base_model: 'gpt-4o-mini' });

    const creates = await counting(page, 'POST', /^\/api\/sections$/);
    await page.goto('/sections/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await choose(page, page, 'Model', new RegExp(`^Voice Seed ${name}`));
    await page.getByRole('textbox', { name: 'System Message' }).fill('You write.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Write it.');
    await page.getByRole('button', { name: 'Create Section' }).dblclick();
    await expect(page.getByText('Section created!')).toBeVisible();
    await creates.exactly(1);

    // Enter twice in a field sends the form once.
    await page.goto('/sections/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(`${name} by keyboard`);
    await choose(page, page, 'Model', new RegExp(`^Voice Seed ${name}`));
    await page.getByRole('textbox', { name: 'System Message' }).fill('You write.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Write it.');
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.getByRole('textbox', { name: 'Name' }).press('Enter');
    await expect(page.getByText('Section created!')).toBeVisible();
    await creates.exactly(2);
    const mine = (await list(page.request, 'sections')).filter((s) => s.name.startsWith(name));
    expect(mine.map((s) => s.name).sort()).toEqual([name, `${name} by keyboard`]);

    const created = mine.find((s) => s.name === name);
    const updates = await counting(page, 'PUT', /^\/api\/sections\/[^/]+$/);
    await page.goto(`/sections/edit/${created._id}`);
    await page.getByRole('textbox', { name: 'Notes' }).fill('Edited once.');
    await page.getByRole('button', { name: 'Update', exact: true }).dblclick();
    await expect(page.getByText('Section updated!')).toBeVisible();
    await updates.exactly(1);
    const versions = await (await page.request.get(`/api/sections/${created._id}/versions`)).json();
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const copies = await counting(page, 'POST', /^\/api\/sections\/[^/]+\/copy$/);
    const deletes = await counting(page, 'DELETE', /^\/api\/sections\/[^/]+$/);
    const actions = (section: string) => page.getByRole('group', { name: `Actions: ${section}`, exact: true });
    await page.goto('/sections');
    await actions(name).getByRole('button', { name: 'Copy' }).dblclick();
    await expect(page.getByText('Section copied!')).toBeVisible();
    await copies.exactly(1);
    expect(asked.filter((q) => q === 'Duplicate this section?')).toHaveLength(1);
    await actions(`${name} (1)`).getByRole('button', { name: 'Delete' }).dblclick();
    await expect(page.getByText('Section deleted!')).toBeVisible();
    await deletes.exactly(1);

    // Select two sections and give them another model: one PUT each, with only the model.
    await updates.exactly(1);
    await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Select ${name} by keyboard` }).check();
    const toolbar = page.getByRole('toolbar', { name: '2 sections selected' });
    await choose(page, toolbar, 'New model', new RegExp(`^Other ${name}`));
    await toolbar.getByRole('button', { name: 'Change model' }).dblclick();
    await expect(page.getByText('Model changed on 2 sections.')).toBeVisible();
    await updates.exactly(3);
    const after = (await list(page.request, 'sections')).filter((s) => s.name.startsWith(name));
    expect(after.map((s) => s.model)).toEqual([other._id, other._id]);
    expect(after.find((s) => s.name === name).notes).toBe('Edited once.');
    await expect(page.getByRole('toolbar', { name: /selected/ })).toHaveCount(0);
    expect(model._id).not.toBe(other._id);
  });

  test('articles: Create Article, Update Article, Delete', async ({ page }) => {
    const title = `Guide ${tag()}`;
    const { section } = await sectionOnModel(page, `Intro for ${title}`);
    const creates = await counting(page, 'POST', /^\/api\/articles$/);
    await page.goto('/articles/new');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Type' }).fill('Guide');
    await choose(page, page, 'Section 1', section.name);
    await page.getByRole('button', { name: 'Create Article' }).dblclick();
    await expect(page.getByText('Article created!')).toBeVisible();
    await creates.exactly(1);
    const article = (await list(page.request, 'articles')).filter((a) => a.article_title === title);
    expect(article).toHaveLength(1);

    const updates = await counting(page, 'PUT', /^\/api\/articles\/[^/]+$/);
    await page.goto(`/articles/edit/${article[0]._id}`);
    await page.getByRole('textbox', { name: 'Notes' }).fill('Once.');
    await page.getByRole('button', { name: 'Update Article' }).dblclick();
    await expect(page.getByText('Article updated!')).toBeVisible();
    await updates.exactly(1);

    const deletes = await counting(page, 'DELETE', /^\/api\/articles\/[^/]+$/);
    await page.goto(`/articles?id=${article[0]._id}`);
    await page.getByRole('button', { name: 'Delete' }).dblclick();
    await expect(page.getByText('Article deleted.')).toBeVisible();
    await deletes.exactly(1);
  });

  test('bias word lists: Save, Update, Delete', async ({ page }) => {
    const name = `Banned ${tag()}`;
    const creates = await counting(page, 'POST', /^\/api\/logit-bias-groups$/);
    await page.goto('/biaswords/new');
    await page.getByRole('textbox', { name: 'List name' }).fill(name);
    await page.getByRole('textbox', { name: 'Words (comma-separated)' }).fill('delve, tapestry');
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await expect(page.getByText('List created!')).toBeVisible();
    await creates.exactly(1);
    const lists = (await list(page.request, 'logit-bias-groups')).filter((l) => l.name === name);
    expect(lists).toHaveLength(1);

    const updates = await counting(page, 'PUT', /^\/api\/logit-bias-groups\/[^/]+$/);
    await page.goto(`/biaswords/${lists[0]._id}/edit`);
    await page.getByRole('textbox', { name: 'List name' }).fill(`${name}, edited`);
    await page.getByRole('button', { name: 'Update' }).dblclick();
    await expect(page.getByText('List updated!')).toBeVisible();
    await updates.exactly(1);

    const deletes = await counting(page, 'DELETE', /^\/api\/logit-bias-groups\/[^/]+$/);
    await page
      .getByRole('group', { name: `Actions: ${name}, edited`, exact: true })
      .getByRole('button', { name: 'Delete' })
      .dblclick();
    await expect(page.getByRole('group', { name: `Actions: ${name}, edited`, exact: true })).toHaveCount(0);
    await deletes.exactly(1);
  });

  test('clients: Add by click and by Enter twice, Delete', async ({ page }) => {
    const name = `Client ${tag()}`;
    const creates = await counting(page, 'POST', /^\/api\/clients$/);
    await page.goto('/clients');
    const field = page.getByRole('textbox', { name: 'Client or website name' });
    await field.fill(name);
    await page.getByRole('button', { name: 'Add' }).dblclick();
    await expect(page.getByText('Client saved!')).toBeVisible();
    await creates.exactly(1);
    await expect(field).toHaveValue('');
    await field.fill(`${name} keyed`);
    await field.press('Enter');
    await field.press('Enter');
    await expect(page.getByRole('group', { name: `Actions: ${name} keyed`, exact: true })).toBeVisible();
    await creates.exactly(2);
    // No "Failed to save client." from a second request that met the name taken by the first.
    await expect(page.getByText('Failed to save client.')).toHaveCount(0);

    const deletes = await counting(page, 'DELETE', /^\/api\/clients\/[^/]+$/);
    await page
      .getByRole('group', { name: `Actions: ${name}`, exact: true })
      .getByRole('button', { name: 'Delete' })
      .dblclick();
    await expect(page.getByText('Client deleted.')).toBeVisible();
    await deletes.exactly(1);
  });

  test('models: Create, Fine-tune, Delete', async ({ page }) => {
    await useOpenAiSimulator(page);
    const name = `Model ${tag()}`;
    const creates = await counting(page, 'POST', /^\/api\/models$/);
    await page.goto('/models/new');
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('button', { name: 'Create' }).dblclick();
    await expect(page).toHaveURL(/\/models$/);
    await creates.exactly(1);
    const model = (await list(page.request, 'models')).find((m) => m.name === name);
    for (let n = 1; n <= 10; n++) {
      await post(page.request, `/api/models/${model._id}/add-example`, {
        example: {
          messages: [
            { role: 'system', content: 'You conclude.' },
            { role: 'user', content: `Conclude ${n}.` },
            { role: 'assistant', content: `In short, ${n}.` },
          ],
          clusterId: 0,
          uuid: `${name}-${n}`,
          article_uuid: null,
        },
      });
    }

    const starts = await counting(page, 'POST', /^\/api\/fine-tune-jobs\/start$/);
    await page.reload();
    const row = page
      .getByRole('table', { name: 'Models' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name, exact: true }) });
    await row.getByRole('button', { name: 'Fine-tune' }).click();
    await page.getByRole('dialog', { name: 'Fine-tune model' }).getByRole('button', { name: 'Fine-tune' }).dblclick();
    await expect(page.getByText('Fine-tune job started successfully.')).toBeVisible();
    await starts.exactly(1);
    // Once the job has completed, the model may be deleted (two confirmations).
    await expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled({ timeout: 20_000 });

    const deletes = await counting(page, 'DELETE', /^\/api\/models\/[^/]+$/);
    await row.getByRole('button', { name: 'Delete' }).dblclick();
    await expect(row).toHaveCount(0);
    await deletes.exactly(1);
    expect(asked.filter((q) => q === 'Are you sure you want to delete this model?')).toHaveLength(1);
  });

  test('Submit training URL: by click and by Enter twice', async ({ page }) => {
    const submits = await counting(page, 'POST', /^\/api\/training-jobs\/submit-url$/);
    await page.goto('/training/submit');
    const url = page.getByRole('textbox', { name: 'Website URL' });
    await url.fill(`${SITE_URL}/about/`);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByText('Job submitted!')).toBeVisible();
    await submits.exactly(1);
    await url.fill(`${SITE_URL}/about/`);
    await url.press('Enter');
    await url.press('Enter');
    await submits.exactly(2);
  });

  test('the wizard: New Model is appended last and selected; Add and Remove once each', async ({ page }) => {
    await useOpenAiSimulator(page);
    const job = await post(page.request, '/api/training-jobs/submit-url', { url: `${SITE_URL}/` });
    await expect.poll(async () => (await (await page.request.get(`/api/training-jobs/${job._id}`)).json()).status, { timeout: 45_000 }).toBe('completed');
    const earlier = await post(page.request, '/api/models', { name: `Earlier ${tag()}`, base_model: 'gpt-4o' });

    await page.goto(`/training/wizard/subclusters?id=0&start=2024-01-01&end=2024-06-30&job=${job._id}`);
    await expect(page.getByText(/^Showing section entry 1 of \d+$/)).toBeVisible();
    const models = page.getByRole('combobox', { name: 'Existing Models' });
    await models.click();
    const before = await page.getByRole('option').allTextContents();
    expect(before[0]).toBe('-- Select a model --');
    expect(before).toContain(earlier.name);
    await page.keyboard.press('Escape');

    const creates = await counting(page, 'POST', /^\/api\/models$/);
    const name = `Wizard ${tag()}`;
    await page.getByRole('button', { name: 'New Model' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Model' });
    await dialog.getByPlaceholder('Enter model name').fill(name);
    await dialog.getByRole('button', { name: 'Add' }).dblclick();
    await expect(page.getByText(`Model "${name}" created successfully.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await creates.exactly(1);
    // Appended to the end of the dropdown, and selected — also once the models were read again.
    await expect(models).toHaveText(name);
    await models.click();
    await expect(page.getByRole('option')).toHaveText([...before, name]);
    await page.keyboard.press('Escape');

    const adds = await counting(page, 'POST', /^\/api\/models\/[^/]+\/add-example$/);
    await page.getByRole('textbox', { name: 'System Message' }).fill('You write sections.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Write this section.');
    await page.getByRole('button', { name: 'Add', exact: true }).dblclick();
    await expect(page.getByText('Example added to model.')).toBeVisible();
    await adds.exactly(1);
    const removes = await counting(page, 'DELETE', /^\/api\/models\/[^/]+\/remove-example$/);
    await page.getByRole('button', { name: 'Remove', exact: true }).dblclick();
    await expect(page.getByText('Example removed from model.')).toBeVisible();
    await removes.exactly(1);
    expect(asked.filter((q) => q === 'Are you sure you want to remove this example from the model?')).toHaveLength(1);
  });

  test('Home: each card saves once, Test connection and Check Notion now ask once', async ({ page }) => {
    await connectSimulators(page);
    const envs = await counting(page, 'POST', /^\/api\/user$/);
    const statuses = await counting(page, 'POST', /^\/api\/user\/status-config$/);
    await page.goto('/');
    const notion = page.getByRole('form', { name: 'Notion Settings' });
    await page.getByRole('textbox', { name: 'Status property name' }).fill('Status');
    await notion.getByRole('button', { name: 'Save' }).dblclick();
    await expect(notion.getByText('Saved!')).toBeVisible();
    await envs.exactly(1);
    await statuses.exactly(1);
    const openAi = page.getByRole('form', { name: 'OpenAI Settings' });
    await openAi.getByRole('button', { name: 'Save' }).dblclick();
    await expect(openAi.getByText('Saved!')).toBeVisible();
    await envs.exactly(2);

    const tests = await counting(page, 'POST', /^\/api\/generation\/test-openai$/);
    await page.getByRole('region', { name: 'OpenAI Settings' }).getByRole('button', { name: 'Test connection' }).dblclick();
    await tests.exactly(1);
    const checks = await counting(page, 'POST', /^\/api\/generation\/check-now$/);
    await page.getByRole('button', { name: 'Check Notion now' }).dblclick();
    await checks.exactly(1);
    await disconnectSimulators(page);
  });

  test('Home: a model provider is added, tested, saved and removed with one request each', async ({ page }) => {
    const name = `Claude ${tag()}`;
    const adds = await counting(page, 'POST', /^\/api\/connections$/);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Model providers' });
    const form = card.getByRole('form', { name: 'Add a model provider' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('API key').fill(ANTHROPIC_TEST_KEY);
    await form.getByRole('button', { name: 'Add provider' }).dblclick();
    await adds.exactly(1);
    const actions = card.getByRole('table', { name: 'Connected providers' }).getByRole('group', { name: `Actions: ${name}` });

    const tests = await counting(page, 'POST', /^\/api\/connections\/[^/]+\/test$/);
    await actions.getByRole('button', { name: 'Test' }).dblclick();
    await tests.exactly(1);

    const saves = await counting(page, 'PUT', /^\/api\/connections\/[^/]+$/);
    await actions.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByLabel('Name').fill(`${name} team`);
    await dialog.getByRole('button', { name: 'Save' }).dblclick();
    await saves.exactly(1);
    await expect(dialog).toBeHidden();

    const removes = await counting(page, 'DELETE', /^\/api\/connections\/[^/]+$/);
    await card
      .getByRole('group', { name: `Actions: ${name} team` })
      .getByRole('button', { name: 'Remove' })
      .dblclick();
    await removes.exactly(1);
    expect((await list(page.request, 'connections')).some((p: { name: string }) => p.name.startsWith(name))).toBe(false);
  });

  test('History: Retry asks once', async ({ page }) => {
    await connectSimulators(page, {
      failNext: { method: 'POST', path: '^/v1/chat/completions$', body: 'Retried once', status: 400, message: 'Refused.', times: 100 },
    });
    const { model } = await sectionOnModel(page, `Retry section ${tag()}`);
    const section = (await list(page.request, 'sections')).find((s) => s.model === model._id);
    const type = `RetryType${tag()}`;
    await post(page.request, '/api/articles', {
      article_title: `Retry ${type}`,
      article_type: type,
      sections: [{ section: section._id, heading: section.name, systemPrompt: 'S', userPrompt: 'Retried once {{title}}', model: model._id, temperature: 0.5 }],
    });
    const [entry] = await writeArticles(page, [{ title: `Retried once ${type}`, type }]);
    expect(entry.status).toBe('failed');
    await post(page.request, `${OPENAI_FAKE_URL}/__fake/config`, { clearFailures: true });

    const retries = await counting(page, 'POST', /^\/api\/history\/[^/]+\/retry$/);
    await page.goto(`/history/${entry._id}`);
    await page.getByRole('button', { name: 'Retry' }).dblclick();
    await expect(page.getByText('The article is queued again; sections already written are reused.')).toBeVisible();
    await retries.exactly(1);
    await disconnectSimulators(page);
  });

  test('section versions: Restore once', async ({ page }) => {
    const { section } = await sectionOnModel(page, `Versioned ${tag()}`);
    const res = await page.request.put(`/api/sections/${section._id}`, { data: { notes: 'Second version.' } });
    expect(res.ok()).toBe(true);
    const restores = await counting(page, 'POST', /^\/api\/sections\/[^/]+\/versions\/\d+\/restore$/);
    await page.goto(`/sections/edit/${section._id}`);
    await page.getByRole('button', { name: 'Restore Version 1' }).dblclick();
    await expect(page.getByText('Version 1 restored.')).toBeVisible();
    await restores.exactly(1);
  });

  test('previews: Run once', async ({ page }) => {
    await useOpenAiSimulator(page);
    const { section } = await sectionOnModel(page, `Preview ${tag()}`);
    const runs = await counting(page, 'POST', /^\/api\/previews$/);
    await page.goto(`/sections/edit/${section._id}`);
    await page.getByRole('button', { name: 'Try this section' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Twice clicked');
    await dialog.getByRole('button', { name: 'Run' }).dblclick();
    await expect(dialog.getByTestId('preview-status')).toHaveText('Status: Completed');
    await runs.exactly(1);
  });

  test('Home: Download a backup makes one backup; the Notion webhook Reset asks once', async ({ page }) => {
    // The browser downloads GET /api/backup itself (Playwright's routes never see it): each request is a download.
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.goto('/');
    await page.getByRole('region', { name: 'Backups' }).getByRole('link', { name: 'Download a backup' }).dblclick();
    // The backup is made before its download starts: on a busy machine that takes longer than an assertion's default wait.
    await expect.poll(() => downloads.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(HOLD_MS + 300);
    expect(downloads).toEqual([expect.stringMatching(/\.sql$/)]);

    // Notion's verification request has come, so the owner may reset the webhook.
    const webhook = await (await page.request.get('/api/notion-webhook')).json();
    await post(page.request, new URL(webhook.url).pathname, { verification_token: `secret_${tag()}${tag()}` });
    const resets = await counting(page, 'POST', /^\/api\/notion-webhook\/reset$/);
    await page.reload();
    await page.getByRole('region', { name: 'Notion webhook' }).getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('dialog', { name: 'Forget the verification token?' }).getByRole('button', { name: 'Confirm' }).dblclick();
    await expect(page.getByText("The webhook is reset: Quire waits for the new subscription's verification request.")).toBeVisible();
    await resets.exactly(1);
  });

  test('models: Replace once', async ({ page }) => {
    const { model, section } = await sectionOnModel(page, `Replaced ${tag()}`);
    const other = await post(page.request, '/api/models', { name: `Replacement ${tag()}`, base_model: 'gpt-4o-mini' });
    const replaces = await counting(page, 'POST', /^\/api\/models\/[^/]+\/replace$/);
    await page.goto(`/models?replace=${model._id}`);
    const dialog = page.getByRole('dialog', { name: `Replace ${model.name}` });
    await choose(page, dialog, 'Replace with', new RegExp(`^${other.name}`));
    await dialog.getByRole('button', { name: 'Replace' }).dblclick();
    await expect(page.getByText(`Moved 1 section(s) and 0 article template(s) to ${other.name}.`)).toBeVisible();
    await replaces.exactly(1);
    expect((await (await page.request.get(`/api/sections/${section._id}`)).json()).model).toBe(other._id);
  });

  test('evaluations: Start evaluation once, and a judgment once', async ({ page }) => {
    await useOpenAiSimulator(page);
    const model = await post(page.request, '/api/models', { name: `Evaluated ${tag()}`, base_model: 'gpt-4o-mini' });
    for (let n = 1; n <= 5; n++) {
      const messages = [
        { role: 'system', content: 'You write.' },
        { role: 'user', content: `Write part ${n}.` },
        { role: 'assistant', content: `Part ${n}, written.` },
      ];
      await post(page.request, `/api/models/${model._id}/add-example`, { example: { uuid: `once-${n}`, clusterId: 0, messages } });
    }
    const starts = await counting(page, 'POST', /^\/api\/evaluations$/);
    await page.goto(`/evaluations/new?model=${model._id}`);
    await expect(page.getByRole('region', { name: 'Estimate' }).getByRole('status')).toContainText('2 examples');
    await page.getByRole('button', { name: 'Start evaluation' }).dblclick();
    await expect(page).toHaveURL(/\/evaluations\/[0-9a-f-]{36}$/);
    await starts.exactly(1);

    const judgments = await counting(page, 'POST', /^\/api\/evaluations\/[^/]+\/judgments$/);
    const judging = page.getByRole('region', { name: 'Judge blind' });
    await judging.getByRole('button', { name: 'A is better (1)' }).dblclick({ timeout: 30_000 });
    await expect(judging.getByRole('status')).toHaveText('Example 1 judged: A is better.');
    await judgments.exactly(1);
  });

  test('History: Cancel bulk sends one cancel', async ({ page }) => {
    const type = `CancelOnce${tag()}`;
    // A batch that takes a minute: the article stays in flight for as long as the test needs.
    await connectSimulators(page, { batchLatencyMs: 60_000 });
    const { section } = await sectionOnModel(page, `Bulk ${type}`);
    await post(page.request, '/api/articles', { article_title: `Bulk ${type}`, article_type: type, bulk: true, sections: [articleEntry(section)] });
    await startArticles(page, [{ title: `Held ${type}`, type }]);
    const cancels = await counting(page, 'POST', /^\/api\/bulk\/cancel$/);
    await page.goto('/history');
    await page.getByRole('button', { name: 'Cancel bulk' }).click({ timeout: 20_000 });
    const confirm = page.getByRole('dialog', { name: 'Cancel bulk writing?' }).getByRole('button', { name: 'Cancel bulk' });
    await confirm.dblclick();
    // Disabled and busy while its one request is in flight.
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByText(/^Bulk writing cancelled: /)).toBeVisible();
    await cancels.exactly(1);
    // The OpenAI simulator back to its quick batches, for the specs after.
    await post(page.request, `${OPENAI_FAKE_URL}/__fake/reset`, {});
    await disconnectSimulators(page);
  });
});

const ADA: GoogleAccount = { sub: '5001', email: 'ada@quire.test', email_verified: true, name: 'Ada Lovelace' };
const BO: GoogleAccount = { sub: '5002', email: 'bo@quire.test', email_verified: true, name: 'Bo Editor' };
const CY: GoogleAccount = { sub: '5003', email: 'cy@quire.test', email_verified: true, name: 'Cy Editor' };
const DAN = 'dan@quire.test';

/** Several people are needed: a Quire of this describe's own in Google sign-in mode, as workspaces.spec.ts runs. */
test.describe('One request per submit in a workspace: New workspace, Invite, a role, Remove and Revoke', () => {
  const quire = new OwnQuire('submit-once', [ADA.email, BO.email, CY.email, DAN]);
  test.beforeAll(() => quire.start());
  test.afterAll(() => quire.stop());

  test('each sends one request whatever the clicks', async ({ browser }) => {
    test.setTimeout(180_000);
    const ada = await quire.signInAs(browser, ADA);

    const workspaces = await counting(ada, 'POST', /^\/api\/workspaces$/);
    await workspaceSwitcher(ada).click();
    await ada.getByRole('menuitem', { name: 'New workspace…' }).click();
    const dialog = ada.getByRole('dialog', { name: 'New workspace' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Twice clicked');
    await dialog.getByRole('button', { name: 'Create' }).dblclick();
    await expect(workspaceSwitcher(ada)).toHaveAccessibleName('Twice clicked Owner');
    await workspaces.exactly(1);

    const invites = await counting(ada, 'POST', /^\/api\/invitations$/);
    await ada.goto('/invitations/new');
    await ada.getByRole('textbox', { name: 'Email' }).fill(BO.email);
    await ada.getByRole('button', { name: 'Invite' }).dblclick();
    await expect(ada.getByText(`${BO.email} is invited.`)).toBeVisible();
    await invites.exactly(1);
    // Cy joins to be removed, Dan's invitation is there to be revoked.
    for (const email of [CY.email, DAN]) expect((await ada.request.post('/api/invitations', { data: { email, role: 'editor' } })).status()).toBe(201);
    await quire.signInAs(browser, BO);
    await quire.signInAs(browser, CY);

    const roles = await counting(ada, 'PUT', /^\/api\/members\/[^/]+$/);
    await ada.goto('/members');
    const members = ada.getByRole('table', { name: 'Members' });
    await members.getByRole('combobox', { name: `Role of ${BO.name}` }).click();
    await ada.getByRole('option', { name: 'Viewer' }).dblclick();
    // A role is a select, which a double click leaves closed: what keeps it to one change at a time is that it cannot be chosen again meanwhile.
    await expect(members.getByRole('combobox', { name: `Role of ${BO.name}` })).toBeDisabled();
    await expect(ada.getByText(`${BO.name} is now Viewer.`)).toBeVisible();
    await roles.exactly(1);

    const removes = await counting(ada, 'DELETE', /^\/api\/members\/[^/]+$/);
    await members
      .getByRole('group', { name: `Actions: ${CY.name}` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ada
      .getByRole('dialog', { name: `Remove ${CY.name} from this workspace?` })
      .getByRole('button', { name: 'Confirm' })
      .dblclick();
    await expect(ada.getByText(`${CY.name} was removed from the workspace.`)).toBeVisible();
    await removes.exactly(1);

    const revokes = await counting(ada, 'DELETE', /^\/api\/invitations\/[^/]+$/);
    await ada.goto('/invitations');
    await ada
      .getByRole('table', { name: 'Invitations' })
      .getByRole('group', { name: `Actions: ${DAN}` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await ada
      .getByRole('dialog', { name: `Revoke the invitation of ${DAN}?` })
      .getByRole('button', { name: 'Confirm' })
      .dblclick();
    await expect(ada.getByText('Invitation revoked.')).toBeVisible();
    await revokes.exactly(1);
    // Nothing failed on a second request the first had made pointless.
    await expect(ada.getByText(/^Could not/)).toHaveCount(0);
  });
});
