import { LANES } from './ports';

/**
 * Each lane's database: on PostgreSQL one per lane, made by scripts/test-browser.mjs (npm run
 * test:browser) and named in QUIRE_BROWSER_DATABASE_URLS; else in-memory PGlite per server. Run
 * without that script on PostgreSQL, every lane would share DATABASE_URL, so there is one lane.
 */
export function laneDatabaseUrls(): string[] {
  const made = process.env.QUIRE_BROWSER_DATABASE_URLS;
  if (made) return JSON.parse(made) as string[];
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) return [url];
  return Array.from({ length: LANES }, () => 'memory://');
}
