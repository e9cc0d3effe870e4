/**
 * Loopback ports of the browser suite. The suite runs in lanes, one per Playwright worker: each
 * lane has its own two apps (local sign-in, Google sign-in), its own simulators and its own
 * database, so specs in different lanes never see each other's records. A worker's lane is its
 * TEST_PARALLEL_INDEX (0 in the main process, where playwright.config.ts starts every lane).
 */
/**
 * How many lanes: 3 unless BROWSER_LANES says otherwise (scripts/test-browser.mjs reads the same).
 * Most of a spec's time is waiting on the app, the simulators and timers: on the 2-core build
 * machine two lanes kept the cores 53% busy. With the tests of a file spread over the lanes
 * (fullyParallel), the suite takes 156 s with three lanes, 158 s with four, against 227 s with two
 * lanes a file at a time (2026-11-26, quiet machine).
 */
export const LANES = Math.max(1, Number(process.env.BROWSER_LANES ?? 3) || 1);

/** The first lane's first port: BROWSER_PORT_BASE lets two checkouts run the suite side by side. */
const PORT_BASE = Number(process.env.BROWSER_PORT_BASE ?? 3100) || 3100;

export function lanePorts(lane: number) {
  const base = PORT_BASE + 10 * lane;
  return { app: base, openai: base + 1, googleApp: base + 2, googleFake: base + 3, notion: base + 4, site: base + 5, anthropic: base + 6 };
}

export function laneUrls(lane: number) {
  const ports = lanePorts(lane);
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    app: at(ports.app),
    googleApp: at(ports.googleApp),
    openai: at(ports.openai),
    googleFake: at(ports.googleFake),
    notion: at(ports.notion),
    site: at(ports.site),
    anthropic: at(ports.anthropic),
  };
}

const lane = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % LANES;
const urls = laneUrls(lane);

/** This worker's app in local sign-in mode (the specs' baseURL). */
export const APP_URL = urls.app;
export const NOTION_FAKE_URL = urls.notion;
export const OPENAI_FAKE_URL = urls.openai;
export const ANTHROPIC_FAKE_URL = urls.anthropic;
export const GOOGLE_FAKE_URL = urls.googleFake;
/** The fixture website (test/fixtures/site) that training-data collection crawls. */
export const SITE_URL = urls.site;
/** The second app signs in with Google (the simulator) and offers the Drive folder picker. */
export const GOOGLE_APP_URL = urls.googleApp;
export const GOOGLE_ACCOUNT_EMAIL = 'ada@quire.test';
