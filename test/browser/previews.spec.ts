import { APIRequestContext, expect, Page, test } from './lane';
import { randomBytes } from 'node:crypto';
import { shot, signIn, useOpenAiSimulator } from './helpers';
import { OPENAI_FAKE_URL } from './ports';

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Two models and a two-section template whose prompts name {{Keyword}} and {{previous_sections}}, made through the API. */
async function template(page: Page) {
  const tag = randomBytes(3).toString('hex');
  const writer = await post(page.request, '/api/models', { name: `Writer ${tag}`, base_model: 'gpt-4o' });
  const mini = await post(page.request, '/api/models', { name: `Mini ${tag}`, base_model: 'gpt-4o-mini' });
  const bodies = [
    { name: `Intro ${tag}`, system_message: 'You introduce {{client}} articles.', user_message: 'Introduce "{{title}}" about {{Keyword}}.' },
    { name: `Verdict ${tag}`, system_message: 'You conclude.', user_message: 'Conclude after: {{previous_sections}}' },
  ];
  const sections = [];
  for (const body of bodies) {
    sections.push(await post(page.request, '/api/sections', { ...body, model: writer._id, temperature: 0.4, logit_bias_group: null }));
  }
  const article = await post(page.request, '/api/articles', {
    article_title: `Preview guide ${tag}`,
    article_type: `Guide ${tag}`,
    sections: sections.map((s) => ({
      section: s._id,
      heading: s.name,
      systemPrompt: s.system_message,
      userPrompt: s.user_message,
      model: s.model,
      temperature: s.temperature,
      logit_bias_group: null,
    })),
  });
  return { tag, writer, mini, sections, article };
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('Previews: "Try it" on an article, "Try this section" on a section', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
    // Each completion takes 2 s, so the sections are seen arriving one by one: the first stays
    // alone on screen for longer than the 1 s between two of expect's later polls (at 400 ms it was missed).
    await useOpenAiSimulator(page, { chatLatencyMs: 2000 });
  });
  test.afterEach(async ({ page }) => {
    await post(page.request, `${OPENAI_FAKE_URL}/__fake/config`, { chatLatencyMs: 0 });
  });

  test('runs a preview from the article and reads the sections as they stream in', async ({ page }) => {
    const { article, sections } = await template(page);
    await page.goto(`/articles?id=${article._id}`);
    await page.getByRole('link', { name: 'Try it' }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${article._id}/try$`));
    await expect(page.getByRole('heading', { level: 1, name: `Try "${article.article_title}"` })).toBeVisible();
    await expect(page.getByText('No previews of this article yet.')).toBeVisible();

    // The properties the prompts name are offered; the built-in placeholders are not.
    await expect(page.getByRole('textbox', { name: 'Keyword' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'previous_sections' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Title' }).fill('Best gaming laptops');
    await page.getByRole('textbox', { name: 'Keyword' }).fill('gaming laptops');
    await page.getByRole('button', { name: 'Run' }).click();

    // The first section shows before the second is written.
    const column = page.getByRole('region', { name: "Each section's own model" });
    await expect(column.getByText('1 of 2 sections')).toBeVisible();
    await expect(page.getByTestId('preview-status')).toHaveText('Status: Running');
    await expect(column.getByRole('article')).toHaveCount(1);
    await expect(column.getByRole('article', { name: sections[0].name })).toContainText('Introduce "Best gaming laptops" about gaming laptops.');

    await expect(page.getByTestId('preview-status')).toHaveText('Status: Completed');
    await expect(column.getByText('2 of 2 sections')).toBeVisible();
    const verdict = column.getByRole('article', { name: sections[1].name });
    // {{previous_sections}} held the introduction as written.
    await expect(verdict).toContainText('Conclude after: ## Intro');
    await expect(verdict).toContainText(/\d+ prompt \+ \d+ completion tokens · \$0\.\d+/);

    // Listed under the article, with its cost.
    const recent = page.getByRole('region', { name: 'Recent previews' });
    await expect(recent.getByRole('row', { name: /Best gaming laptops/ })).toContainText('Completed');
  });

  test('compares two models side by side', async ({ page }) => {
    const { article, writer, mini } = await template(page);
    await page.goto(`/articles/${article._id}/try`);
    await page.getByRole('textbox', { name: 'Title' }).fill('Tablets compared');
    await page.getByRole('textbox', { name: 'Keyword' }).fill('tablets');
    await expect(page.getByRole('combobox', { name: 'Compare with' })).toHaveAttribute('aria-disabled', 'true');
    await choose(page, 'Model', writer.name);
    await choose(page, 'Compare with', mini.name);
    await page.getByRole('button', { name: 'Run' }).click();

    const left = page.getByRole('region', { name: writer.name });
    const right = page.getByRole('region', { name: mini.name });
    await expect(page.getByTestId('preview-status')).toHaveText('Status: Completed');
    await expect(left.getByRole('article')).toHaveCount(2);
    await expect(right.getByRole('article')).toHaveCount(2);
    await expect(left.getByRole('article').first()).toContainText('Written by gpt-4o for: Introduce "Tablets compared"');
    await expect(right.getByRole('article').first()).toContainText('Written by gpt-4o-mini for: Introduce "Tablets compared"');
    // Side by side: the second column starts to the right of the first.
    const [a, b] = [await left.boundingBox(), await right.boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);
    await shot(page, 'previews-two-models');

    await expect(page.getByRole('region', { name: 'Recent previews' }).getByRole('row', { name: /Tablets compared/ })).toContainText(
      `${writer.name} / ${mini.name}`,
    );
  });

  test('tries one section alone with sample values from its form', async ({ page }) => {
    const { sections } = await template(page);
    await page.goto(`/sections/edit/${sections[0]._id}`);
    await page.getByRole('button', { name: 'Try this section' }).click();
    const dialog = page.getByRole('dialog', { name: `Try "${sections[0].name}"` });
    await expect(dialog.getByRole('textbox', { name: 'Keyword' })).toHaveValue('Sample Keyword');
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue('Sample title');
    await dialog.getByRole('button', { name: 'Run' }).click();
    await expect(dialog.getByTestId('preview-status')).toHaveText('Status: Completed');
    await expect(dialog.getByRole('article', { name: sections[0].name })).toContainText('Introduce "Sample title" about Sample Keyword.');
    // The section form was not submitted meanwhile.
    await expect(page).toHaveURL(new RegExp(`/sections/edit/${sections[0]._id}$`));
  });
});
