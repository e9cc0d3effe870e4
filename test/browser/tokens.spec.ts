import { randomBytes } from 'node:crypto';
import { expect, test } from './lane';
import { shot, signIn } from './helpers';
import { APP_URL } from './ports';

/**
 * API tokens: a member makes one on the Tokens screen (its value shown once, with a copy button),
 * a script uses it with no cookie, and Revoke stops it.
 */
test.describe('API tokens', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a token made on the Tokens screen works from a script without a cookie, and stops working once revoked', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const name = `CI check ${randomBytes(3).toString('hex')}`;
    await page.goto('/');
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    await expect(page).toHaveURL(/\/tokens$/);
    await page.getByRole('link', { name: 'New token' }).click();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Editor' }).click();
    await page.getByRole('button', { name: 'Create token' }).click();

    const dialog = page.getByRole('dialog', { name: `Token "${name}" created` });
    await expect(dialog.getByText('Copy it now: Quire will not show it again.')).toBeVisible();
    const value = await dialog.getByTestId('made-token').inputValue();
    expect(value).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    await shot(dialog, 'token-made');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page).toHaveURL(/\/tokens$/);

    // A script: no cookie, only the token.
    const script = (path: string, init: RequestInit = {}) =>
      fetch(`${APP_URL}${path}`, { ...init, headers: { Authorization: `Bearer ${value}`, 'Content-Type': 'application/json', ...init.headers } });
    expect((await script('/api/articles')).status).toBe(200);
    const client = await script('/api/clients', { method: 'POST', body: JSON.stringify({ name: `${name} client` }) });
    expect(client.status).toBe(201);
    const made = (await client.json()) as { _id: string };
    expect((await script('/api/me')).status).toBe(401);

    const row = page.getByRole('row', { name: new RegExp(name) });
    await page.reload();
    await expect(row).toContainText('Editor');
    await expect(row).toContainText(value.slice(0, 7));
    await shot(page, 'tokens-list');
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Token revoked.')).toBeVisible();
    await expect(row).toBeHidden();
    expect((await script('/api/articles')).status).toBe(401);
    expect((await page.request.delete(`/api/clients/${made._id}`)).ok()).toBe(true);
  });
});
