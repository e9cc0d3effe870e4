// The browser specs (Playwright, Debian's Chromium), in lanes: one worker per lane, each lane with
// its own servers, simulators and database (test/browser/ports.ts). On PostgreSQL (DATABASE_URL)
// each lane gets a database of its own, made here beside the one named (`<name>_browser_1`, `_2`)
// and dropped afterwards. Arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { makeWorkerDatabases, dropWorkerDatabases } = require('./lib/worker-databases.cjs');
const { isPostgresUrl } = require('./lib/test-database.cjs');
const LANES = Math.max(1, Number(process.env.BROWSER_LANES ?? 3) || 1); // as test/browser/ports.ts

const env = { ...process.env };
const url = process.env.DATABASE_URL;
const made = isPostgresUrl(url) ? await makeWorkerDatabases(url, 'browser', LANES) : [];
if (made.length > 0) env.QUIRE_BROWSER_DATABASE_URLS = JSON.stringify(made);
else delete env.QUIRE_BROWSER_DATABASE_URLS;
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
await dropWorkerDatabases(url, made);
process.exit(result.status ?? 1);
