import { expect, Page, test } from './lane';
import { readFileSync } from 'node:fs';
import { shot, signIn, signInWithGoogle } from './helpers';
import { ANTHROPIC_MODELS, ANTHROPIC_TEST_KEY } from '../fakes/anthropic-fake';

const notionCard = (page: Page) => page.getByRole('form', { name: 'Notion Settings' });
const openAiCard = (page: Page) => page.getByRole('form', { name: 'OpenAI Settings' });

test.describe('Home: the two settings cards', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('reads the saved settings once, not again on every render', async ({ page }) => {
    // Loaded: the cards show the saved settings.
    await expect(page.getByRole('textbox', { name: 'OpenAI API Key' })).toBeVisible();
    let reads = 0;
    page.on('request', (request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/user' && reads++);
    // Time for any render to ask again (a render loop asked every tenth of a second).
    await page.waitForTimeout(1_500);
    expect(reads).toBe(0);
  });

  test('collapses and expands each card', async ({ page }) => {
    const key = page.getByRole('textbox', { name: 'OpenAI API Key' });
    await expect(key).toBeVisible();
    await page.getByRole('button', { name: 'OpenAI Settings' }).click();
    await expect(key).toBeHidden();
    await page.getByRole('button', { name: 'OpenAI Settings' }).click();
    await expect(key).toBeVisible();
  });

  test('masks secrets and reveals them on demand', async ({ page }) => {
    const secret = page.getByRole('textbox', { name: 'Notion Secret' });
    await expect(secret).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show Notion Secret' }).click();
    await expect(secret).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide Notion Secret' }).click();
    await expect(secret).toHaveAttribute('type', 'password');
    await expect(page.getByRole('textbox', { name: 'OpenAI API Key' })).toHaveAttribute('type', 'password');
  });

  test('saves the OpenAI key, says "Saved!" for four seconds and shows only a hint afterwards', async ({ page }) => {
    await page.getByRole('textbox', { name: 'OpenAI API Key' }).fill('sk-proj-browser-test-key-Q7wz');
    await openAiCard(page).getByRole('button', { name: 'Save' }).click();
    const saved = openAiCard(page).getByText('Saved!');
    await expect(saved).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'OpenAI API Key' })).toHaveValue('sk-…Q7wz');
    await expect(saved).toBeHidden({ timeout: 6_000 });
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'OpenAI API Key' })).toHaveValue('sk-…Q7wz');
    await expect(
      page.getByRole('region', { name: 'OpenAI Settings' }).getByText('A value is saved; it is shown redacted. Type a new one to replace it.'),
    ).toBeVisible();
  });

  test('saves the Notion settings and the status configuration together', async ({ page }) => {
    await page.getByRole('textbox', { name: 'Notion Secret' }).fill('ntn_browser_secret_value_ABCD');
    await page.getByRole('textbox', { name: 'Database ID' }).fill('0123456789abcdef0123456789abcdef');
    await page.getByRole('textbox', { name: 'Status property name' }).fill('Stage');
    await page.getByRole('textbox', { name: 'Start value' }).fill('Write it');
    await notionCard(page).getByRole('button', { name: 'Save' }).click();
    await expect(notionCard(page).getByText('Saved!')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Notion Secret' })).toHaveValue('ntn…ABCD');
    await expect(page.getByRole('textbox', { name: 'Database ID' })).toHaveValue('012…cdef');
    await expect(page.getByRole('textbox', { name: 'Status property name' })).toHaveValue('Stage');
    await expect(page.getByRole('textbox', { name: 'Start value' })).toHaveValue('Write it');
    await expect(page.getByRole('textbox', { name: 'Complete value' })).toHaveValue('Posts Generated');
  });

  test('refuses an empty status value before sending anything', async ({ page }) => {
    let posts = 0;
    page.on('request', (request) => request.method() === 'POST' && request.url().includes('/api/user') && posts++);
    await page.getByRole('textbox', { name: 'Error value' }).fill('   ');
    await notionCard(page).getByRole('button', { name: 'Save' }).click();
    await expect(notionCard(page).getByText('Required')).toBeVisible();
    expect(posts).toBe(0);
  });

  test('says "Failed to save." when the server refuses, and shows its reason by the field', async ({ page }) => {
    await page.getByRole('textbox', { name: 'OpenAI API Key' }).fill('sk-has a space');
    await openAiCard(page).getByRole('button', { name: 'Save' }).click();
    await expect(openAiCard(page).getByText('Failed to save.')).toBeVisible();
    await expect(openAiCard(page).getByText('must not contain spaces or line breaks')).toBeVisible();
  });

  test('blocks a repeated submit while saving', async ({ page }) => {
    let posts = 0;
    // The save is held until Enter has been handled: a fixed delay let a slow page take the Enter
    // after the save had ended, a second save (of the hint) that no guard should block.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      await held;
      await route.continue();
    });
    await page.getByRole('textbox', { name: 'OpenAI API Key' }).fill('sk-proj-slow-save-key-value-0001');
    const save = openAiCard(page).getByRole('button', { name: 'Save' });
    await save.click();
    await expect(openAiCard(page).getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await page.getByRole('textbox', { name: 'OpenAI API Key' }).press('Enter');
    release();
    await expect(openAiCard(page).getByText('Saved!')).toBeVisible();
    expect(posts).toBe(1);
  });
});

test.describe('Home: model providers beside OpenAI', () => {
  test('an owner adds Anthropic, tests it (the models its key lists), renames it and removes it', async ({ page }) => {
    await signIn(page);
    const card = page.getByRole('region', { name: 'Model providers' });
    await expect(card.getByText('No other model provider is connected.')).toBeVisible();
    const form = card.getByRole('form', { name: 'Add a model provider' });
    await form.getByLabel('API key').fill(ANTHROPIC_TEST_KEY);
    await form.getByRole('button', { name: 'Add provider' }).click();
    const table = card.getByRole('table', { name: 'Connected providers' });
    await expect(table.getByRole('row', { name: /Anthropic.*sk-…0000/ })).toBeVisible();
    await expect(form.getByLabel('API key')).toHaveValue('');

    const actions = table.getByRole('group', { name: 'Actions: Anthropic' });
    await actions.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByText('Connected: Anthropic lists 5 models for this key.')).toBeVisible();
    await expect(card.getByLabel('Models Anthropic lists')).toHaveText(ANTHROPIC_MODELS.map((m) => m.id).join(', '));
    await shot(card, 'home-model-providers');

    // Renamed in its dialog; the key, left as its hint, stays.
    await actions.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Anthropic' });
    await expect(dialog.getByLabel('API key')).toHaveValue('sk-…0000');
    await dialog.getByLabel('Name').fill('Claude');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const renamed = table.getByRole('group', { name: 'Actions: Claude' });
    await renamed.getByRole('button', { name: 'Test' }).click();
    await expect(card.getByText('Connected: Claude lists 5 models for this key.')).toBeVisible();

    page.once('dialog', (confirm) => void confirm.accept());
    await renamed.getByRole('button', { name: 'Remove' }).click();
    await expect(card.getByText('No other model provider is connected.')).toBeVisible();
  });

  test("an OpenAI-compatible server needs its address; the server's refusal shows by the field", async ({ page }) => {
    await signIn(page);
    const form = page.getByRole('form', { name: 'Add a model provider' });
    await form.getByRole('combobox', { name: 'Vendor' }).click();
    await page.getByRole('option', { name: 'OpenAI-compatible server' }).click();
    await form.getByLabel('Name').fill('Local Ollama');
    await form.getByLabel('Server address').fill('ftp://localhost/v1');
    await form.getByRole('button', { name: 'Add provider' }).click();
    await expect(form.getByText('must be an http or https address')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Model providers' }).getByText('No other model provider is connected.')).toBeVisible();
  });
});

test.describe('Home: load failures', () => {
  test('says "Failed to load user data." when the settings cannot be read', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/user', (route) => route.fulfill({ status: 500, json: { statusCode: 500 } }));
    await page.reload();
    await expect(page.getByText('Failed to load user data.')).toBeVisible();
    await expect(openAiCard(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('says "Failed to load status config." when the status configuration cannot be read', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/user/status-config', (route) => route.fulfill({ status: 500, json: { statusCode: 500 } }));
    await page.reload();
    await expect(page.getByText('Failed to load status config.')).toBeVisible();
    await expect(notionCard(page).getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

test.describe('Home: backups', () => {
  test('downloads a whole backup for the owner of the data, one per click', async ({ page }) => {
    await signIn(page);
    const card = page.getByRole('region', { name: 'Backups' });
    await expect(card.getByText('keep the encryption key (ENCRYPTION_KEY, or encryption.key in the data folder) with it')).toBeVisible();
    const button = card.getByRole('link', { name: 'Download a backup' });
    // A download is not a page request: each backup the server makes arrives as a download.
    let downloads = 0;
    page.on('download', () => downloads++);
    const downloading = page.waitForEvent('download');
    await button.dblclick();
    // Busy until the server has made it: a second click makes no second backup.
    await expect(card.getByRole('link', { name: 'Preparing the backup...' })).toHaveAttribute('aria-disabled', 'true');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quire-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.sql$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('-- Quire backup 1\n')).toBe(true);
    expect(text).toMatch(/-- quire-backup-end sha256:[0-9a-f]{64}\n$/);
    await expect(card.getByRole('link', { name: 'Download a backup' })).toBeVisible({ timeout: 6_000 });
    // A double click made one backup (spec §4: one request per action).
    expect(downloads).toBe(1);
  });

  test('is not offered to an operator who does not own the data (google mode without DATA_OWNER_EMAILS)', async ({ page }) => {
    await signInWithGoogle(page);
    await expect(page.getByRole('form', { name: 'OpenAI Settings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0);
    const response = await page.request.get(new URL('/api/backup', page.url()).toString());
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe('Only the owners of the data (DATA_OWNER_EMAILS) may download a backup.');
  });
});
