// On PostgreSQL each jest worker has a database of its own (scripts/test-e2e.mjs makes them), so two files run at once.
const workerDatabases = process.env.QUIRE_E2E_DATABASE_URLS;
if (workerDatabases) {
  const urls = JSON.parse(workerDatabases) as string[];
  process.env.DATABASE_URL = urls[(Number(process.env.JEST_WORKER_ID ?? 1) - 1) % urls.length];
}

jest.setTimeout(60_000);
