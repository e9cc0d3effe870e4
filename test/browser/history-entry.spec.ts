import { expect, Locator, Page, test } from './lane';
import { connectSimulators, disconnectSimulators, HistoryEntry, shot, signIn, writeArticles } from './helpers';
import { NOTION_FAKE_URL, OPENAI_FAKE_URL } from './ports';

/** How the screens write the API's figures (admin/src/resources/history/format.ts), to compare with the API's numbers. */
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(n);
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

const created: string[] = [];
async function create(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  const record = await res.json();
  created.unshift(`${path}/${record._id}`);
  return record;
}

/**
 * A two-section "EntryGuide" template: the first section's prompt holds Markdown (bold, a link) and
 * text that looks like HTML, which the OpenAI simulator echoes back into the article.
 */
async function entryTemplate(page: Page) {
  const model = await create(page, '/api/models', { name: 'Entry writer', base_model: 'gpt-4o' });
  const words = await create(page, '/api/logit-bias-groups', { name: 'Entry words', entries: [{ words: ['delve'], bias: -100 }] });
  const opening = await create(page, '/api/sections', {
    name: 'Entry opening',
    model: model._id,
    temperature: 0.3,
    logit_bias_group: words._id,
    system_message: 'You open articles.',
    user_message: 'Open **{{title}}** with a [source](https://example.com/guide) and <em>no html</em>.',
  });
  const closing = await create(page, '/api/sections', {
    name: 'Entry closing',
    model: model._id,
    temperature: 0.7,
    logit_bias_group: null,
    system_message: 'You close articles.',
    user_message: 'Close {{title}}.',
  });
  const snapshot = (s: Record<string, unknown>, heading: string) => ({
    section: s._id,
    heading,
    systemPrompt: s.system_message,
    userPrompt: s.user_message,
    model: model._id,
    temperature: s.temperature,
    logit_bias_group: s.logit_bias_group,
  });
  await create(page, '/api/articles', {
    article_title: 'Entry guide',
    article_type: 'EntryGuide',
    sections: [snapshot(opening, 'Opening'), snapshot(closing, 'Closing')],
  });
}

/** What the Notion simulator holds for a page: its body, one line per block ("paragraph: …"). */
async function notionBody(page: Page, title: string): Promise<string[]> {
  const stats = await (await page.request.get(`${NOTION_FAKE_URL}/__fake/stats`)).json();
  const found = stats.pages.find((p: { body: string[] }) => p.body.length > 0 && p.body.join('\n').includes(title));
  return found?.body ?? [];
}

/** A label's value in a definition list (`<dt>label</dt><dd>value</dd>`). */
const fact = (scope: Locator, label: string) => scope.locator(`dt:text-is("${label}") + dd`);

test.describe.configure({ mode: 'serial' });

test.describe('History: an entry in full, its retry, and the spend on Home', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    await signIn(page);
    // The template and its parts go again, so later specs find the lists as they were (a model never fine-tuned
    // cannot be deleted: it stays, like history.spec's); then the connections.
    for (const path of created.filter((p) => !p.startsWith('/api/models/'))) expect((await page.request.delete(path)).ok(), path).toBe(true);
    await disconnectSimulators(page);
    await page.close();
  });

  test('opens a completed article from History and reads its sections as they reached Notion', async ({ page }) => {
    await connectSimulators(page);
    await entryTemplate(page);
    const [entry] = await writeArticles(page, [{ title: 'Read inside Quire', type: 'EntryGuide' }]);
    expect(entry.status).toBe('completed');
    const detail = await (await page.request.get(`/api/history/${entry._id}`)).json();

    await page.goto('/history');
    const table = page.getByRole('table', { name: 'Generation History' });
    const row = table.getByRole('row', { name: /Read inside Quire/ });
    // The Message column keeps the spec's "View Results"; the title opens the entry.
    await expect(row.getByRole('link', { name: 'View Results' })).toBeVisible();
    await row.getByRole('link', { name: 'Read inside Quire' }).click();
    await expect(page).toHaveURL(`/history/${entry._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Read inside Quire' })).toBeVisible();
    await expect(page.getByText('completed', { exact: true })).toBeVisible();

    const article = page.getByRole('region', { name: 'The article as written' });
    const opening = article.getByRole('region', { name: 'Opening' });
    const closing = article.getByRole('region', { name: 'Closing' });
    await expect(article.getByRole('heading', { level: 3 })).toHaveText(['Opening', 'Closing']);

    // Each section's text is the text Notion received, its Markdown rendered: bold, a link, and HTML-looking text as text.
    const body = await notionBody(page, 'Read inside Quire');
    expect(body).toEqual(['heading_2: Opening', expect.stringMatching(/^paragraph: /), 'heading_2: Closing', expect.stringMatching(/^paragraph: /)]);
    await expect(opening.locator('.markdown p')).toHaveText(body[1].replace('paragraph: ', ''));
    await expect(closing.locator('.markdown p')).toHaveText(body[3].replace('paragraph: ', ''));
    await expect(opening.locator('.markdown strong')).toHaveText('Read inside Quire');
    await expect(opening.getByRole('link', { name: 'source' })).toHaveAttribute('href', 'https://example.com/guide');
    await expect(opening.locator('.markdown p')).toContainText('<em>no html</em>');
    expect(await opening.locator('.markdown em').count()).toBe(0);

    // How each was written: model, temperature, bias list, tokens, cost (the API's numbers) and time.
    for (const [region, section, bias] of [
      [opening, detail.sections[0], 'Entry words'],
      [closing, detail.sections[1], 'none'],
    ] as const) {
      await expect(fact(region, 'Model:')).toHaveText('gpt-4o');
      await expect(fact(region, 'Temperature:')).toHaveText(String(section.temperature));
      await expect(fact(region, 'Bias list:')).toHaveText(bias);
      await expect(fact(region, 'Tokens:')).toHaveText(`${count(section.prompt_tokens)} prompt + ${count(section.completion_tokens)} completion`);
      await expect(fact(region, 'Cost:')).toHaveText(usd(section.cost_usd));
      await expect(fact(region, 'Time:')).toHaveText(/\d+(\.\d)? (ms|s)$/);
    }
    const summary = page.getByRole('table', { name: 'Summary' });
    await expect(summary.getByRole('row', { name: /Cost/ })).toContainText(usd(detail.usage.cost_usd));

    // The prompts as sent are collapsed until asked for.
    const prompts = opening.getByRole('button', { name: 'Prompts as sent' });
    await expect(opening.getByText('You open articles.')).toBeHidden();
    await prompts.click();
    await expect(opening.getByText('You open articles.')).toBeVisible();
    await expect(opening.getByRole('row', { name: /User message/ })).toContainText(detail.sections[0].user_message);
    expect(detail.sections[0].user_message).toContain('Open **Read inside Quire**');

    await expect(page.getByRole('link', { name: 'Open the Notion page' })).toHaveAttribute('href', detail.notion_url);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await shot(page, 'history-entry');
  });

  test('retries a failed article once the fault clears and follows it to completion without a reload', async ({ page }) => {
    // OpenAI refuses the closing section of this row for as long as the fault lasts.
    await connectSimulators(page, {
      chatLatencyMs: 3000,
      failNext: {
        method: 'POST',
        path: '^/v1/chat/completions$',
        body: 'Close Refused until cleared',
        status: 400,
        message: 'This request was refused.',
        times: 100,
      },
    });
    const [entry] = await writeArticles(page, [{ title: 'Refused until cleared', type: 'EntryGuide' }]);
    expect(entry.status).toBe('failed');

    await page.goto('/history');
    await page.getByRole('table', { name: 'Generation History' }).getByRole('link', { name: 'Refused until cleared' }).click();
    await expect(page).toHaveURL(`/history/${entry._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Refused until cleared' })).toBeVisible();
    await expect(page.getByText('failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Stopped at section 2 of 2: OpenAI: could not write section "Closing": This request was refused.')).toBeVisible();
    const article = page.getByRole('region', { name: 'The article as written' });
    await expect(article.getByRole('heading', { level: 3 })).toHaveText(['Opening']);
    await shot(page, 'history-entry-failed');

    expect((await page.request.post(`${OPENAI_FAKE_URL}/__fake/config`, { data: { clearFailures: true } })).ok()).toBe(true);
    let navigations = 0;
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations++);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('The article is queued again; sections already written are reused.')).toBeVisible();
    // Followed live: writing the closing section (the opening is reused), then completed.
    await expect(page.getByText('Writing section 2 of 2...')).toBeVisible();
    await expect(page.getByText('completed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(article.getByRole('heading', { level: 3 })).toHaveText(['Opening', 'Closing']);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByText(/Stopped at section/)).toHaveCount(0);
    expect(navigations).toBe(0);

    const body = await notionBody(page, 'Refused until cleared');
    expect(body.filter((line) => line.startsWith('heading_2: '))).toEqual(['heading_2: Opening', 'heading_2: Closing']);
    const history: HistoryEntry[] = await (await page.request.get('/api/history')).json();
    expect(history.filter((e) => e.title === 'Refused until cleared').map((e) => [e._id, e.status])).toEqual([[entry._id, 'completed']]);
  });

  test("Home shows this month's spend as the API computes it", async ({ page }) => {
    const usage = await (await page.request.get('/api/usage')).json();
    expect(usage.articles).toBeGreaterThanOrEqual(2);
    await page.goto('/');
    const spend = page.getByRole('region', { name: "This month's spend" });
    await expect(fact(spend, 'Articles')).toHaveText(count(usage.articles));
    await expect(fact(spend, 'Sections')).toHaveText(count(usage.sections));
    await expect(fact(spend, 'Tokens').first()).toHaveText(count(usage.prompt_tokens + usage.completion_tokens));
    await expect(fact(spend, 'Cost')).toHaveText(usd(usage.cost_usd));
    const chart = spend.getByRole('img', { name: /Tokens by model/ });
    await expect(chart).toBeVisible();
    for (const m of usage.by_model) {
      await expect(chart).toHaveAccessibleName(new RegExp(`${m.model}: ${count(m.prompt_tokens + m.completion_tokens)} tokens, \\${usd(m.cost_usd)}`));
    }
    await shot(page, 'home-spend');
  });
});
