import { violations } from './axe';
import { randomBytes } from 'node:crypto';
import { expect, Locator, Page, Request, test } from './lane';
import { connectSimulators, disconnectSimulators, madeRecords, sectionOnModel, shot, signIn, startArticles, writeArticles } from './helpers';
import { OPENAI_FAKE_URL } from './ports';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';

/**
 * Bulk templates, written through OpenAI's Batch API. The template's "Write in bulk"
 * switch on the article form; then, against the Notion and OpenAI simulators, a bulk article as
 * History shows it (its round, its batch's status and counts, the batch price of its sections),
 * and "Cancel bulk" stopping one in flight.
 */
const BULK_LABEL = 'Write in bulk (OpenAI Batch API)';
const BULK_HELP = 'Half the price; each section is written in a batch round, so an article takes up to 24 hours per section.';
const CANCELLED =
  'Bulk writing was cancelled in Quire: the batches in flight were cancelled at OpenAI. The sections already written are kept; Retry writes the rest.';

/** How the screens write a cost (admin/src/resources/history/format.ts), to compare with the API's number. */
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(n);
const tag = () => randomBytes(3).toString('hex');

const { create, add, removeAll } = madeRecords();

/** A model and a one-section template on it, of type `type`; `bulk` as given. */
async function template(page: Page, type: string, bulk: boolean) {
  const model = await create(page, '/api/models', { name: `Bulk writer ${type}`, base_model: 'gpt-4o' });
  const section = await create(page, '/api/sections', {
    name: `Bulk summary ${type}`,
    model: model._id,
    temperature: 0.3,
    logit_bias_group: null,
    system_message: 'You summarise.',
    user_message: 'Summarise {{title}}.',
  });
  const article = await create(page, '/api/articles', {
    article_title: `Bulk guide ${type}`,
    article_type: type,
    bulk,
    sections: [articleEntry(section, { heading: 'Summary' })],
  });
  return { model, section, article };
}

/** A label's value in a definition list (`<dt>label</dt><dd>value</dd>`). */
const fact = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

test.describe('Bulk writing through OpenAI’s Batch API', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test.afterEach(async ({ page }) => {
    await removeAll(page);
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page);
    // The OpenAI simulator back to its quick batches, and the connections forgotten, for the specs after.
    expect((await page.request.post(`${OPENAI_FAKE_URL}/__fake/reset`, { data: {} })).ok()).toBe(true);
    await disconnectSimulators(page);
    await page.close();
  });

  test('the article form ticks "Write in bulk" on Create and unticks it on Edit; the list marks a bulk template', async ({ page }) => {
    const name = `Bulk form ${tag()}`;
    await sectionOnModel(page, name);

    await page.goto('/articles/new');
    await page.getByRole('textbox', { name: 'Title' }).fill(name);
    await page.getByRole('textbox', { name: 'Type' }).fill(`Type ${name}`);
    await page.getByRole('group', { name: 'Section 1' }).getByRole('combobox').click();
    await page.getByRole('option', { name, exact: true }).click();
    const bulk = page.getByLabel(BULK_LABEL);
    await expect(bulk).not.toBeChecked();
    await expect(page.getByText(BULK_HELP)).toBeVisible();
    await bulk.check();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/articles');
    await page.getByRole('button', { name: 'Create Article' }).click();
    const article = await (await created).json();
    add(`/api/articles/${article._id}`);
    await expect(page.getByText('Article created!')).toBeVisible();
    await expect(page).toHaveURL(`/articles?id=${article._id}`);
    expect(article.bulk).toBe(true);
    expect((await (await page.request.get(`/api/articles/${article._id}`)).json()).bulk).toBe(true);
    // The chosen template shows it is written in bulk, in the dropdown's choice.
    const chosen = page.getByRole('combobox', { name: 'Article' });
    await expect(chosen).toContainText(name);
    await expect(chosen.getByText('Bulk', { exact: true })).toBeVisible();

    await page.goto(`/articles/edit/${article._id}`);
    await expect(page.getByLabel(BULK_LABEL)).toBeChecked();
    await page.getByLabel(BULK_LABEL).uncheck();
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expect(page.getByText('Article updated!')).toBeVisible();
    await expect(page).toHaveURL(`/articles?id=${article._id}`);
    const saved = await (await page.request.get(`/api/articles/${article._id}`)).json();
    expect(saved.bulk).toBe(false);
    // The rest of the template is as it was.
    expect(saved).toMatchObject({ article_title: name, article_type: `Type ${name}`, sections: [expect.objectContaining({ heading: name })] });
    await expect(chosen).toHaveText(name);
    await expect(chosen.getByText('Bulk', { exact: true })).toHaveCount(0);
  });

  test('a bulk article completes; History says it was written in bulk and its section at the batch price', async ({ page }) => {
    const type = `BulkDone${tag()}`;
    await connectSimulators(page);
    await template(page, type, true);
    const title = `Written in bulk ${type}`;
    const [entry] = await writeArticles(page, [{ title, type }]);
    expect(entry.status).toBe('completed');
    const detail = await (await page.request.get(`/api/history/${entry._id}`)).json();
    expect(detail.meta.bulk).toMatchObject({ round: 1, batch_status: 'completed' });
    expect(detail.sections).toEqual([expect.objectContaining({ batch: true })]);

    await page.goto('/history');
    const row = page.getByRole('table', { name: 'Generation History' }).getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('completed');
    await expect(row).toContainText('Bulk · round 1');

    await row.getByRole('link', { name: title }).click();
    const block = page.getByRole('region', { name: 'Bulk' });
    const facts = block.getByRole('table', { name: 'Bulk' });
    await expect(facts.getByRole('row', { name: /Round/ })).toContainText('1');
    await expect(facts.getByRole('row', { name: /Batch status/ })).toContainText('completed');
    const { total, completed, failed } = detail.meta.bulk;
    await expect(facts.getByRole('row', { name: /Requests/ })).toContainText(`${completed} completed, ${failed} failed, of ${total}`);
    const section = page.getByRole('region', { name: 'The article as written' }).getByRole('region', { name: 'Summary' });
    await expect(fact(section, 'Cost:')).toHaveText(`${usd(detail.sections[0].cost_usd)}, batch price (half)`);
  });

  test('History follows a bulk article in flight, and "Cancel bulk" stops it', async ({ page }) => {
    const type = `BulkHeld${tag()}`;
    // A batch that takes a minute: it stays validating, then in progress, for as long as the test needs.
    await connectSimulators(page, { batchLatencyMs: 60_000 });
    await template(page, type, true);
    const title = `Held in bulk ${type}`;
    await startArticles(page, [{ title, type }]);

    await page.goto('/history');
    const row = page.getByRole('table', { name: 'Generation History' }).getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText(/Bulk · round 1 · (validating|in progress)/, { timeout: 20_000 });
    await expect(row).toContainText('running');
    await shot(page, 'bulk-history');

    // The entry's page says where its batch is.
    await row.getByRole('link', { name: title }).click();
    const facts = page.getByRole('region', { name: 'Bulk' }).getByRole('table', { name: 'Bulk' });
    await expect(facts.getByRole('row', { name: /Round/ })).toContainText('1');
    await expect(facts.getByRole('row', { name: /Batch status/ })).toContainText(/validating|in progress/);
    await expect(facts.getByRole('row', { name: /window's end/ })).toContainText(/\d/);
    await page.getByRole('link', { name: 'Back to History' }).click();

    // Every POST /api/bulk/cancel that leaves the browser is counted (that a double click sends one is submit-once.spec.ts's).
    const cancels: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bulk/cancel') cancels.push(request);
    });

    const open = page.getByRole('button', { name: 'Cancel bulk' });
    await expect(open).toBeVisible({ timeout: 15_000 });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel bulk writing?' });
    await expect(dialog).toContainText(
      'The batches in flight at OpenAI are cancelled and their 1 article fails. Sections already written are kept; Retry writes the rest.',
    );
    await expect(dialog.getByRole('button', { name: 'Keep writing' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await shot(dialog, 'bulk-cancel');

    // "Keep writing" closes it and sends nothing.
    await dialog.getByRole('button', { name: 'Keep writing' }).click();
    await expect(dialog).toBeHidden();
    expect(cancels).toHaveLength(0);

    await open.click();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/bulk/cancel');
    await dialog.getByRole('button', { name: 'Cancel bulk' }).click();
    const result = await (await answered).json();
    expect(result).toMatchObject({ articles: 1, message: expect.stringMatching(/^Bulk writing cancelled: /) });
    await expect(page.getByText(result.message)).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(cancels).toHaveLength(1);

    // The entry fails with the cancel message, the button goes, and nothing is left in flight.
    await expect(row).toContainText('failed', { timeout: 10_000 });
    await expect(row).toContainText(CANCELLED);
    await expect(open).toBeHidden({ timeout: 10_000 });
    expect(await (await page.request.get('/api/bulk')).json()).toEqual({ batches: 0, lines: 0, articles: 0 });
  });
});
