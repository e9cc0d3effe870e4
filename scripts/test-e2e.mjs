// API end-to-end specs. Each file owns its app and database: on the embedded database (an
// in-memory PGlite per file) two files run at once; on PostgreSQL the files share one database and
// empty its tables between tests, so they run one after another. Which database: see
// scripts/lib/test-database.cjs (a container engine, else DATABASE_URL, else PGlite).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { chooseTestDatabase } = require('./lib/test-database.cjs');

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

const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ') };
if (databaseUrl) env.DATABASE_URL = databaseUrl;
else delete env.DATABASE_URL;
const result = spawnSync(
  'npx',
  ['jest', '--config', 'jest.config.js', '--selectProjects', 'e2e', databaseUrl ? '--runInBand' : '--maxWorkers=2', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env,
  },
);
await container?.stop();
process.exit(result.status ?? 1);
