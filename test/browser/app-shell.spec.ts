import { expect, test } from './lane';
import { signIn } from './helpers';

test.describe('Start-up, sign-in and the layout shell', () => {
  test('shows "Loading..." while the identity lookup is pending', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('redirects every signed-out path to /login, replacing the history entry', async ({ page }) => {
    await page.goto('/login');
    const before = await page.evaluate(() => window.history.length);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('link', { name: 'Sign in with Local Operator' })).toHaveAttribute('href', '/api/auth/local');
    // One entry for the visit to /history, which the redirect replaced rather than adding /login on top.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
    await page.goto('/articles/edit/123');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('shows why a sign-in was refused', async ({ page }) => {
    await page.goto('/login?error=mallory%40elsewhere.test%20is%20not%20allowed%20to%20sign%20in%20to%20Quire.');
    await expect(page.getByRole('alert')).toHaveText('mallory@elsewhere.test is not allowed to sign in to Quire.');
  });

  test('signs in with the provider button and shows the layout shell', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/$/);
    const menu = page;
    for (const entry of [
      'Home',
      'Current Articles',
      'Create New Article',
      'Current Sections',
      'Create New Section',
      'Current Models',
      'Create New Models',
      'Manage Clients/Sites',
      'Bias Words',
      'History',
    ]) {
      await expect(menu.getByRole('menuitem', { name: entry, exact: true })).toBeVisible();
    }
    for (const group of ['Article Settings', 'Section Settings', 'Model Settings']) {
      await expect(page.getByRole('group', { name: group })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Current Articles' })).toHaveAttribute('href', '/articles');
    await expect(menu.getByRole('menuitem', { name: 'Create New Models' })).toHaveAttribute('href', '/models/new');
  });

  test('a path react-admin registers without a screen shows its Not Found, as a mistyped one does, never an empty page', async ({ page }) => {
    await signIn(page);
    const notFound = page.getByRole('heading', { name: 'Not Found', level: 1 });
    for (const path of ['/no-such-screen', '/fine-tune-jobs', '/training-jobs', '/logit-bias-groups', '/training', '/training/view']) {
      await page.goto(path);
      await expect(notFound, path).toBeVisible();
      await expect(page.getByText('Either you typed a wrong URL, or you followed a bad link.'), path).toBeVisible();
    }
    // The training screens under /training are still there.
    await page.goto('/training/submit');
    await expect(page.getByRole('textbox', { name: 'Website URL' })).toBeVisible();
    await expect(notFound).toHaveCount(0);
  });

  test('collapses and expands a sidebar group', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Article Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Current Articles' })).toBeHidden();
    await page.getByRole('button', { name: 'Article Settings' }).click();
    await expect(page.getByRole('menuitem', { name: 'Current Articles' })).toBeVisible();
  });

  test('welcomes the operator by first name with their avatar', async ({ page }) => {
    const avatar = 'data:image/svg+xml;base64,' + Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>').toString('base64');
    await signIn(page);
    await page.route('**/api/me', (route) => route.fulfill({ json: { name: 'Ada King Lovelace', avatar, email: 'ada@quire.test' } }));
    await page.reload();
    await expect(page.getByText('Welcome, Ada', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Ada King Lovelace' })).toHaveAttribute('src', avatar);
  });

  test('says "Please log in to access this app." when the header cannot look up the operator', async ({ page }) => {
    await signIn(page);
    let calls = 0;
    await page.route('**/api/me', async (route) => {
      calls += 1;
      if (calls === 1) return route.continue();
      await route.fulfill({ status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    });
    await page.reload();
    await expect(page.getByText('Please log in to access this app.')).toBeVisible({ timeout: 15_000 });
  });

  test('logs out to /login and keeps the dashboard closed afterwards', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('says "Logout failed. Please try again." when logout fails, then lets the operator stay', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/logout', (route) => route.fulfill({ status: 500, json: { statusCode: 500 } }));
    await page.getByRole('button', { name: 'Logout' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Logout failed. Please try again.' });
    await expect(alert).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(alert).toBeHidden({ timeout: 6_000 });
  });
});
