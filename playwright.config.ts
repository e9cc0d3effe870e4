import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/lib/server-command.cjs';

/** The built server, as npm start starts it. */
const SERVER = ['node', ...SERVER_NODE_FLAGS, 'dist/main.js'].join(' ');
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BROWSER_APP_PORT,
  BROWSER_GOOGLE_APP_PORT,
  GOOGLE_ACCOUNT_EMAIL,
  GOOGLE_APP_URL,
  GOOGLE_FAKE_URL,
  NOTION_FAKE_URL,
  OPENAI_FAKE_URL,
} from './test/browser/ports';

const PORT = BROWSER_APP_PORT;
const BASE_URL = `http://127.0.0.1:${PORT}`;
// On PostgreSQL both servers share one database and its job queues: either may run any job, so
// they share the key and the simulators too.
const common = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATABASE_URL: process.env.DATABASE_URL || 'memory://',
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  OPENAI_BASE_URL: `${OPENAI_FAKE_URL}/v1`,
  NOTION_BASE_URL: NOTION_FAKE_URL,
  FINE_TUNE_POLL_SECONDS: '1',
  // Notion rows are claimed only by Home's "Check Notion now": a scheduled check by either server
  // (on PostgreSQL both see every operator) could otherwise take them first.
  NOTION_POLL_SECONDS: '3600',
  // The fixture website is on loopback; crawl it without the politeness delay.
  CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
  CRAWL_HOST_DELAY_MS: '0',
  CRAWL_HOST_CONCURRENCY: '4',
};

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built app, on
 * PostgreSQL when DATABASE_URL is set, else on in-memory PGlite: one server in local sign-in mode
 * with the OpenAI simulator and the fixture website to crawl, and one in Google mode (the Google
 * simulator) for the Drive picker.
 */
export default defineConfig({
  testDir: 'test/browser',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  globalSetup: './test/browser/global-setup.ts',
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: SERVER,
      url: `${BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...common,
        PORT: String(PORT),
        APP_URL: BASE_URL,
        AUTH_MODE: 'local',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-browser-')),
      },
    },
    {
      command: SERVER,
      url: `${GOOGLE_APP_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...common,
        PORT: String(BROWSER_GOOGLE_APP_PORT),
        APP_URL: GOOGLE_APP_URL,
        AUTH_MODE: 'google',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-browser-google-')),
        GOOGLE_CLIENT_ID: 'quire-test-client',
        GOOGLE_CLIENT_SECRET: 'quire-test-secret',
        GOOGLE_AUTH_URL: `${GOOGLE_FAKE_URL}/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${GOOGLE_FAKE_URL}/token`,
        GOOGLE_USERINFO_URL: `${GOOGLE_FAKE_URL}/v1/userinfo`,
        GOOGLE_API_ROOT: GOOGLE_FAKE_URL,
        ALLOWED_EMAILS: GOOGLE_ACCOUNT_EMAIL,
        GOOGLE_PICKER_API_KEY: 'browser-test-picker-key',
        GOOGLE_APP_ID: '424242',
      },
    },
  ],
});
