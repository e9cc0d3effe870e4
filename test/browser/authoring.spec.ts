import { expect, Page, test } from './lane';
import { signIn } from './helpers';

/** Accepts (true) or dismisses (false) the next browser confirms in order, recording their text. */
function answerConfirms(page: Page, answers: boolean[]) {
  const asked: string[] = [];
  page.on('dialog', async (dialog) => {
    asked.push(dialog.message());
    await (answers.shift() ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

const sectionsTable = (page: Page) => page.getByRole('table', { name: 'Current Sections' });
const sectionRow = (page: Page, name: string) =>
  sectionsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });
const slot = (page: Page, n: number) => page.getByRole('group', { name: `Section ${n}` });

async function chooseSlot(page: Page, n: number, section: string) {
  await slot(page, n).getByRole('combobox').click();
  await page.getByRole('option', { name: section, exact: true }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('Authoring: sections, articles and bias word lists', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('creates a section, checking the required fields first', async ({ page }) => {
    expect((await page.request.post('/api/models', { data: { name: 'Writer', base_model: 'gpt-4o' } })).status()).toBe(201);
    await page.getByRole('menuitem', { name: 'Create New Section' }).click();
    await expect(page).toHaveURL(/\/sections\/new$/);
    await page.getByRole('button', { name: 'Create Section' }).click();
    await expect(page.getByText('Required')).toHaveCount(4);
    await expect(page).toHaveURL(/\/sections\/new$/);

    await page.getByRole('textbox', { name: 'Name' }).fill('Intro');
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Writer (not fine-tuned)' }).click();
    await page.getByRole('spinbutton', { name: 'Temperature' }).fill('0.5');
    await expect(page.getByRole('combobox', { name: 'Logit Bias Group' })).toHaveText('None');
    await page.getByRole('textbox', { name: 'System Message' }).fill('You write introductions.');
    await page.getByRole('textbox', { name: 'User Message' }).fill('Introduce {{title}}.');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Keep it short.');
    await page.getByRole('button', { name: 'Create Section' }).click();
    await expect(page).toHaveURL(/\/sections$/);
    await expect(page.getByText('Section created!')).toBeVisible();
    await expect(sectionRow(page, 'Intro').getByRole('checkbox', { name: 'Select Intro' })).not.toBeChecked();
    await expect(sectionRow(page, 'Intro').getByRole('cell')).toHaveText([
      // The selection column for the bulk action comes first, then spec §2's columns.
      '',
      'Intro',
      // The model, and the day OpenAI stops it.
      'Writerstops 2027-01-14',
      '0.5',
      'None',
      'You write introductions.',
      'Introduce {{title}}.',
      'Keep it short.',
      /Edit/,
    ]);
  });

  test('says under the model that it reasons and when OpenAI stops it, and offers a reasoning effort for a model that reasons', async ({ page }) => {
    expect((await page.request.post('/api/models', { data: { name: 'Reasoner', base_model: 'o3' } })).status()).toBe(201);
    await page.goto('/sections/new');
    const note = page.getByText(/^o3 reasons\. OpenAI refuses some settings for models that reason/);
    const effort = page.getByRole('combobox', { name: 'Reasoning effort' });
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Writer (not fine-tuned)' }).click();
    await expect(note).toBeHidden();
    await expect(effort).toBeHidden();
    await page.getByRole('combobox', { name: 'Model' }).click();
    await page.getByRole('option', { name: 'Reasoner (not fine-tuned)' }).click();
    await expect(note).toBeVisible();
    await expect(page.getByText('OpenAI stops o3 on 2026-12-11.')).toBeVisible();
    await expect(effort).toHaveText('Default');
    await effort.click();
    await expect(page.getByRole('option')).toHaveText(['Default', 'none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max']);
    await page.getByRole('option', { name: 'high', exact: true }).click();
    await expect(effort).toHaveText('high');
  });

  test('copies a section twice, asking first and naming each copy', async ({ page }) => {
    await page.goto('/sections');
    const asked = answerConfirms(page, [false, true, true]);
    await sectionRow(page, 'Intro').getByRole('button', { name: 'Copy' }).click();
    expect(asked).toEqual(['Duplicate this section?']);
    await expect(sectionsTable(page).getByRole('row')).toHaveCount(2);
    await sectionRow(page, 'Intro').getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Section copied!')).toBeVisible();
    await expect(sectionRow(page, 'Intro (1)')).toBeVisible();
    await sectionRow(page, 'Intro (1)').getByRole('button', { name: 'Copy' }).click();
    await expect(sectionRow(page, 'Intro (2)')).toBeVisible();
    expect(asked).toEqual(['Duplicate this section?', 'Duplicate this section?', 'Duplicate this section?']);
  });

  test('composes an article of three sections with previews', async ({ page }) => {
    await page.getByRole('menuitem', { name: 'Create New Article' }).click();
    await expect(page).toHaveURL(/\/articles\/new$/);
    await page.getByRole('button', { name: 'Create Article' }).click();
    await expect(page.getByText('Required')).toHaveCount(2);
    await page.getByRole('textbox', { name: 'Title' }).fill('Best Laptops');
    await page.getByRole('textbox', { name: 'Type' }).fill('Listicle');
    await chooseSlot(page, 1, 'Intro');
    await expect(slot(page, 1)).toContainText('Temperature0.5');
    await expect(slot(page, 1)).toContainText('NotesKeep it short.');
    await expect(slot(page, 1)).toContainText('Bias groupNone');
    await page.getByRole('button', { name: 'Add Section' }).click();
    await chooseSlot(page, 2, 'Intro (1)');
    await page.getByRole('button', { name: 'Add Section' }).click();
    await chooseSlot(page, 3, 'Intro (2)');
    await page.getByRole('button', { name: 'Add Section' }).click();
    await page.getByRole('button', { name: 'Create Article' }).click();
    await expect(page.getByText('Article created!')).toBeVisible();
    await expect(page).toHaveURL(/\/articles\?id=/);
    const summary = page.getByRole('table', { name: 'Best Laptops' });
    await expect(summary.getByRole('row', { name: /Type/ })).toContainText('Listicle');
    await expect(summary.getByRole('row', { name: /Sections/ })).toContainText('3');
    await page.getByRole('button', { name: '2. Intro (1)' }).click();
    await expect(page.getByRole('row', { name: /User Prompt/ }).first()).toContainText('Introduce {{title}}.');
  });

  test("shows the server's refusal on the slot whose section was deleted meanwhile, and creates nothing", async ({ page }) => {
    const models = (await (await page.request.get('/api/models')).json()) as { _id: string; name: string }[];
    const writer = models.find((m) => m.name === 'Writer')!;
    const made = await page.request.post('/api/sections', {
      data: { name: 'Doomed', model: writer._id, temperature: 0.5, logit_bias_group: null, system_message: 'S', user_message: 'U', notes: '' },
    });
    expect(made.status()).toBe(201);
    await page.goto('/articles/new');
    await page.getByRole('textbox', { name: 'Title' }).fill('Doomed article');
    await page.getByRole('textbox', { name: 'Type' }).fill('Guide');
    await chooseSlot(page, 1, 'Intro');
    await page.getByRole('button', { name: 'Add Section' }).click();
    await chooseSlot(page, 2, 'Doomed');
    expect((await page.request.delete(`/api/sections/${(await made.json())._id}`)).ok()).toBe(true);
    await page.getByRole('button', { name: 'Create Article' }).click();
    await expect(page.getByText('Error creating article.')).toBeVisible();
    await expect(slot(page, 2)).toContainText('is not one of your sections');
    await expect(slot(page, 1)).not.toContainText('is not one of your sections');
    await expect(page).toHaveURL(/\/articles\/new$/);
    const articles = (await (await page.request.get('/api/articles')).json()) as { article_title: string }[];
    expect(articles.map((a) => a.article_title)).not.toContain('Doomed article');
  });

  test('reorders the article by removing and adding a section', async ({ page }) => {
    await page.goto('/articles');
    await page.getByRole('combobox', { name: 'Article' }).click();
    await page.getByRole('option', { name: 'Best Laptops' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/articles\/edit\//);
    await slot(page, 1).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Add Section' }).click();
    await chooseSlot(page, 3, 'Intro');
    await page.getByRole('button', { name: 'Update Article' }).click();
    await expect(page.getByText('Article updated!')).toBeVisible();
    await expect(page.getByRole('button', { name: /^\d\. / })).toHaveText(['1. Intro (1)', '2. Intro (2)', '3. Intro']);
  });

  test('edits a section from the article and lands back on the article', async ({ page }) => {
    await page.goto('/articles');
    await page.getByRole('combobox', { name: 'Article' }).click();
    await page.getByRole('option', { name: 'Best Laptops' }).click();
    await page.getByRole('link', { name: 'Edit' }).click();
    const articleUrl = page.url();
    const articleId = articleUrl.split('/').pop();
    await slot(page, 1).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/sections/edit/.+\\?article=${articleId}$`));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(articleUrl);
    await slot(page, 1).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('spinbutton', { name: 'Temperature' }).fill('0.9');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Section updated!')).toBeVisible();
    await expect(page).toHaveURL(articleUrl);
    await expect(slot(page, 1)).toContainText('Temperature0.9');
  });

  test('makes a bias word list with two groups, and edits it', async ({ page }) => {
    await page.getByRole('menuitem', { name: 'Bias Words' }).click();
    await page.getByRole('link', { name: '+ Create New List' }).click();
    await expect(page).toHaveURL(/\/biaswords\/new$/);
    await expect(page.getByRole('button', { name: 'Remove Group' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'List name' }).fill('Overused');
    const group1 = page.getByRole('group', { name: 'Group 1' });
    await expect(group1.getByRole('spinbutton', { name: 'Bias (-100 to 100)' })).toHaveValue('-100');
    await group1.getByRole('textbox', { name: 'Words (comma-separated)' }).fill('delve, tapestry, ,');
    await page.getByRole('button', { name: 'Add Group' }).click();
    const group2 = page.getByRole('group', { name: 'Group 2' });
    await expect(group2.getByRole('spinbutton')).toHaveValue('-100');
    await expect(page.getByRole('button', { name: 'Remove Group' })).toHaveCount(2);
    await group2.getByRole('textbox', { name: 'Words (comma-separated)' }).fill('crucial');
    await group2.getByRole('spinbutton').fill('-40');
    await page.getByRole('button', { name: 'Show tokens' }).click();
    await expect(page.getByText(/\d+ tokens of the 300 OpenAI accepts/)).toBeVisible();
    await expect(page.getByRole('table', { name: 'Token preview' })).toContainText('" delve"');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('List created!')).toBeVisible();
    const row = page.getByRole('row', { name: /Overused/ });
    await expect(row.getByRole('cell')).toHaveText(['Overused', '2', '3', /Edit/]);

    await row.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('group', { name: 'Group 1' }).getByRole('textbox')).toHaveValue('delve, tapestry');
    await page.getByRole('group', { name: 'Group 2' }).getByRole('button', { name: 'Remove Group' }).click();
    await expect(page.getByRole('button', { name: 'Remove Group' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('List updated!')).toBeVisible();
    await expect(page.getByRole('row', { name: /Overused/ }).getByRole('cell')).toHaveText(['Overused', '1', '2', /Edit/]);
  });

  test('sends the operator back to the lists when a list cannot be loaded', async ({ page }) => {
    await page.goto('/biaswords/6f1c2b3a-0000-4000-8000-000000000000/edit');
    await expect(page.getByText('Failed to load bias list.')).toBeVisible();
    await expect(page).toHaveURL(/\/biaswords$/);
  });

  test('deletes an article and a section after asking', async ({ page }) => {
    await page.goto('/articles');
    await page.getByRole('combobox', { name: 'Article' }).click();
    await page.getByRole('option', { name: 'Best Laptops' }).click();
    const asked = answerConfirms(page, [true, false, true]);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Article deleted.')).toBeVisible();
    expect(asked).toEqual(['Are you sure you want to delete this article?']);
    await page.goto('/sections');
    await sectionRow(page, 'Intro (2)').getByRole('button', { name: 'Delete' }).click();
    await expect(sectionRow(page, 'Intro (2)')).toBeVisible();
    await sectionRow(page, 'Intro (2)').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Section deleted!')).toBeVisible();
    await expect(sectionRow(page, 'Intro (2)')).toBeHidden();
    expect(asked.slice(1)).toEqual(['Are you sure you want to delete this section?', 'Are you sure you want to delete this section?']);
  });
});
