import { BeforeApplicationShutdown, ForbiddenException, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { AuthUser } from '../workspaces/current-user';
import { sameSecret } from '../common/same-secret';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { DatabaseService } from '../database/database.service';
import { Repeating } from '../jobs/repeating';
import { automaticBackupFile, automaticBackups, pruneAutomaticBackups, removeLeftovers, writeBackupFile } from './automatic-backups';
import type { BackupHeader } from './backup-file';
import { ownsData } from './data-owners';
import { dumpToFile } from './dump';
import { copyEmbeddedDatabase, dumpCopyInThread } from './embedded-snapshot';
import { RunningServer, SERVER_FILE } from './running-server';

const DAY_MS = 24 * 3600_000;
const CHECK_EVERY_MS = 3600_000;

/**
 * Backups made by the running server: downloads from Home, `npm run backup` while the server runs
 * on the embedded database (which only this process may open), and the embedded database's daily
 * automatic backup. One is made at a time.
 */
@Injectable()
export class BackupService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BackupService.name);
  private readonly daily: Repeating;
  private queue: Promise<unknown> = Promise.resolve();
  /** The token `npm run backup` reads from DATA_DIR/server.json to ask this server for a backup; null without an embedded data directory. */
  private cliToken: string | null = null;

  constructor(
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    scheduler: SchedulerRegistry,
  ) {
    this.daily = new Repeating(
      scheduler,
      'daily-backup',
      CHECK_EVERY_MS,
      () => this.dailyBackup(),
      (error) => this.logger.error(`The daily backup failed: ${error.message}`),
    );
  }

  private get embeddedDataDir(): string | null {
    const target = this.config.database;
    return target.kind === 'pglite' ? target.dataDir : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.embeddedDataDir === null) return;
    this.cliToken = randomBytes(32).toString('base64url');
    const server: RunningServer = { pid: process.pid, url: `http://${loopback(this.config.host)}:${this.config.port}`, token: this.cliToken };
    writeFileSync(join(this.config.dataDir, SERVER_FILE), `${JSON.stringify(server)}\n`, { mode: 0o600 });
    for (const name of await removeLeftovers(this.config.backupDir, DAY_MS)) this.logger.log(`Removed ${name}, left by a backup cut short`);
    this.daily.start({ now: true });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.daily.stop();
    await this.queue.catch(() => undefined);
    if (this.cliToken === null) return;
    const file = join(this.config.dataDir, SERVER_FILE);
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as RunningServer).token === this.cliToken) rmSync(file, { force: true });
    } catch {
      // Gone already.
    }
  }

  /** Whether `token` is this server's token for `npm run backup` (compared in constant time). */
  acceptsCliToken(token: string): boolean {
    return this.cliToken !== null && sameSecret(token, this.cliToken);
  }

  assertOwnsData(user: AuthUser): void {
    if (!ownsData(this.config, user)) throw new ForbiddenException('Only the owners of the data (DATA_OWNER_EMAILS) may download a backup.');
  }

  /** Writes a whole backup to `file` (which must not exist), after any backup being made. */
  backup(file: string): Promise<BackupHeader> {
    const made = this.queue.then(() => writeBackupFile(file, (partial) => this.produce(partial)));
    this.queue = made.catch(() => undefined);
    return made;
  }

  /** A backup into a file of its own in the backup folder, for a download; the caller removes it. */
  async backupForDownload(): Promise<{ file: string; header: BackupHeader }> {
    const file = join(this.config.backupDir, `.download-${randomBytes(8).toString('hex')}.sql`);
    const header = await this.backup(file);
    return { file, header };
  }

  private async produce(partial: string): Promise<BackupHeader> {
    const started = Date.now();
    const header = await this.dump(partial);
    const rows = Object.values(header.tables).reduce((sum, n) => sum + n, 0);
    this.logger.log(`Backup made in ${Date.now() - started} ms: ${rows} rows in ${Object.keys(header.tables).length} tables`);
    return header;
  }

  private async dump(file: string): Promise<BackupHeader> {
    const target = this.config.database;
    if (target.kind === 'postgres') {
      // A connection of its own: the dump reads in one repeatable-read transaction while the pool serves requests.
      const { Client } = await import('pg');
      const client = new Client({ connectionString: target.url });
      await client.connect();
      try {
        return await dumpToFile(client, 'postgres', this.config.encryptionKey, file);
      } finally {
        await client.end();
      }
    }
    const pglite = this.database.embedded();
    if (target.dataDir === null) {
      // In memory (tests, the demo): a clone is the snapshot.
      const clone = await pglite.clone();
      try {
        return await dumpToFile(clone, 'pglite', this.config.encryptionKey, file);
      } finally {
        await clone.close();
      }
    }
    const copyDir = join(this.config.backupDir, `.copy-${randomBytes(8).toString('hex')}`);
    try {
      await copyEmbeddedDatabase(pglite, target.dataDir, copyDir);
    } catch (error) {
      await rm(copyDir, { recursive: true, force: true });
      throw error;
    }
    return dumpCopyInThread(copyDir, file, this.config.encryptionKey);
  }

  /** The daily automatic backup of the embedded database, when the newest automatic one is a day old or there is none. */
  private async dailyBackup(): Promise<void> {
    const newest = automaticBackups(this.config.backupDir).at(-1);
    if (newest && Date.now() - newest.madeAt.getTime() < DAY_MS) return;
    if (!(await this.database.holdsData())) return;
    const file = automaticBackupFile(this.config.backupDir, 'daily');
    await this.backup(file);
    for (const removed of await pruneAutomaticBackups(this.config.backupDir, this.config.backupKeep)) this.logger.log(`Removed the old backup ${removed}`);
    this.logger.log(`Daily backup written to ${file}`);
  }
}

const loopback = (host: string) => (['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host);
