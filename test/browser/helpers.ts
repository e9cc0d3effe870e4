import { mkdirSync } from 'node:fs';
import { APIRequestContext, expect, Locator, Page } from '@playwright/test';
import { GOOGLE_APP_URL, NOTION_FAKE_URL, OPENAI_FAKE_URL } from './ports';

/** Where `shot` puts its pictures. */
export const SHOTS_DIR = 'test-results/shots';

/**
 * With SHOTS=1, a picture of the page (whole) or of one element goes to test-results/shots/{name}.png,
 * for a person to look at; otherwise nothing is taken (a picture costs a render, and no test reads it).
 */
export async function shot(target: Page | Locator, name: string): Promise<void> {
  if (process.env.SHOTS !== '1') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const path = `${SHOTS_DIR}/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage: true }) : target.screenshot({ path }));
}

/**
 * Signs in as the local operator: the request the login page's button makes (GET /api/auth/local,
 * whose cookie the page's context keeps), then the dashboard. The login page itself is tested in
 * app-shell.spec.ts; loading it before every test cost a render of the dashboard's bundle each.
 */
export async function signIn(page: Page): Promise<void> {
  const answer = await page.request.get('/api/auth/local', { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  await page.goto('/');
  await expect(page.getByText('Welcome, Local')).toBeVisible();
}

/**
 * Picks `option` in a react-admin AutocompleteInput whose choices the server filters: types `typed`,
 * waits for the server's filtered choices (until then the list shows the previous ones, which the
 * answer reorders under the pointer, so a click could land between two options), clicks `option`,
 * and checks the input took it.
 */
export async function pickFromServer(page: Page, input: Locator, typed: string, option: string): Promise<void> {
  await input.fill(typed);
  const options = page.getByRole('listbox').getByRole('option');
  await expect
    .poll(async () => {
      const texts = await options.allTextContents();
      return texts.length > 0 && texts.every((text) => text.toLowerCase().includes(typed.toLowerCase()));
    })
    .toBe(true);
  await options.filter({ hasText: option }).first().click();
  await expect(input).toHaveValue(option);
}

/** The app bar's workspace switcher: named by what it shows, the workspace's name and then the person's role there (WCAG 2.5.3). */
export const workspaceSwitcher = (page: Page) => page.getByRole('banner').getByRole('button', { name: /\s(Owner|Editor|Viewer)$/ });

/** The app bar's language switch, named by the language the dashboard speaks now. */
export const languageButton = (page: Page, locale: 'en' | 'de') =>
  page.getByRole('banner').getByRole('button', { name: locale === 'en' ? 'Language: English' : 'Sprache: Deutsch' });

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

/** The Notion simulator's integration secret and database (test/fakes/notion-fake.ts). */
const NOTION_SECRET = 'ntn_fake_integration_secret_0001';
const DATABASE_ID = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';

/**
 * Quire connected to the Notion and OpenAI simulators, both reset first (`openAi` steers the OpenAI
 * one, as its /__fake/config takes it), with the status values the Notion simulator's rows use.
 */
export async function connectSimulators(page: Page, openAi: object = {}): Promise<void> {
  for (const [url, data] of [
    [`${NOTION_FAKE_URL}/__fake/reset`, {}],
    [`${OPENAI_FAKE_URL}/__fake/reset`, {}],
    [`${OPENAI_FAKE_URL}/__fake/config`, openAi],
    ['/api/user', { envVars: { NOTION_SECRET, DATABASE_ID, OPENAI_API_KEY: OPENAI_KEY } }],
    [
      '/api/user/status-config',
      { propertyName: 'Status', values: { start: 'Start Generating', inProgress: 'Generating...', error: 'Generating Error', complete: 'Posts Generated' } },
    ],
  ] as const) {
    const res = await page.request.post(url, { data });
    expect(res.ok(), `${url}: ${res.status()}`).toBe(true);
  }
}

/** The saved connections forgotten again (an empty value clears one), so later specs find none. */
export async function disconnectSimulators(page: Page): Promise<void> {
  const res = await page.request.post('/api/user', { data: { envVars: { NOTION_SECRET: '', DATABASE_ID: '', OPENAI_API_KEY: '' } } });
  expect(res.ok()).toBe(true);
}

export type HistoryEntry = { _id: string; title: string; status: string; message: string | null };

/** Notion rows in "Start Generating" (`article` names the template by title, else `type` by type), claimed at once through the route behind Home's "Check Notion now". */
export async function startArticles(page: Page, rows: { title: string; type?: string; article?: string; client?: string }[]): Promise<void> {
  const added = await page.request.post(`${NOTION_FAKE_URL}/__fake/rows`, { data: rows.map((row) => ({ ...row, status: 'Start Generating' })) });
  expect(added.ok()).toBe(true);
  expect((await page.request.post('/api/generation/check-now')).ok()).toBe(true);
}

/**
 * Notion rows in "Start Generating" (`article` names the template by title, else `type` by type), claimed at once through the route
 * behind Home's "Check Notion now", and their History entries once every one has ended.
 */
export async function writeArticles(page: Page, rows: { title: string; type?: string; article?: string }[]): Promise<HistoryEntry[]> {
  await startArticles(page, rows);
  const titles = rows.map((row) => row.title);
  let entries: HistoryEntry[] = [];
  await expect
    .poll(
      async () => {
        const all: HistoryEntry[] = await (await page.request.get('/api/history')).json();
        entries = titles.map((title) => all.find((e) => e.title === title)!).filter(Boolean);
        return entries.length === titles.length && entries.every((e) => e.status === 'completed' || e.status === 'failed');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return entries;
}

/** A POST through the page's API context that must succeed; answers the record. */
export async function post<T = any>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(url, { data });
  expect(res.ok(), `${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/**
 * Records a spec makes through the API, removed again (newest first) by `removeAll` so later specs
 * find the lists as they were; a model never fine-tuned stays.
 */
export function madeRecords() {
  const made: string[] = [];
  return {
    async create(page: Page, path: string, data: object) {
      const record = await post(page.request, path, data);
      if (path !== '/api/models') made.unshift(`${path}/${record._id}`);
      return record;
    },
    /** A record made another way (through a screen), removed with the rest. */
    add(path: string): void {
      made.unshift(path);
    },
    async removeAll(page: Page): Promise<void> {
      for (const path of made.splice(0)) expect((await page.request.delete(path)).ok(), path).toBe(true);
    },
  };
}

/** A model and a section on it, made through the API. */
export async function sectionOnModel(page: Page, name: string) {
  const model = await post(page.request, '/api/models', { name: `Voice ${name}`, base_model: 'gpt-4o' });
  const section = await post(page.request, '/api/sections', {
    name,
    model: model._id,
    temperature: 0.5,
    logit_bias_group: null,
    system_message: 'You write.',
    user_message: 'Write about {{title}}.',
  });
  return { model, section };
}
