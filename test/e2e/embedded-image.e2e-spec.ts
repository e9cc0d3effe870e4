import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../../backend/src/config/paths';
import { buildImage } from '../../backend/src/database/build-image';
import { hasDatabase, pgliteOptions, readImage, unpackImage } from '../../backend/src/database/pglite-image';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

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
