import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GoogleAccount, GoogleFake } from '../fakes/google-fake';
import { startServerProcess, ServerProcess } from '../support/server-process';
import { Browser, BrowserContext, expect, Page } from './lane';
import { NOTION_FAKE_URL, OPENAI_FAKE_URL } from './ports';

/** Transitions off, as lane.ts does for its pages: a menu is shown or gone, never half-faded in a screenshot. */
const STILL = '*, *::before, *::after { animation: none !important; transition: none !important; }';

/**
 * A Quire of a spec's own, in Google sign-in mode against a Google simulator of its own that admits
 * `allowed`, on an in-memory database: for specs that need several people (workspaces, the webhook
 * card's owner and viewer) and state that must stay out of the lane's database. Each person signs
 * in through the login page in a browser context of their own.
 */
export class OwnQuire {
  readonly google = new GoogleFake();
  server!: ServerProcess;
  private dataDir = '';
  private readonly contexts: BrowserContext[] = [];

  constructor(
    private readonly name: string,
    private readonly allowed: string[],
  ) {}

  async start(): Promise<void> {
    await this.google.start();
    this.dataDir = mkdtempSync(join(tmpdir(), `quire-browser-${this.name}-`));
    this.server = await startServerProcess({
      ...this.google.env(this.allowed.join(',')),
      DATABASE_URL: 'memory://',
      DATA_DIR: this.dataDir,
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OPENAI_BASE_URL: `${OPENAI_FAKE_URL}/v1`,
      NOTION_BASE_URL: NOTION_FAKE_URL,
      NOTION_POLL_SECONDS: '3600',
    });
  }

  async stop(): Promise<void> {
    for (const context of this.contexts) await context.close();
    await this.server?.stop();
    await this.google.stop();
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }

  get url(): string {
    return this.server.url;
  }

  /** A person signed in through the login page and the Google simulator, in a context of their own. */
  async signInAs(browser: Browser, account: GoogleAccount, permissions: string[] = []): Promise<Page> {
    const context = await browser.newContext({ baseURL: this.server.url, permissions });
    this.contexts.push(context);
    await context.addInitScript((css) => {
      const add = () => document.head.appendChild(Object.assign(document.createElement('style'), { textContent: css }));
      if (document.head) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    }, STILL);
    const page = await context.newPage();
    this.google.account = account;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await expect(page.getByText(`Welcome, ${account.name.split(' ')[0]}`)).toBeVisible();
    return page;
  }
}
