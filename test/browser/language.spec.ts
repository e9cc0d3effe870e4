import { expect, Page, test } from './lane';
import { languageButton, shot } from './helpers';

/**
 * The dashboard in German beside English: a browser whose language is German opens it in German,
 * with German dates and money; the app bar's switch changes the language, keeps it across a reload,
 * and `<html lang>` follows.
 */
test.use({ locale: 'de-DE' });

/** Signs in as the local operator, as helpers' signIn does, and waits for the German welcome. */
async function signInGerman(page: Page) {
  const answer = await page.request.get('/api/auth/local', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  await page.goto('/');
  await expect(page.getByText('Willkommen, Local')).toBeVisible();
}

test.describe('Language: German beside English', () => {
  test('a German browser gets the dashboard in German, dates and money written the German way', async ({ page }) => {
    await signInGerman(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The menu, Home's cards and react-admin's own words, in German.
    await expect(page.getByRole('menuitem', { name: 'Start', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Aktuelle Artikel' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notion-Einstellungen' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Ausgaben in diesem Monat' })).toBeVisible();

    // Money: a workspace limit of $1,234.50 reads "1.234,50 $" (US dollars, German separators), after
    // the month's spend (whatever the lane's other specs spent: "0,0003 $").
    const made = await page.request.post('/api/budgets', { data: { monthly_limit_usd: 1234.5 } });
    expect(made.status()).toBe(201);
    const budget = (await made.json())._id as string;
    try {
      await page.reload();
      const limits = page.getByRole('region', { name: 'Monatsbudgets' }).getByRole('table', { name: 'Monatslimits' });
      await expect(limits.getByRole('row', { name: /Der ganze Arbeitsbereich/ })).toContainText(/\d+,\d+\s\$ von 1\.234,50\s\$/);
      await shot(page, 'language-de-home');
    } finally {
      expect((await page.request.delete(`/api/budgets/${budget}`)).ok()).toBe(true);
    }

    // A date: the members' "Beigetreten" column, as 28.11.2026, 06:58:12.
    await page.goto('/members');
    const members = page.getByRole('table', { name: 'Mitglieder' });
    await expect(members.getByRole('columnheader', { name: 'Beigetreten' })).toBeVisible();
    await expect(members.getByRole('row').nth(1)).toContainText(/\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}:\d{2}/);
    await shot(page, 'language-de-members');
  });

  test("the app bar's switch changes to English and back, the choice kept across a reload, <html lang> following", async ({ page }) => {
    await signInGerman(page);
    await page.goto('/members');
    await expect(page.getByRole('table', { name: 'Mitglieder' })).toBeVisible();

    await languageButton(page, 'de').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
    await expect(page.getByText('Welcome, Local')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Dates follow: 11/28/2026, 6:58:12 AM.
    await expect(page.getByRole('table', { name: 'Members' }).getByRole('row').nth(1)).toContainText(/\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s[AP]M/);

    // Kept: a reload (the browser still German) opens in English.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(languageButton(page, 'en')).toBeVisible();

    // And back to German, kept too.
    await languageButton(page, 'en').click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.getByRole('table', { name: 'Mitglieder' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Mitglieder' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
