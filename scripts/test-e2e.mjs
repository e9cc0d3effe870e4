// API end-to-end specs, five files at a time (E2E_WORKERS). Each file owns its app and database: on the embedded
// database an in-memory PGlite per file; on PostgreSQL a database per jest worker (made here beside
// the one named, `<name>_e2e_1`, `_2`, …, dropped afterwards), whose tables the worker's files empty
// between tests. Which database: see scripts/lib/test-database.cjs (a container engine, else
// DATABASE_URL, else PGlite).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chooseTestDatabase } = require('./lib/test-database.cjs');
const { makeWorkerDatabases, dropWorkerDatabases } = require('./lib/worker-databases.cjs');

async function engineReachable() {
  try {
    await require('testcontainers').getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

const choice = await chooseTestDatabase(process.env, engineReachable);
let container;
let databaseUrl = choice.kind === 'url' ? choice.url : undefined;
if (choice.kind === 'container') {
  const { PostgreSqlContainer } = require('@testcontainers/postgresql');
  container = await new PostgreSqlContainer('postgres:15-alpine').start();
  databaseUrl = container.getConnectionUri();
}
console.log(
  `API e2e specs on ${choice.kind === 'pglite' ? 'the embedded database (PGlite)' : choice.kind === 'url' ? 'PostgreSQL at DATABASE_URL' : 'PostgreSQL in a container'}: ${choice.why}.`,
);

// Five at a time on the 2-core build machine: the files mostly wait (on the simulators, timers and
// servers they start), and three workers kept the two cores 60% busy (2026-11-26, embedded database:
// 212 s with three, 137 s with five, 128 s with six; PostgreSQL 183 s with three, 144 s with five).
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 5) || 1);
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') };
delete env.QUIRE_E2E_DATABASE_URLS;
let workerDatabases = [];
if (databaseUrl) {
  env.DATABASE_URL = databaseUrl;
  workerDatabases = await makeWorkerDatabases(databaseUrl, 'e2e', WORKERS);
  env.QUIRE_E2E_DATABASE_URLS = JSON.stringify(workerDatabases);
} else delete env.DATABASE_URL;
const result = spawnSync('npx', ['jest', '--config', 'jest.config.js', '--selectProjects', 'e2e', `--maxWorkers=${WORKERS}`, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
await dropWorkerDatabases(databaseUrl, workerDatabases);
await container?.stop();
process.exit(result.status ?? 1);
