import { expect, Page, test } from './lane';
import { answerDialogs, connectSimulators, disconnectSimulators, shot, signIn, writeArticles } from './helpers';

const versionsTable = (page: Page) => page.getByRole('table', { name: 'Versions' });
const diff = (page: Page) => page.getByRole('region', { name: /compared with the current version/ });
/** The diff's entry of one field: its <dd>, after the <dt> naming it. */
const changedField = (page: Page, label: string) => diff(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

async function update(page: Page, id: string, fields: Record<string, string>) {
  await page.goto(`/sections/edit/${id}`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await expect(name).not.toHaveValue('');
  for (const [label, value] of Object.entries(fields)) {
    const input = label === 'Temperature' ? page.getByRole('spinbutton', { name: label }) : page.getByRole('textbox', { name: label });
    await input.fill(value);
  }
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/sections$/);
  await expect(page.getByText('Section updated!')).toBeVisible();
}

test.describe('Section versions on /sections/edit/{id}', () => {
  test('edits a section twice, compares a version with the current one word by word, and restores it after confirming', async ({ page }) => {
    await signIn(page);
    const model = await page.request.post('/api/models', { data: { name: 'Versions voice', base_model: 'gpt-4o' } });
    expect(model.status()).toBe(201);
    const created = await page.request.post('/api/sections', {
      data: {
        name: 'Versions intro',
        model: (await model.json())._id,
        temperature: 0.4,
        logit_bias_group: null,
        system_message: 'You write short introductions.',
        user_message: 'Introduce {{title}} for {{client}}.',
        notes: 'First draft.',
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json())._id as string;
    try {
      await update(page, id, { 'System Message': 'You write warm, short introductions.' });
      await update(page, id, { Name: 'Versions intro v3', Temperature: '0.9', 'User Message': 'Introduce {{title}} to readers of {{client}}.' });

      await page.goto(`/sections/edit/${id}`);
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Versions intro v3');
      const rows = versionsTable(page).getByRole('row');
      await expect(rows).toHaveCount(4);
      await expect(rows.nth(1).getByRole('cell').first()).toHaveText('3 (current)');
      await expect(rows.nth(2).getByRole('cell').first()).toHaveText('2');
      await expect(rows.nth(3).getByRole('cell').first()).toHaveText('1');

      // By default the version before the current one: only the second edit's fields differ.
      await expect(diff(page).getByRole('heading')).toHaveText('Version 2 compared with the current version (3)');
      await expect(changedField(page, 'Name').locator('ins')).toHaveText(' v3');
      await expect(diff(page).locator('dt')).toHaveText(['Name', 'Temperature', 'User Message']);

      // Version 1 against the current one: the first edit's word too.
      await page.getByRole('button', { name: 'Compare Version 1' }).click();
      await expect(page.getByRole('button', { name: 'Compare Version 1' })).toHaveAttribute('aria-pressed', 'true');
      await expect(diff(page).getByRole('heading')).toHaveText('Version 1 compared with the current version (3)');
      await expect(diff(page).locator('dt')).toHaveText(['Name', 'Temperature', 'System Message', 'User Message']);
      await expect(changedField(page, 'System Message').locator('ins')).toHaveText('warm, ');
      await expect(changedField(page, 'System Message').locator('del')).toHaveCount(0);
      await expect(changedField(page, 'System Message')).toHaveText('You write warm, short introductions.');
      await expect(changedField(page, 'Temperature').locator('del')).toHaveText('0.4');
      await expect(changedField(page, 'Temperature').locator('ins')).toHaveText('0.9');
      await expect(changedField(page, 'User Message').locator('del')).toHaveText('for');
      await expect(changedField(page, 'User Message').locator('ins')).toHaveText('to readers of');
      await expect(diff(page).getByText('Unchanged: Model, Logit Bias Group, Notes')).toBeVisible();
      await shot(page, 'section-versions-diff');

      // Restore asks first: Cancel changes nothing.
      const asked = answerDialogs(page, [false, true]);
      await page.getByRole('button', { name: 'Restore Version 1' }).click();
      expect(asked).toEqual(['Restore version 1? The section takes back its fields as a new version; no version is changed.']);
      await expect(rows).toHaveCount(4);
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Versions intro v3');

      await page.getByRole('button', { name: 'Restore Version 1' }).click();
      await expect(page.getByText('Version 1 restored.')).toBeVisible();
      expect(asked).toHaveLength(2);
      // The form shows version 1's values, and the list its new version 4.
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Versions intro');
      await expect(page.getByRole('spinbutton', { name: 'Temperature' })).toHaveValue('0.4');
      await expect(page.getByRole('textbox', { name: 'System Message' })).toHaveValue('You write short introductions.');
      await expect(page.getByRole('textbox', { name: 'User Message' })).toHaveValue('Introduce {{title}} for {{client}}.');
      await expect(rows).toHaveCount(5);
      await expect(rows.nth(1).getByRole('cell').first()).toHaveText('4 (current)');
      await expect(diff(page).getByRole('heading')).toHaveText('Version 3 compared with the current version (4)');
      await page.getByRole('button', { name: 'Compare Version 1' }).click();
      await expect(diff(page).getByText('Version 1 is the same as the current version.')).toBeVisible();
      await shot(page, 'section-versions-restored');

      // And the server holds it.
      const section = await (await page.request.get(`/api/sections/${id}`)).json();
      expect(section).toMatchObject({ name: 'Versions intro', temperature: 0.4, system_message: 'You write short introductions.', notes: 'First draft.' });
    } finally {
      expect((await page.request.delete(`/api/sections/${id}`)).ok()).toBe(true);
    }
  });
});

test.describe("An article entry brought up to its section's newest version, and History naming it", () => {
  test('keeps an entry at version 1 through a save, updates it to version 2 on request, and History names version 2', async ({ page }) => {
    await signIn(page);
    const made: string[] = [];
    const create = async (path: string, data: object) => {
      const res = await page.request.post(path, { data });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
      const record = await res.json();
      if (!path.endsWith('/models')) made.unshift(`${path}/${record._id}`);
      return record;
    };
    try {
      await connectSimulators(page);
      const model = await create('/api/models', { name: 'Pinned voice', base_model: 'gpt-4o' });
      const first = await create('/api/logit-bias-groups', { name: 'Pinned words one', entries: [{ words: ['delve'], bias: -100 }] });
      const second = await create('/api/logit-bias-groups', { name: 'Pinned words two', entries: [{ words: ['tapestry'], bias: -100 }] });
      const section = (name: string, system: string, bias: string | null) =>
        create('/api/sections', {
          name,
          model: model._id,
          temperature: 0.4,
          logit_bias_group: bias,
          system_message: system,
          user_message: `${name} for {{title}}.`,
        });
      const opening = await section('Pinned opening', 'You open articles.', first._id);
      const closing = await section('Pinned closing', 'You close articles.', null);
      const entry = (s: Record<string, unknown>) => ({
        section: s._id,
        heading: s.name,
        systemPrompt: s.system_message,
        userPrompt: s.user_message,
        model: s.model,
        temperature: s.temperature,
        logit_bias_group: s.logit_bias_group,
      });
      const article = await create('/api/articles', { article_title: 'Pinned guide', article_type: 'PinnedGuide', sections: [entry(opening), entry(closing)] });
      expect(article.sections.map((e: Record<string, unknown>) => [e.section_version, e.latest_version])).toEqual([
        [1, 1],
        [1, 1],
      ]);

      // The opening edited on its own form: version 2, with another prompt and bias list.
      await page.goto(`/sections/edit/${opening._id}`);
      await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Pinned opening');
      await page.getByRole('textbox', { name: 'System Message' }).fill('You open articles warmly.');
      await page.getByRole('combobox', { name: 'Logit Bias Group' }).click();
      await page.getByRole('option', { name: 'Pinned words two' }).click();
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Section updated!')).toBeVisible();

      const read = async () => (await (await page.request.get(`/api/articles/${article._id}`)).json()).sections as Record<string, unknown>[];
      const slot = (n: number) => page.getByRole('group', { name: `Section ${n}` });
      const openEdit = async () => {
        await page.goto(`/articles/edit/${article._id}`);
        await expect(slot(1).getByRole('combobox')).toHaveText('Pinned opening');
      };

      // The article offers the update on the opening only; a save without it keeps the entry at version 1.
      await openEdit();
      await expect(slot(1)).toContainText('The article holds version 1 of this section; it is now at version 2.');
      await expect(slot(1).getByRole('button', { name: 'Update to version 2' })).toBeVisible();
      await expect(slot(2)).toContainText('The article holds version 1 of this section.');
      await expect(slot(2).getByRole('button', { name: /^Update to version/ })).toHaveCount(0);
      await shot(page, 'article-update-to-version');
      await page.getByRole('button', { name: 'Update Article' }).click();
      await expect(page.getByText('Article updated!')).toBeVisible();
      expect((await read())[0]).toMatchObject({ systemPrompt: 'You open articles.', logit_bias_group: first._id, section_version: 1, latest_version: 2 });
      // The article's page says so too.
      await page.getByRole('button', { name: '1. Pinned opening' }).click();
      await expect(page.getByRole('row', { name: /Section version/ })).toContainText('Version 1 (the section is now at version 2)');

      // "Update to version 2", then Update Article: the entry is the section as it is now, its bias list included.
      await openEdit();
      await slot(1).getByRole('button', { name: 'Update to version 2' }).click();
      await expect(slot(1)).toContainText('Updated to version 2: Update Article saves it.');
      await expect(slot(1).getByRole('button', { name: 'Update to version 2' })).toHaveCount(0);
      await shot(page, 'article-updated-to-version');
      await page.getByRole('button', { name: 'Update Article' }).click();
      await expect(page.getByText('Article updated!')).toBeVisible();
      await page.getByRole('button', { name: '1. Pinned opening' }).click();
      await expect(page.getByRole('row', { name: /Section version/ })).toHaveText(/Version 2$/);
      const saved = await read();
      expect(saved[0]).toMatchObject({ systemPrompt: 'You open articles warmly.', logit_bias_group: second._id, section_version: 2, latest_version: 2 });
      expect(saved[1]).toMatchObject({ systemPrompt: 'You close articles.', logit_bias_group: null, section_version: 1, latest_version: 1 });
      await openEdit();
      await expect(slot(1)).toContainText('The article holds version 2 of this section.');
      await expect(page.getByRole('button', { name: /^Update to version/ })).toHaveCount(0);

      // An article written now names the version each section was written with.
      const [written] = await writeArticles(page, [{ title: 'Written at version two', type: 'PinnedGuide' }]);
      expect(written.status).toBe('completed');
      await page.goto(`/history/${written._id}`);
      const fact = (heading: string, label: string) =>
        page.getByRole('region', { name: 'The article as written' }).getByRole('region', { name: heading }).locator(`dt:text-is("${label}") + dd`);
      await expect(fact('Pinned opening', 'Section:')).toHaveText('Version 2');
      await expect(fact('Pinned closing', 'Section:')).toHaveText('Version 1');
      await shot(page, 'history-section-version');
    } finally {
      for (const path of made) expect((await page.request.delete(path)).ok(), path).toBe(true);
      await disconnectSimulators(page);
    }
  });
});
