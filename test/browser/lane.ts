import { test as base } from '@playwright/test';
import { APP_URL } from './ports';

/**
 * CSS transitions and animations off in the specs' pages: a spinner that never stops keeps
 * Chromium painting sixty frames a second, and on a 2-core machine that painting is most of the
 * suite's processor time. The screens behave the same (MUI's transitions end on their own timers).
 */
const STILL = `*, *::before, *::after { animation: none !important; transition: none !important; caret-color: auto !important; }`;

/** Playwright's `test` with this worker's lane as its baseURL (ports.ts): every spec imports `test` from here. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(APP_URL),
  context: async ({ context }, use) => {
    await context.addInitScript((css) => {
      const add = () => {
        const style = document.createElement('style');
        style.dataset.test = 'still';
        style.textContent = css;
        document.head.appendChild(style);
      };
      if (document.head) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    }, STILL);
    await use(context);
  },
});
export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Request, Route } from '@playwright/test';
