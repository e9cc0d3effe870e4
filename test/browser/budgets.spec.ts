import { randomBytes } from 'node:crypto';
import { expect, Page, test } from './lane';
import { connectSimulators, disconnectSimulators, HistoryEntry, madeRecords, pickFromServer, shot, signIn, startArticles } from './helpers';
import { NOTION_FAKE_URL } from './ports';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';

/**
 * Monthly budgets on Home: an owner sets a client's limit, a row of that client waits for room with
 * History saying why, and raising the limit starts it.
 */
const tag = () => randomBytes(3).toString('hex');

const { create, removeAll } = madeRecords();

/** A template of `type` with one section on its own model, made through the API (and removed after). */
async function template(page: Page, prefix: string, type: string) {
  const model = await create(page, '/api/models', { name: `${prefix} writer ${type}`, base_model: 'gpt-4o' });
  const section = await create(page, '/api/sections', {
    name: `${prefix} summary ${type}`,
    model: model._id,
    temperature: 0.3,
    logit_bias_group: null,
    system_message: 'You summarise.',
    user_message: 'Summarise {{title}}.',
  });
  return create(page, '/api/articles', {
    article_title: `${prefix} guide ${type}`,
    article_type: type,
    sections: [articleEntry(section, { heading: 'Summary' })],
  });
}

const entryOf = async (page: Page, title: string) => ((await (await page.request.get('/api/history')).json()) as HistoryEntry[]).find((e) => e.title === title);

test.describe('Home: monthly budgets', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    await connectSimulators(page);
  });

  test.afterEach(async ({ page }) => {
    for (const budget of (await (await page.request.get('/api/budgets')).json()) as { _id: string }[]) {
      expect((await page.request.delete(`/api/budgets/${budget._id}`)).ok()).toBe(true);
    }
    await removeAll(page);
    await disconnectSimulators(page);
  });

  test("an owner sets a client's limit; the client's row waits in History, saying why, and starts when the limit is raised", async ({ page }) => {
    const name = `Budget client ${tag()}`;
    const type = `Budget ${tag()}`;
    await create(page, '/api/clients', { name });
    const article = await template(page, 'Budget', type);

    // The template's page says about what an article costs, as a budget reserves it.
    await page.goto(`/articles?id=${article._id}`);
    await expect(page.getByText(/^About \$\d+\.\d+ per article on these models/)).toBeVisible();

    await page.goto('/');
    const card = page.getByRole('region', { name: 'Monthly budgets' });
    await expect(card.getByText('No limit is set: articles are written whatever they cost.')).toBeVisible();
    const form = card.getByRole('form', { name: 'Set a monthly limit' });
    await pickFromServer(page, form.getByLabel('Limit for'), name.slice(0, 12), name);
    await form.getByLabel('Monthly limit (USD)').fill('0.0001');
    await form.getByRole('button', { name: 'Set limit' }).click();
    await expect(page.getByText('Limit saved.')).toBeVisible();
    const table = card.getByRole('table', { name: 'Monthly limits' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('$0.00 of $0.0001');

    const title = `Waiting row ${tag()}`;
    await startArticles(page, [{ title, type, client: name }]);
    await expect.poll(async () => (await entryOf(page, title))?.message ?? '', { timeout: 20_000 }).toMatch(/^Waiting: /);
    const waiting = await entryOf(page, title);
    expect(waiting?.status).toBe('queued');
    expect(waiting?.message).toMatch(
      /^Waiting: this article needs about \$\d+\.\d+, more than the client's budget of \$0\.0001 a month; raise the limit to write it\.$/,
    );

    await page.goto('/history');
    await expect(page.getByText(waiting!.message!)).toBeVisible();
    await shot(page, 'history-waiting-for-budget');

    await page.goto('/');
    await expect(row).toContainText('1');
    await shot(card, 'home-budgets');
    await row.getByRole('button', { name: 'Change' }).click();
    const dialog = page.getByRole('dialog', { name: `Monthly limit: ${name}` });
    await dialog.getByLabel('Monthly limit (USD)').fill('10');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await entryOf(page, title))?.status, { timeout: 20_000 }).toBe('completed');
  });

  test("an owner sets a template's limit; the template's page shows the month's spend against it", async ({ page }) => {
    const type = `Templated ${tag()}`;
    const article = await template(page, 'Templated', type);
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Monthly budgets' });
    await expect(card.getByText('No limit is set: articles are written whatever they cost.')).toBeVisible();
    const form = card.getByRole('form', { name: 'Set a monthly limit' });
    await pickFromServer(page, form.getByLabel('Or a template'), article.article_title.slice(0, 14), article.article_title);
    await form.getByLabel('Monthly limit (USD)').fill('25');
    await form.getByRole('button', { name: 'Set limit' }).click();
    await expect(page.getByText('Limit saved.')).toBeVisible();
    const row = card.getByRole('table', { name: 'Monthly limits' }).getByRole('row', { name: new RegExp(`Template "${article.article_title}"`) });
    await expect(row).toContainText('$0.00 of $25.00');
    await shot(card, 'home-budgets-template');

    await page.goto(`/articles?id=${article._id}`);
    await expect(page.getByTestId('template-budget')).toHaveText("This template's monthly limit: $0.00 of $25.00 spent this month (Home › Monthly budgets).");
  });

  test('Home says what the rows waiting in Notion would cost before "Check Notion now" takes them', async ({ page }) => {
    const type = `Costed ${tag()}`;
    await template(page, 'Costed', type);
    const title = `Costed row ${tag()}`;
    expect((await page.request.post(`${NOTION_FAKE_URL}/__fake/rows`, { data: [{ title, type, status: 'Start Generating' }] })).ok()).toBe(true);

    await page.goto('/');
    const line = page.getByTestId('rows-estimate');
    await expect(line).toHaveText(/^\d+ row\(s\) at "Start Generating" in Notion: about \$\d+\.\d+ to write\./);
    await shot(line.locator('..'), 'home-rows-estimate');
    await page.getByRole('button', { name: 'Check Notion now' }).click();
    await expect(line).toHaveText('No rows at "Start Generating" in Notion.');
    await expect.poll(async () => (await entryOf(page, title))?.status, { timeout: 20_000 }).toBe('completed');
  });
});
