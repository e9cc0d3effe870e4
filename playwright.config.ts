import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSER_APP_PORT, OPENAI_FAKE_URL } from './test/browser/ports';

const PORT = BROWSER_APP_PORT;
const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the built app in
 * local sign-in mode with the OpenAI simulator, on PostgreSQL when DATABASE_URL is set, else on an in-memory PGlite.
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node dist/main.js',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE_URL,
      AUTH_MODE: 'local',
      DATABASE_URL: process.env.DATABASE_URL || 'memory://',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-browser-')),
      OPENAI_BASE_URL: `${OPENAI_FAKE_URL}/v1`,
      FINE_TUNE_POLL_SECONDS: '1',
    },
  },
});
