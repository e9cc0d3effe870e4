import { expect, Page } from '@playwright/test';
import { GOOGLE_APP_URL, OPENAI_FAKE_URL } from './ports';

/** Signs in as the local operator the way a person does: the login page's button. */
export async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Local Operator' }).click();
  await expect(page.getByText('Welcome, Local')).toBeVisible();
}

/** Signs in on the Google-mode server through the Google simulator, as its allowed account. */
export async function signInWithGoogle(page: Page): Promise<void> {
  await page.goto(`${GOOGLE_APP_URL}/login`);
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('Welcome, Ada')).toBeVisible();
}

/**
 * Records the text of every alert and confirm the page raises; each confirm takes the next of
 * `answers` (true accepts, false or none left dismisses). Push to `answers` before the click.
 */
export function answerDialogs(page: Page, answers: boolean[]): string[] {
  const asked: string[] = [];
  page.on('dialog', async (dialog) => {
    asked.push(dialog.message());
    await (dialog.type() === 'confirm' && answers.shift() ? dialog.accept() : dialog.dismiss());
  });
  return asked;
}

export const OPENAI_KEY = 'sk-test-quire-fake-key-0000';

/**
 * The OpenAI simulator reset (and configured, e.g. `{ models: [...] }` for what the key lists), its
 * key saved, and the key's model list read afresh through Home's "Test connection" (Quire
 * otherwise remembers it for a few minutes).
 */
export async function useOpenAiSimulator(page: Page, config: object = {}): Promise<void> {
  expect((await page.request.post(`${OPENAI_FAKE_URL}/__fake/reset`, { data: {} })).ok()).toBe(true);
  expect((await page.request.post(`${OPENAI_FAKE_URL}/__fake/config`, { data: config })).ok()).toBe(true);
  expect((await page.request.post('/api/user', { data: { envVars: { OPENAI_API_KEY: OPENAI_KEY } } })).ok()).toBe(true);
  const test = await page.request.post('/api/generation/test-openai');
  expect(await test.json()).toEqual({ ok: true, message: 'Connected: OpenAI accepts the key.' });
}
