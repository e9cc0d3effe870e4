import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { MIGRATIONS_DIR } from '../common/paths';
import { holdsData, pendingMigrations, refuseNewerSchema } from './schema-version';
import { takeEarlyStart, warnWithoutBaselineCompiler } from './embedded-start';

// Only the driver in use is loaded (PGlite and its WebAssembly, or pg): the other is never needed.

export type Database = PgDatabase<PgQueryResultHKT>;

/**
 * The database or a transaction of it: a repository method that takes one runs inside the
 * caller's transaction (the embedded database has one connection, so a transaction's queries use
 * only its handle).
 */
export type Queries = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** Runs raw SQL with positional parameters; pg-boss talks to the database through this. */
interface SqlRunner {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg-boss reads rows of any shape
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

const MIGRATION_LOCK_ID = 7_291_001;

/**
 * Backs up the embedded database before a migration changes its schema, on its one connection;
 * answers the file written. Declared here and given by the backup folder (DatabaseModule.forRoot in
 * app.module.ts): the database does not depend on backup.
 */
export type BackUpBeforeMigrating = (pglite: PGlite, config: AppConfig, firstPendingTag: string) => Promise<string>;

/**
 * Owns the one connection to PostgreSQL: embedded PGlite (a data directory or memory) or a real
 * server through a pg pool. Migrations are applied before anything else may query.
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger(DatabaseService.name);
  private pglite: PGlite | null = null;
  private pool: Pool | null = null;
  db!: Database;
  sqlRunner!: SqlRunner;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly backUp: BackUpBeforeMigrating,
  ) {}

  get kind(): 'pglite' | 'postgres' {
    return this.config.database.kind;
  }

  async open(): Promise<void> {
    const target = this.config.database;
    if (target.kind === 'pglite') {
      if (target.dataDir) mkdirSync(dirname(target.dataDir), { recursive: true });
      // main.ts may have started unpacking the image and compiling PGlite in a thread (embedded-start.ts).
      const early = takeEarlyStart(target.dataDir);
      const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { pgliteOptions, unpackImage }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('drizzle-orm/pglite'),
        import('drizzle-orm/pglite/migrator'),
        import('./pglite-image'),
      ]);
      warnWithoutBaselineCompiler((message) => this.logger.warn(message));
      const dataDir = target.dataDir;
      // Should the thread have failed, this process unpacks it as it would have without one.
      const unpackHere = (error: Error) => {
        this.logger.warn(`The start-up thread did not unpack the database image (${error.message}); unpacking it here`);
        return unpackImage(dataDir!, early!.imageDir);
      };
      const unpacked = dataDir !== null && (await (early ? early.unpacked.catch(unpackHere) : unpackImage(dataDir)));
      if (dataDir && !unpacked) mkdirSync(dataDir, { recursive: true });
      const wasmModule = await early?.wasmModule;
      const options = { ...pgliteOptions(dataDir), ...(wasmModule ? { pgliteWasmModule: wasmModule } : {}) };
      const pglite = new PGlite(dataDir ?? 'memory://', options);
      this.pglite = pglite;
      await pglite.waitReady;
      if (unpacked || options.loadDataDir) this.logger.log('New embedded database made from the pre-initialised image');
      this.db = drizzlePglite(pglite) as unknown as Database;
      await refuseNewerSchema((text) => pglite.query(text)).catch(async (error: Error) => {
        await pglite.close();
        this.pglite = null;
        throw error;
      });
      if (dataDir) await this.backUpBeforeMigrating(pglite);
      await migratePglite(this.db as never, { migrationsFolder: MIGRATIONS_DIR });
      this.sqlRunner = {
        // pg-boss sends its schema as one multi-statement script without parameters.
        executeSql: async (text, values) => (values && values.length > 0 ? pglite.query(text, values) : ((await pglite.exec(text)).at(-1) ?? { rows: [] })),
      };
    } else {
      const [{ Pool }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
      await this.migratePostgres(target.url);
      const pool = new Pool({ connectionString: target.url, max: 10 });
      pool.on('error', (error) => this.logger.error(`PostgreSQL pool error: ${error.message}`));
      this.pool = pool;
      this.db = drizzlePg(pool) as unknown as Database;
      this.sqlRunner = { executeSql: (text, values) => pool.query(text, values as unknown[]) };
    }
    this.logger.log(`Database ready (${this.describe()})`);
  }

  /**
   * The embedded database is backed up before a migration changes its schema (into BACKUP_DIR, with
   * the automatic backups): nothing else uses it yet, so the dump reads it on this connection.
   */
  private async backUpBeforeMigrating(pglite: PGlite): Promise<void> {
    const pending = await pendingMigrations((text) => pglite.query(text));
    if (pending.length === 0 || !(await holdsData((text) => pglite.query(text)))) return;
    const file = await this.backUp(pglite, this.config, pending[0].tag);
    this.logger.log(`Backed up to ${file} before migrating (${pending.map((m) => m.tag).join(', ')})`);
  }

  /** The embedded database's one connection (backups ask it for pg_backup_start, or clone it). */
  embedded(): PGlite {
    if (!this.pglite) throw new Error('not on the embedded database');
    return this.pglite;
  }

  /** Whether anyone has signed in yet: a database nobody used needs no backup. */
  holdsData(): Promise<boolean> {
    return holdsData(async (text) => ({ rows: (await this.sqlRunner.executeSql(text)).rows }));
  }

  /** Several server processes may start at once: one applies migrations, the others wait. */
  private async migratePostgres(url: string): Promise<void> {
    const [{ Client }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await refuseNewerSchema((text) => client.query(text));
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      await client.end();
    }
  }

  describe(): string {
    const target = this.config.database;
    if (target.kind === 'postgres') return 'postgres';
    return target.dataDir ? `pglite at ${target.dataDir}` : 'pglite in memory';
  }

  async ping(): Promise<void> {
    await this.db.execute(sql`select 1`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.pglite) {
      await this.pglite.close();
      this.pglite = null;
    }
    if (this.pool) {
      await this.pool.end();
      this.pool = null;
    }
  }
}
