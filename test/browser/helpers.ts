import { expect, Page } from '@playwright/test';

/** Signs in as the local operator the way a person does: the login page's button. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Local Operator' }).click();
  await expect(page.getByText('Welcome, Local')).toBeVisible();
}
