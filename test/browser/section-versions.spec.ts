import { expect, Page, test } from '@playwright/test';
import { answerDialogs, signIn } from './helpers';

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
      await page.screenshot({ path: 'test-results/section-versions-diff.png', fullPage: true });

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
      await page.screenshot({ path: 'test-results/section-versions-restored.png', fullPage: true });

      // And the server holds it.
      const section = await (await page.request.get(`/api/sections/${id}`)).json();
      expect(section).toMatchObject({ name: 'Versions intro', temperature: 0.4, system_message: 'You write short introductions.', notes: 'First draft.' });
    } finally {
      expect((await page.request.delete(`/api/sections/${id}`)).ok()).toBe(true);
    }
  });
});
