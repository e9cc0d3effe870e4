import { expect, Page, test } from './lane';
import { violations } from './axe';
import { OPENAI_KEY, post, shot, signIn } from './helpers';
import { NOTION_FAKE_URL, OPENAI_FAKE_URL } from './ports';
import { articleEntry } from '../../scripts/lib/article-entry.cjs';

const NOTION_SECRET = 'ntn_fake_integration_secret_0001';
const DATABASE_ID = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';

const step = (page: Page, key: string) => page.getByTestId(`first-run-${key}`);
const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started' });
/** A step ticks by itself: the checklist is read again every ten seconds, and at once after a save on Home. */
const ticked = (page: Page, key: string) => expect(step(page, key)).toHaveAttribute('data-done', 'true', { timeout: 20_000 });

async function notionConfig(page: Page, data: object) {
  expect((await page.request.post(`${NOTION_FAKE_URL}/__fake/config`, { data })).ok()).toBe(true);
}

test.describe("Home's first-run checklist", () => {
  test.afterEach(async ({ page }) => {
    await page.request.post(`${NOTION_FAKE_URL}/__fake/reset`, { data: {} });
  });

  test('walks an empty workspace to its first article, each step ticking as its state becomes true', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page);
    // A workspace of its own: the lane's other specs fill the operator's first one.
    const workspace = await post(page.request, '/api/workspaces', { name: 'First hour' });
    expect((await page.request.put('/api/me/workspace', { data: { id: workspace._id } })).ok()).toBe(true);
    for (const url of [`${NOTION_FAKE_URL}/__fake/reset`, `${OPENAI_FAKE_URL}/__fake/reset`])
      expect((await page.request.post(url, { data: {} })).ok()).toBe(true);
    // The simulated database names templates by an Article select with no options yet.
    await notionConfig(page, { articleOptions: [] });
    await page.goto('/');

    await expect(checklist(page)).toBeVisible();
    await expect(checklist(page).getByText('0 of 8 done')).toBeVisible();
    await shot(page, 'first-run-empty');
    expect(await violations(page)).toEqual([]);

    // Step 1 and 2: its link opens Notion Settings (focus on its header); saving there ticks both.
    await step(page, 'notion-connected').getByRole('button', { name: 'Set up Notion' }).click();
    await expect(page.getByRole('button', { name: 'Notion Settings', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Notion Secret' }).fill(NOTION_SECRET);
    await page.getByRole('textbox', { name: 'Database ID' }).fill(DATABASE_ID);
    await page.getByRole('form', { name: 'Notion Settings' }).getByRole('button', { name: 'Save' }).click();
    await ticked(page, 'notion-connected');
    await ticked(page, 'notion-checked');

    await page.getByRole('textbox', { name: 'OpenAI API Key' }).fill(OPENAI_KEY);
    await page.getByRole('form', { name: 'OpenAI Settings' }).getByRole('button', { name: 'Save' }).click();
    await ticked(page, 'provider');
    await expect(step(page, 'section')).toHaveAttribute('data-done', 'false');

    // A section and a template (their own screens are tested elsewhere): the links lead there.
    await step(page, 'section').getByRole('link', { name: 'Write the first section' }).click();
    await expect(page).toHaveURL(/\/sections\/new$/);
    const model = await post(page.request, '/api/models', { name: 'Writer', base_model: 'gpt-5.6' });
    const section = await post(page.request, '/api/sections', {
      name: 'Introduction',
      model: model._id,
      temperature: 0.7,
      system_message: 'You write.',
      user_message: 'Introduce {{title}}.',
    });
    await post(page.request, '/api/articles', { article_title: 'Laptop guide', article_type: 'Guide', sections: [articleEntry(section)] });
    await page.goto('/');
    await ticked(page, 'section');
    await ticked(page, 'template');

    // Notion's select lacks the template's title: the step says so, then ticks once Notion has it.
    await expect(step(page, 'select-options')).toContainText(`Notion's Article select has no option named "Laptop guide"`);
    await notionConfig(page, { articleOptions: ['Laptop guide'] });
    await ticked(page, 'select-options');
    await expect(step(page, 'row-started')).toContainText('set a row\'s status to "Start Generating"');

    expect(
      (
        await page.request.post(`${NOTION_FAKE_URL}/__fake/rows`, { data: [{ title: 'Best laptops', status: 'Start Generating', article: 'Laptop guide' }] })
      ).ok(),
    ).toBe(true);
    await ticked(page, 'row-started');
    await shot(page, 'first-run-seven');

    // Check Notion now writes it; the checklist folds away, and an owner can show it again.
    await page.getByRole('button', { name: 'Check Notion now' }).click();
    await expect(checklist(page)).toBeHidden({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Show the getting-started checklist' }).click();
    await expect(checklist(page).getByText('8 of 8 done')).toBeVisible();
    await shot(page, 'first-run-done');
    expect(await violations(page)).toEqual([]);
    await checklist(page).getByRole('button', { name: 'Hide the checklist' }).click();
    await expect(checklist(page)).toBeHidden();
  });
});
