import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { automaticBackupFile, automaticBackups, pruneAutomaticBackups, removeLeftovers, writeBackupFile } from './automatic-backups';
import { ownsData } from './data-owners';

describe('automatic backups', () => {
  it('should name them so that the newest sorts last, and keep only the newest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-automatic-'));
    const days = [3, 1, 2, 5, 4].map((day) => automaticBackupFile(dir, day % 2 ? 'daily' : 'before-0015_teams', new Date(Date.UTC(2026, 10, day))));
    for (const file of days) writeFileSync(file, '');
    writeFileSync(join(dir, 'my-own.sql'), '');
    writeFileSync(`${days[0]}.partial`, '');
    expect(automaticBackups(dir).map((b) => b.file)).toEqual([...days].sort());
    expect(await pruneAutomaticBackups(dir, 2)).toEqual([...days].sort().slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual(
      [
        'my-own.sql',
        'quire-2026-11-04T00-00-00-000Z-before-0015_teams.sql',
        'quire-2026-11-05T00-00-00-000Z-daily.sql',
        `${days[0].split('/').at(-1)}.partial`,
      ].sort(),
    );
    expect(automaticBackups(join(dir, 'none'))).toEqual([]);
  });

  it('should give the file its name only once it is whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-partial-'));
    const file = join(dir, 'backups', 'b.sql');
    await expect(
      writeBackupFile(file, async (partial) => {
        writeFileSync(partial, 'half');
        throw new Error('the disk is full');
      }),
    ).rejects.toThrow('the disk is full');
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
    const header = { made_at: '', source: 'pglite' as const, newest_migration: { tag: 't', when: 1 }, tables: {} };
    await expect(writeBackupFile(file, async (partial) => (writeFileSync(partial, 'whole'), header))).resolves.toBe(header);
    expect(existsSync(file)).toBe(true);
    expect(readdirSync(join(dir, 'backups'))).toEqual(['b.sql']);
  });
});

describe('removeLeftovers', () => {
  it('should remove what a backup cut short left a day ago, and nothing else, nor what a backup being made has now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-leftovers-'));
    const day = 24 * 3600_000;
    mkdirSync(join(dir, '.copy-0a1b2c'));
    writeFileSync(join(dir, '.copy-0a1b2c', 'PG_VERSION'), '17');
    for (const name of ['.download-9f8e.sql', 'quire-2026-11-20T00-00-00-000Z-daily.sql.partial', 'quire-2026-11-20T00-00-00-000Z-daily.sql', 'my-own.sql'])
      writeFileSync(join(dir, name), '');
    expect(await removeLeftovers(dir, day, Date.now() + day / 2)).toEqual([]);
    expect((await removeLeftovers(dir, day, Date.now() + 2 * day)).sort()).toEqual([
      '.copy-0a1b2c',
      '.download-9f8e.sql',
      'quire-2026-11-20T00-00-00-000Z-daily.sql.partial',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['my-own.sql', 'quire-2026-11-20T00-00-00-000Z-daily.sql']);
    expect(await removeLeftovers(join(dir, 'none'), day)).toEqual([]);
  });
});

describe('ownsData', () => {
  it('should let the local operator, and in google mode only DATA_OWNER_EMAILS, download a backup', () => {
    expect(ownsData({ authMode: 'local', dataOwnerEmails: [] }, { email: 'anyone@quire.invalid' })).toBe(true);
    expect(ownsData({ authMode: 'google', dataOwnerEmails: [] }, { email: 'ada@example.com' })).toBe(false);
    expect(ownsData({ authMode: 'google', dataOwnerEmails: ['ada@example.com'] }, { email: 'Ada@Example.com' })).toBe(true);
    expect(ownsData({ authMode: 'google', dataOwnerEmails: ['ada@example.com'] }, { email: 'grace@example.com' })).toBe(false);
  });
});
