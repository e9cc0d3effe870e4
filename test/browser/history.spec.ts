import { APIRequestContext, expect, Page, test } from './lane';
import { signIn } from './helpers';
import { NOTION_FAKE_URL, OPENAI_FAKE_URL } from './ports';

const NOTION_SECRET = 'ntn_fake_integration_secret_0001';
const DATABASE_ID = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';
const OPENAI_KEY = 'sk-test-quire-fake-key-0000';

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Settings pointing at the simulators and a one-section "Guide" template, made through the API. */
async function readyToGenerate(page: Page) {
  await post(page.request, `${NOTION_FAKE_URL}/__fake/reset`, {});
  await post(page.request, '/api/user', { envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY: OPENAI_KEY } });
  await post(page.request, '/api/user/status-config', {
    propertyName: 'Status',
    values: { start: 'Start Generating', inProgress: 'Generating...', error: 'Generating Error', complete: 'Posts Generated' },
  });
  const model = await post(page.request, '/api/models', { name: 'History writer', base_model: 'gpt-4o' });
  const section = await post(page.request, '/api/sections', {
    name: 'Summary',
    model: model._id,
    temperature: 0.3,
    logit_bias_group: null,
    system_message: 'You summarise.',
    user_message: 'Summarise {{title}}.',
  });
  await post(page.request, '/api/articles', {
    article_title: 'History guide',
    article_type: 'HistoryGuide',
    sections: [
      {
        section: section._id,
        heading: 'Summary',
        systemPrompt: section.system_message,
        userPrompt: section.user_message,
        model: model._id,
        temperature: 0.3,
        logit_bias_group: null,
      },
    ],
  });
}

test.describe('Generation from Home to History', () => {
  test('tests the connections, checks Notion now, and shows a completed and a failed entry', async ({ page, request }) => {
    await post(request, `${OPENAI_FAKE_URL}/__fake/reset`, {});
    await signIn(page);
    await readyToGenerate(page);
    const [good] = (
      await post(request, `${NOTION_FAKE_URL}/__fake/rows`, [
        { title: 'Written by Quire', status: 'Start Generating', type: 'HistoryGuide' },
        { title: 'Has no template', status: 'Start Generating', type: 'Unknown type' },
      ])
    ).ids;

    await page.goto('/');
    const notionCard = page.getByRole('region', { name: 'Notion Settings' });
    await notionCard.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('Connected: "Status" offers all four status values.')).toBeVisible();
    await page.getByRole('region', { name: 'OpenAI Settings' }).getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByText('Connected: OpenAI accepts the key.')).toBeVisible();
    await notionCard.getByRole('button', { name: 'Check Notion now' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 row(s) to write, 2 started.' })).toBeVisible();

    await page.getByRole('menuitem', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Generation History' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Generation History' });
    for (const header of ['Type', 'Title', 'Status', 'Category', 'Timestamp', 'Message']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    const done = table.getByRole('row', { name: /Written by Quire/ });
    const failed = table.getByRole('row', { name: /Has no template/ });
    await expect(done).toContainText('completed', { timeout: 20_000 });
    await expect(failed).toContainText('failed', { timeout: 20_000 });
    await expect(done.getByRole('cell').nth(3)).toHaveText('HistoryGuide');
    await expect(failed.getByRole('cell').nth(3)).toHaveText('-');
    await expect(failed).toContainText('No article template has the type "Unknown type" (the page\'s Type property).');
    await expect(done.getByRole('cell').nth(4)).toHaveText(/\d/);

    const view = done.getByRole('link', { name: 'View Results' });
    await expect(view).toHaveAttribute('href', `https://www.notion.so/${good.replace(/-/g, '')}`);
    // This machine has no internet: Notion's page is answered locally, so the navigation itself is what is checked.
    await page.context().route('https://www.notion.so/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Notion page</title>' }));
    const popup = page.waitForEvent('popup');
    await view.click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe(`https://www.notion.so/${good.replace(/-/g, '')}`);
    await expect(opened).toHaveTitle('Notion page');
  });
});
