import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../../backend/src/common/paths';
import { buildImage } from '../../backend/src/database/build-image';
import { startEmbeddedDatabaseEarly, takeEarlyStart } from '../../backend/src/database/embedded-start';
import { hasDatabase, pgliteOptions, readImage, tarDirectory, unpackImage } from '../../backend/src/database/pglite-image';
import { QUEUES } from '../../backend/src/common/queues';
import { eventually } from '../support/fixtures';
import { startServerProcess } from '../support/server-process';
import { createTestApp } from '../support/test-app';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

/** PostgreSQL's pg_control says how the cluster was left: DBState, an int32 after the system identifier and two versions. */
const DB_SHUTDOWNED = 1;
const clusterState = (dataDir: string) => readFileSync(join(dataDir, 'global', 'pg_control')).readInt32LE(16);

describe('the embedded database image', () => {
  jest.setTimeout(120_000);
  let imageDir: string;

  beforeAll(async () => {
    imageDir = mkdtempSync(join(tmpdir(), 'quire-image-'));
    await buildImage(imageDir);
  });

  it('should make a first start a database with every migration and pg-boss, which persists and migrates again as an existing one', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-image-data-')), 'pglite');
    expect(await unpackImage(dataDir, imageDir)).toBe(true);
    expect(hasDatabase(dataDir)).toBe(true);
    const pglite = new PGlite(dataDir, pgliteOptions(dataDir, imageDir));
    await pglite.waitReady;
    const applied = await pglite.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
    expect((await pglite.query<{ version: number }>('select version from pgboss.version')).rows).toHaveLength(1);
    await pglite.query(`insert into users (id, email, name) values ('00000000-0000-4000-8000-000000000001', 'ada@quire.test', 'Ada')`);
    await pglite.close();

    expect(await unpackImage(dataDir, imageDir)).toBe(false);
    const reopened = new PGlite(dataDir, pgliteOptions(dataDir, imageDir));
    await reopened.waitReady;
    await migrate(drizzle(reopened), { migrationsFolder: MIGRATIONS_DIR });
    expect((await reopened.query<{ name: string }>('select name from users')).rows).toEqual([{ name: 'Ada' }]);
    await reopened.close();
  });

  it("should hold a cluster shut down cleanly, with Quire's queues already made, so a first start recovers nothing", async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-image-data-')), 'pglite');
    expect(await unpackImage(dataDir, imageDir)).toBe(true);
    expect(clusterState(dataDir)).toBe(DB_SHUTDOWNED);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
    const pglite = new PGlite(dataDir, pgliteOptions(dataDir, imageDir));
    await pglite.waitReady;
    const queues = await pglite.query<{ name: string; policy: string; retry_limit: number; expire_seconds: number }>(
      'select name, policy, retry_limit, expire_seconds from pgboss.queue order by name',
    );
    expect(queues.rows).toEqual(
      [...QUEUES]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ name, options }) => ({ name, policy: options.policy, retry_limit: options.retryLimit, expire_seconds: options.expireInSeconds })),
    );
    await pglite.close();
  });

  it('should be written as a tar that PGlite itself loads (the in-memory database)', async () => {
    const source = join(mkdtempSync(join(tmpdir(), 'quire-image-tar-')), 'pglite');
    expect(await unpackImage(source, imageDir)).toBe(true);
    const pglite = new PGlite({ ...pgliteOptions(null, imageDir), loadDataDir: new Blob([tarDirectory(source)]) });
    await pglite.waitReady;
    const applied = await pglite.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0].n).toBe(journal.entries.length);
    await pglite.close();
  });

  it('should be unpacked in a thread, and PGlite compiled, while the server loads; the database service takes both', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-image-early-')), 'pglite');
    const early = startEmbeddedDatabaseEarly(dataDir, imageDir);
    expect(await early.unpacked).toBe(true);
    expect(Object.prototype.toString.call(await early.wasmModule)).toBe('[object WebAssembly.Module]');
    expect(hasDatabase(dataDir)).toBe(true);
    expect(takeEarlyStart(join(dataDir, 'elsewhere'))).toBeNull();
    expect(takeEarlyStart(dataDir)).toBe(early);
    expect(takeEarlyStart(dataDir)).toBeNull(); // taken once

    // As main.ts does it: started before the app is built, taken by DatabaseService.open.
    const folder = mkdtempSync(join(tmpdir(), 'quire-image-app-'));
    startEmbeddedDatabaseEarly(join(folder, 'pglite'), imageDir);
    const t = await createTestApp({ DATABASE_URL: '', DATA_DIR: folder });
    try {
      expect(takeEarlyStart(join(folder, 'pglite'))).toBeNull();
      expect(t.logger.lines.some((line) => line.includes('New embedded database made from the pre-initialised image'))).toBe(true);
      expect(t.logger.lines.some((line) => line.includes('start-up thread'))).toBe(false);
      const queues = await t.database.sqlRunner.executeSql('select name from pgboss.queue order by name');
      // pg-boss's cron (timekeeper) is off: it makes no queue of its own.
      expect(queues.rows.map((row: { name: string }) => row.name)).toEqual(QUEUES.map((queue) => queue.name).sort());
    } finally {
      await t.close();
    }
  });

  it('should unpack the image in the main thread, saying so, when the thread could not', async () => {
    // An image the thread fails on half way (it leaves its unpacking folder behind), mended before the app opens it.
    const flaky = mkdtempSync(join(tmpdir(), 'quire-image-flaky-'));
    const manifest = readdirSync(imageDir).find((name) => name.endsWith('.json'))!;
    const image = readdirSync(imageDir).find((name) => name.endsWith('.tar'))!;
    writeFileSync(join(flaky, manifest), readFileSync(join(imageDir, manifest)));
    writeFileSync(join(flaky, image), readFileSync(join(imageDir, image)).subarray(0, 200_000));
    const folder = mkdtempSync(join(tmpdir(), 'quire-image-app-'));
    const early = startEmbeddedDatabaseEarly(join(folder, 'pglite'), flaky);
    await expect(early.unpacked).rejects.toThrow();
    expect(existsSync(join(folder, 'pglite.unpacking'))).toBe(true);
    writeFileSync(join(flaky, image), readFileSync(join(imageDir, image)));

    const t = await createTestApp({ DATABASE_URL: '', DATA_DIR: folder });
    try {
      expect(t.logger.lines.some((line) => line.includes('The start-up thread did not unpack the database image'))).toBe(true);
      expect(t.logger.lines.some((line) => line.includes('New embedded database made from the pre-initialised image'))).toBe(true);
      expect(existsSync(join(folder, 'pglite.unpacking'))).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('should not be used when it was built from other migrations, another PGlite or another pg-boss', async () => {
    expect(readImage(imageDir)).toBeInstanceOf(Blob);
    const manifest = readdirSync(imageDir).find((name) => name.endsWith('.json'))!;
    const written = JSON.parse(readFileSync(join(imageDir, manifest), 'utf8')) as { fingerprint: string };
    writeFileSync(join(imageDir, manifest), JSON.stringify({ ...written, fingerprint: written.fingerprint.replace(/^./, (c) => (c === '0' ? '1' : '0')) }));
    expect(readImage(imageDir)).toBeNull();
    expect(pgliteOptions(null, imageDir).loadDataDir).toBeUndefined();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'quire-image-data-')), 'pglite');
    expect(await unpackImage(dataDir, imageDir)).toBe(false);
  });
});

describe("The built server's first start (dist/main.js)", () => {
  jest.setTimeout(120_000);

  it('should answer /api/health on a new database without having loaded what starting does not use', async () => {
    const probe = join(mkdtempSync(join(tmpdir(), 'quire-probe-')), 'loaded.json');
    const server = await startServerProcess({
      AUTH_MODE: 'local',
      DATABASE_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'quire-first-start-')),
      NODE_OPTIONS: `--require ${join(__dirname, '..', 'support', 'loaded-packages-probe.cjs')}`,
      QUIRE_PROBE_FILE: probe,
    });
    try {
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'pglite' });
      server.child.kill('SIGUSR2');
      // The file appears before it is whole: read it until it parses.
      const files = await eventually(
        async () => {
          try {
            return JSON.parse(readFileSync(probe, 'utf8')) as string[];
          } catch {
            return null;
          }
        },
        (read) => read !== null,
      );
      const packages = new Set(files!.map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1]).filter(Boolean));
      expect(packages.has('@electric-sql/pglite')).toBe(true);
      // Loaded when first used: the SDKs of the outside services, and the crawler's HTTP client.
      for (const name of ['openai', '@anthropic-ai/sdk', '@google/genai', '@googleapis/drive', 'google-auth-library', '@notionhq/client', 'undici'])
        expect([name, packages.has(name)]).toEqual([name, false]);
    } finally {
      await server.stop();
    }
  });
});
