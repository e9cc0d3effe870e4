import { ForbiddenException } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { buildService } from '../../../test/support/unit';
import type { AuthUser } from '../workspaces/current-user';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import type { BackupHeader } from './backup-file';
import { BackupService } from './backup.service';
import { dumpToFile } from './dump';
import { copyEmbeddedDatabase, dumpCopyInThread } from './embedded-snapshot';
import { RunningServer, SERVER_FILE } from './running-server';

// The dump itself (dump.ts, embedded-snapshot.ts) is the backup file's own spec and the e2e suite's:
// here it writes one line, so that what the service decides — when, where, one at a time — is seen alone.
jest.mock('./dump', () => ({ dumpToFile: jest.fn() }));
jest.mock('./embedded-snapshot', () => ({ copyEmbeddedDatabase: jest.fn(), dumpCopyInThread: jest.fn() }));

const DAY_MS = 24 * 3600_000;
const header = (rows = 1): BackupHeader => ({
  made_at: new Date(0).toISOString(),
  source: 'pglite',
  newest_migration: { tag: '0001_x', when: 0 },
  tables: { users: rows },
  secrets: { sealed: 0, key_fingerprint: null },
});
const writeDump = async (file: string) => {
  writeFileSync(file, 'a backup\n');
  return header();
};

describe(BackupService.name, () => {
  /** The service on a fresh data folder: embedded on disk by default, `inMemory` as in tests and the demo. */
  async function build(overrides: Partial<AppConfig> & { inMemory?: boolean } = {}) {
    const { inMemory = false, ...config } = overrides;
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-backup-service-'));
    const backupDir = join(dataDir, 'backups');
    const built = await buildService(BackupService, { database: DatabaseService }, [
      SchedulerRegistry,
      {
        provide: APP_CONFIG,
        useValue: {
          database: { kind: 'pglite', dataDir: inMemory ? null : join(dataDir, 'pglite') },
          dataDir,
          backupDir,
          backupKeep: 3,
          host: '0.0.0.0',
          port: 3000,
          encryptionKey: Buffer.alloc(32),
          authMode: 'local',
          dataOwnerEmails: [],
          ...config,
        },
      },
    ]);
    const clone = { close: jest.fn(async () => undefined) };
    built.database.embedded.mockReturnValue({ clone: async () => clone } as unknown as PGlite);
    built.database.holdsData.mockResolvedValue(true);
    jest
      .mocked(dumpToFile)
      .mockReset()
      .mockImplementation(async (_client, _kind, _key, file) => writeDump(file));
    jest.mocked(copyEmbeddedDatabase).mockReset().mockResolvedValue();
    jest
      .mocked(dumpCopyInThread)
      .mockReset()
      .mockImplementation(async (_copy, file) => writeDump(file));
    /** Starts the server's backups, and ends them once the first daily pass is done. */
    const startAndStop = async () => {
      await built.sut.onApplicationBootstrap();
      await built.sut.beforeApplicationShutdown();
    };
    return { ...built, dataDir, backupDir, clone, startAndStop };
  }

  const user = (email: string) => ({ email }) as AuthUser;
  const serverFile = (dataDir: string) => JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
  const dailies = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('-daily.sql')) : []);
  /** Files made `daysAgo` days ago in `dir`. */
  function older(dir: string, names: string[], daysAgo: number) {
    mkdirSync(dir, { recursive: true });
    const when = new Date(Date.now() - daysAgo * DAY_MS);
    for (const name of names) {
      writeFileSync(join(dir, name), 'an older backup');
      utimesSync(join(dir, name), when, when);
    }
  }

  describe('who may download a backup', () => {
    it('should let the one operator of a local Quire download it', async () => {
      const { sut } = await build();

      expect(() => sut.assertOwnsData(user('ada@quire.test'))).not.toThrow();
    });

    it('should let a DATA_OWNER_EMAILS owner download it, whatever the case of their address', async () => {
      const { sut } = await build({ authMode: 'google', dataOwnerEmails: ['ada@quire.test'] });

      expect(() => sut.assertOwnsData(user('Ada@Quire.test'))).not.toThrow();
    });

    it('should refuse anyone else of a Google Quire, saying who may', async () => {
      const { sut } = await build({ authMode: 'google', dataOwnerEmails: ['ada@quire.test'] });

      expect(() => sut.assertOwnsData(user('bo@quire.test'))).toThrow(
        new ForbiddenException('Only the owners of the data (DATA_OWNER_EMAILS) may download a backup.'),
      );
    });
  });

  describe('the token of `npm run backup`', () => {
    it('should write where the server answers and its token into DATA_DIR/server.json, readable by its owner alone', async () => {
      const { sut, dataDir } = await build();
      await sut.onApplicationBootstrap();

      expect(serverFile(dataDir)).toEqual({ pid: process.pid, url: 'http://127.0.0.1:3000', token: expect.stringMatching(/^[\w-]{43}$/) });
      expect(statSync(join(dataDir, SERVER_FILE)).mode & 0o777).toBe(0o600);
      await sut.beforeApplicationShutdown();
    });

    it('should name an IPv6 host in brackets', async () => {
      const { sut, dataDir } = await build({ host: '::1' });
      await sut.onApplicationBootstrap();

      expect(serverFile(dataDir).url).toBe('http://[::1]:3000');
      await sut.beforeApplicationShutdown();
    });

    it('should accept the token it wrote and no other', async () => {
      const { sut, dataDir } = await build();
      await sut.onApplicationBootstrap();

      expect(sut.acceptsCliToken(serverFile(dataDir).token)).toBe(true);
      expect(sut.acceptsCliToken('another-token')).toBe(false);
      await sut.beforeApplicationShutdown();
    });

    it('should write no token and accept none without an embedded data directory', async () => {
      const { sut, dataDir } = await build({ inMemory: true });
      await sut.onApplicationBootstrap();

      expect(existsSync(join(dataDir, SERVER_FILE))).toBe(false);
      expect(sut.acceptsCliToken('')).toBe(false);
      await sut.beforeApplicationShutdown();
    });

    it('should remove its server.json at shutdown', async () => {
      const { dataDir, startAndStop } = await build();

      await startAndStop();

      expect(existsSync(join(dataDir, SERVER_FILE))).toBe(false);
    });

    it('should leave a server.json another server has written since', async () => {
      const { sut, dataDir } = await build();
      await sut.onApplicationBootstrap();
      const theirs: RunningServer = { pid: 1, url: 'http://127.0.0.1:3001', token: 'theirs' };
      writeFileSync(join(dataDir, SERVER_FILE), JSON.stringify(theirs));

      await sut.beforeApplicationShutdown();

      expect(serverFile(dataDir)).toEqual(theirs);
    });
  });

  describe('starting', () => {
    it('should remove what a backup cut short left more than a day ago, and nothing newer', async () => {
      const { backupDir, startAndStop } = await build();
      older(backupDir, ['.copy-old', '.download-old.sql', 'quire-2026-01-01T00-00-00-000Z-daily.sql.partial'], 2);
      older(backupDir, ['.download-new.sql'], 0);

      await startAndStop();

      expect(readdirSync(backupDir).filter((name) => !name.endsWith('-daily.sql'))).toEqual(['.download-new.sql']);
    });
  });

  describe('the daily backup', () => {
    it('should make one at start when there is none', async () => {
      const { backupDir, startAndStop } = await build();

      await startAndStop();

      expect(dailies(backupDir)).toHaveLength(1);
      expect(readFileSync(join(backupDir, dailies(backupDir)[0]), 'utf8')).toBe('a backup\n');
    });

    it('should make one from a copy of the data directory, dumped in a thread', async () => {
      const { dataDir, backupDir, startAndStop } = await build();

      await startAndStop();

      expect(copyEmbeddedDatabase).toHaveBeenCalledWith(expect.anything(), join(dataDir, 'pglite'), expect.stringMatching(/\/backups\/\.copy-[0-9a-f]{16}$/));
      expect(dumpCopyInThread).toHaveBeenCalledWith(jest.mocked(copyEmbeddedDatabase).mock.calls[0][2], expect.any(String), Buffer.alloc(32));
      expect(dumpToFile).not.toHaveBeenCalled();
      expect(dailies(backupDir)).toHaveLength(1);
    });

    it('should make none while the newest automatic backup is less than a day old', async () => {
      const { backupDir, startAndStop } = await build();
      older(backupDir, ['quire-2026-01-01T00-00-00-000Z-daily.sql'], 0.5);

      await startAndStop();

      expect(dailies(backupDir)).toEqual(['quire-2026-01-01T00-00-00-000Z-daily.sql']);
    });

    it('should make one when the newest automatic backup is a day old', async () => {
      const { backupDir, startAndStop } = await build();
      older(backupDir, ['quire-2026-01-01T00-00-00-000Z-daily.sql'], 1.1);

      await startAndStop();

      expect(dailies(backupDir)).toHaveLength(2);
    });

    it('should make none of a database that holds nothing yet', async () => {
      const { backupDir, database, startAndStop } = await build();
      database.holdsData.mockResolvedValue(false);

      await startAndStop();

      expect(dailies(backupDir)).toEqual([]);
    });

    it('should keep the newest BACKUP_KEEP automatic backups, and a file of the operator’s own', async () => {
      const { backupDir, startAndStop } = await build();
      const old = [
        'quire-2026-01-01T00-00-00-000Z-daily.sql',
        'quire-2026-01-02T00-00-00-000Z-daily.sql',
        'quire-2026-01-03T00-00-00-000Z-before-0013_x.sql',
        'my-own-copy.sql',
      ];
      older(backupDir, old, 2);

      await startAndStop();

      const made = dailies(backupDir).find((name) => !name.startsWith('quire-2026-01'))!;
      expect(readdirSync(backupDir).sort()).toEqual([...old.slice(1), made].sort());
    });

    it('should not start on a database that is not embedded', async () => {
      const { backupDir, startAndStop } = await build({ database: { kind: 'postgres', url: 'postgres://unused' } } as Partial<AppConfig>);

      await startAndStop();

      expect(dailies(backupDir)).toEqual([]);
    });
  });

  describe('backups on demand', () => {
    it('should make an in-memory database’s backup from a clone, and close it', async () => {
      const { sut, backupDir, clone } = await build({ inMemory: true });

      await sut.backup(join(backupDir, 'b.sql'));

      expect(dumpToFile).toHaveBeenCalledWith(clone, 'pglite', Buffer.alloc(32), join(backupDir, 'b.sql.partial'));
      expect(clone.close).toHaveBeenCalled();
    });

    it('should write a download’s backup to a file of its own in the backup folder', async () => {
      const { sut, backupDir } = await build({ inMemory: true });

      const { file, header: made } = await sut.backupForDownload();

      expect(file).toMatch(new RegExp(`^${backupDir}/\\.download-[0-9a-f]{16}\\.sql$`));
      expect(readFileSync(file, 'utf8')).toBe('a backup\n');
      expect(made.tables).toEqual({ users: 1 });
    });

    it('should make one backup at a time, the next once the one being made is written', async () => {
      const { sut, backupDir } = await build({ inMemory: true });
      const order: string[] = [];
      let finishFirst: (() => void) | undefined;
      jest
        .mocked(dumpToFile)
        .mockImplementationOnce(async (_c, _k, _key, file) => {
          order.push('first started');
          await new Promise<void>((resolve) => (finishFirst = resolve));
          order.push('first written');
          return writeDump(file);
        })
        .mockImplementationOnce(async (_c, _k, _key, file) => {
          order.push('second started');
          return writeDump(file);
        });

      const first = sut.backup(join(backupDir, 'first.sql'));
      const second = sut.backup(join(backupDir, 'second.sql'));
      // The first is being written (its file's leftover removed first, off the event loop).
      while (!finishFirst) await new Promise((resolve) => setImmediate(resolve));
      // Time enough for a second to start, were two made at once.
      await new Promise((resolve) => setTimeout(resolve, 50));
      finishFirst();
      await Promise.all([first, second]);

      expect(order).toEqual(['first started', 'first written', 'second started']);
    });

    it('should make the next backup after one that failed', async () => {
      const { sut, backupDir } = await build({ inMemory: true });
      jest.mocked(dumpToFile).mockRejectedValueOnce(new Error('disk full'));

      await expect(sut.backup(join(backupDir, 'failed.sql'))).rejects.toThrow('disk full');
      await sut.backup(join(backupDir, 'next.sql'));

      expect(readdirSync(backupDir)).toEqual(['next.sql']);
    });

    it('should remove the copy of the data directory when copying fails', async () => {
      const { sut, backupDir } = await build();
      jest.mocked(copyEmbeddedDatabase).mockImplementationOnce(async (_conn, _dir, copyDir) => {
        mkdirSync(copyDir, { recursive: true });
        throw new Error('copy failed');
      });

      await expect(sut.backup(join(backupDir, 'b.sql'))).rejects.toThrow('copy failed');

      expect(readdirSync(backupDir)).toEqual([]);
    });
  });
});
