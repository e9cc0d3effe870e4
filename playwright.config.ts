import { defineConfig } from '@playwright/test';
import { SERVER_NODE_FLAGS } from './scripts/lib/server-command.cjs';

/** The built server, as npm start starts it. */
const SERVER = ['node', ...SERVER_NODE_FLAGS, 'dist/main.js'].join(' ');
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { laneDatabaseUrls } from './test/browser/lane-databases';
import { GOOGLE_ACCOUNT_EMAIL, lanePorts, laneUrls } from './test/browser/ports';

const databases = laneDatabaseUrls();
/** A lane per worker: its two servers, its simulators (global-setup.ts) and its database. */
const lanes = databases.map((database, lane) => ({ database, ports: lanePorts(lane), urls: laneUrls(lane) }));

/** The two servers of a lane; on PostgreSQL both share the lane's database and its job queues: either may run any job, so they share the key and the simulators too. */
function laneServers({ database, ports, urls }: (typeof lanes)[number]) {
  const common = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: database,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OPENAI_BASE_URL: `${urls.openai}/v1`,
    ANTHROPIC_BASE_URL: urls.anthropic,
    NOTION_BASE_URL: urls.notion,
    FINE_TUNE_POLL_SECONDS: '1',
    // Notion rows are claimed only by Home's "Check Notion now": a scheduled check by either server
    // (on PostgreSQL both see every operator) could otherwise take them first.
    NOTION_POLL_SECONDS: '3600',
    // The fixture website is on loopback; crawl it without the politeness delay.
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_HOST_DELAY_MS: '0',
    CRAWL_HOST_CONCURRENCY: '4',
    // Bulk writing: sections go to OpenAI's Batch API, and batches are read, every second instead of every minute.
    BULK_POLL_MS: '1000',
  };
  const server = { command: SERVER, reuseExistingServer: false, timeout: 120_000, stdout: 'ignore' as const, stderr: 'pipe' as const };
  return [
    {
      ...server,
      url: `${urls.app}/api/health`,
      env: { ...common, PORT: String(ports.app), APP_URL: urls.app, AUTH_MODE: 'local', DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-browser-')) },
    },
    {
      ...server,
      url: `${urls.googleApp}/api/health`,
      env: {
        ...common,
        PORT: String(ports.googleApp),
        APP_URL: urls.googleApp,
        AUTH_MODE: 'google',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-browser-google-')),
        GOOGLE_CLIENT_ID: 'quire-test-client',
        GOOGLE_CLIENT_SECRET: 'quire-test-secret',
        GOOGLE_AUTH_URL: `${urls.googleFake}/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${urls.googleFake}/token`,
        GOOGLE_USERINFO_URL: `${urls.googleFake}/v1/userinfo`,
        GOOGLE_API_ROOT: urls.googleFake,
        ALLOWED_EMAILS: GOOGLE_ACCOUNT_EMAIL,
        GOOGLE_PICKER_API_KEY: 'browser-test-picker-key',
        GOOGLE_APP_ID: '424242',
      },
    },
  ];
}

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built app, on
 * PostgreSQL when DATABASE_URL is set, else on in-memory PGlite, in lanes (test/browser/ports.ts):
 * one worker per lane, each lane with one server in local sign-in mode (the OpenAI simulator, the
 * fixture website to crawl) and one in Google mode (the Google simulator) for the Drive picker.
 * Specs take `test` from test/browser/lane.ts, whose baseURL is the worker's lane.
 */
export default defineConfig({
  testDir: 'test/browser',
  // A stray test.only would quietly skip the rest (lint refuses it too).
  forbidOnly: true,
  // A file's tests spread over the lanes (each lane has its own servers and database, so they never
  // meet); the files whose tests build on each other say `test.describe.configure({ mode: 'serial' })`.
  fullyParallel: true,
  workers: lanes.length,
  retries: 0,
  // Several specs are whole journeys: on an idle 2-core machine with three lanes most take 5–30 s, and
  // CI's machine of the same kind has run the suite 2.2 times slower. A test's time allows four times its
  // quiet figure (the longer journeys set their own); a passing run waits no longer for it.
  timeout: 120_000,
  // A first estimate loads the tokenizer in the CPU pool, a first screen its chunk: on a loaded 2-core machine, seconds.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  globalSetup: './test/browser/global-setup.ts',
  use: {
    viewport: { width: 1280, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: lanes.flatMap(laneServers),
});
