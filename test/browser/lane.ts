import { test as base } from '@playwright/test';
import { APP_URL } from './ports';

/** Playwright's `test` with this worker's lane as its baseURL (ports.ts): every spec imports `test` from here. */
// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
export const test = base.extend({ baseURL: async ({}, use) => use(APP_URL) });
export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request, Route } from '@playwright/test';
