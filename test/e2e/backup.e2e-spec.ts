import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../backend/src/database/pglite-image';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { BACKUP_FIRST_LINE, verifyBackup } from '../../backend/src/backup/backup-file';
import { keyFingerprint } from '../../backend/src/common/secret-box';
import { knownMigrations } from '../../backend/src/database/schema-version';
import { MIGRATIONS_DIR } from '../../backend/src/common/paths';
import { createModel, createSection, eventually, sectionBody, snapshotOf } from '../support/fixtures';
import { startServerProcess, ServerProcess } from '../support/server-process';

const ROOT = join(__dirname, '..', '..');
/** On the PostgreSQL run the round trip goes through a database of its own on that server. */
const POSTGRES_URL = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : null;
const KEY = 'YmFja3VwLXRlc3RzLWtleS0zMi1ieXRlcy1sb25nISE=';
/** Another installation's key. */
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');
const fingerprint = (key: string) => keyFingerprint(Buffer.from(key, 'base64'));

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const tmp = (name: string) => mkdtempSync(join(tmpdir(), `quire-backup-${name}-`));

/** A backup's text changed by `change`, with its checksum line made anew (a whole file, as another Quire could have written it). */
function rechecksummed(text: string, change: (body: string) => string): string {
  const body = change(text.slice(0, text.lastIndexOf('-- quire-backup-end')));
  return `${body}-- quire-backup-end sha256:${createHash('sha256').update(body).digest('hex')}\n`;
}

/** `npm run backup|restore -- …` as an operator runs it (the built command, on `env`'s database). */
function cli(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--liftoff-only', join(ROOT, 'dist', 'backup', 'cli.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', AUTH_MODE: 'local', ENCRYPTION_KEY: KEY, DATABASE_URL: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** SQL on a database no server has open: DATA_DIR's embedded one, or a PostgreSQL URL. */
async function onDatabase<T>(where: { dataDir: string } | { url: string }, run: (query: Query) => Promise<T>): Promise<T> {
  if ('url' in where) {
    const client = new Client({ connectionString: where.url });
    await client.connect();
    try {
      return await run((text) => client.query(text));
    } finally {
      await client.end();
    }
  }
  const pglite = new PGlite(join(where.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  try {
    return await run((text) => pglite.query(text));
  } finally {
    await pglite.close();
  }
}

/** Every row of every table of Quire's (and drizzle's record of migrations), as PostgreSQL's own JSON of each, in a stable order. */
async function everyRow(where: { dataDir: string } | { url: string }): Promise<Record<string, string[]>> {
  return onDatabase(where, async (query) => {
    const tables = (
      await query(`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`)
    ).rows.map((r) => String(r.relname));
    const all: Record<string, string[]> = {};
    for (const table of [...tables.map((t) => `public."${t}"`), 'drizzle.__drizzle_migrations']) {
      all[table] = (await query(`select to_jsonb(t)::text as row from ${table} t order by 1`)).rows.map((r) => String(r.row));
    }
    return all;
  });
}

/** An operator's work, through the API: settings with secrets, a model provider with its key, a bias list, a model with examples, sections with versions, a template, a client. */
async function fillThroughTheApi(url: string): Promise<string> {
  const login = await request(url).get('/api/auth/local').expect(302);
  const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
  const agent = request.agent(url).set('Cookie', cookie);
  await agent
    .post('/api/user')
    .send({ envVars: { OPENAI_API_KEY: 'sk-proj-kept-in-a-backup-0042', NOTION_SECRET: 'ntn_kept_in_a_backup_0042' } })
    .expect(200);
  await agent.post('/api/connections').send({ kind: 'anthropic', name: 'Claude', api_key: 'sk-ant-kept-in-a-backup-0042' }).expect(201);
  const list = (
    await agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Banned', entries: [{ words: ['delve', "it's"], bias: -100 }] })
      .expect(201)
  ).body._id as string;
  const modelId = await createModel(agent, 'Blog voice', 'gpt-4o', 3);
  const faq = await createSection(agent, modelId, { name: 'FAQ', logit_bias_group: list, notes: 'Line one\nline two, with a tab\tand \\ a backslash' });
  const edited = (
    await agent
      .put(`/api/sections/${faq._id}`)
      .send(
        sectionBody(modelId, { name: 'FAQ v2', temperature: 0.25, system_message: "You write FAQ sections for {{client}}: naïve café, 'quoted', emoji 🌱." }),
      )
      .expect(200)
  ).body;
  const intro = await createSection(agent, modelId, { name: 'Intro' });
  await agent
    .post('/api/articles')
    .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(edited), snapshotOf(intro)] })
    .expect(201);
  const client = (await agent.post('/api/clients').send({ name: 'Acme Blog' }).expect(201)).body._id as string;
  await agent.post(`/api/clients/${client}/save-path`).send({ folderId: '1AbC-dEf_123', folderName: 'Acme articles' }).expect(200);
  return cookie;
}

/** What the dashboard shows of the operator's work: settings' and providers' hints, sections, templates, bias lists, clients. */
async function whatTheDashboardShows(url: string) {
  const login = await request(url).get('/api/auth/local').expect(302);
  const agent = request.agent(url).set('Cookie', (login.headers['set-cookie'][0] as string).split(';')[0]);
  const paths = ['/api/user', '/api/connections', '/api/sections', '/api/articles', '/api/logit-bias-groups', '/api/clients', '/api/models'];
  return Object.fromEntries(await Promise.all(paths.map(async (path) => [path, (await agent.get(path).expect(200)).body])));
}

/** Backups while the server runs, restores into either database, and what is refused. */
describe('Backups and restores', () => {
  const source = { dataDir: tmp('source') };
  const backups = tmp('files');
  const envOf = (where: { dataDir: string } | { url: string }): Record<string, string> =>
    'url' in where
      ? { DATABASE_URL: where.url, DATA_DIR: tmp('pg-data'), BACKUP_DIR: join(backups, 'automatic') }
      : { DATABASE_URL: '', DATA_DIR: where.dataDir, BACKUP_DIR: join(backups, 'automatic') };
  let server: ServerProcess | null = null;
  let shown: Record<string, unknown>;
  let rows: Record<string, string[]>;
  const scratchDatabases: string[] = [];

  /** A new, empty PostgreSQL database on the run's server; else a new embedded data directory. */
  async function emptyTarget(): Promise<{ dataDir: string } | { url: string }> {
    if (!POSTGRES_URL) return { dataDir: tmp('target') };
    const name = `quire_backup_${process.pid}_${scratchDatabases.length}`;
    await onDatabase({ url: POSTGRES_URL }, (query) => query(`drop database if exists ${name}`).then(() => query(`create database ${name}`)));
    scratchDatabases.push(name);
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return { url: url.toString() };
  }

  /** A refused restore made nothing: DATA_DIR holds what it held before (nothing: no key, no database), and PostgreSQL's database no table. */
  async function expectNothingMade(there: { dataDir: string } | { url: string }, dataDir: string): Promise<void> {
    expect(readdirSync(dataDir)).toEqual([]);
    if ('url' in there)
      expect((await onDatabase(there, (query) => query(`select count(*)::int as n from pg_tables where schemaname = 'public'`))).rows[0].n).toBe(0);
  }

  afterAll(async () => {
    await server?.stop();
    if (POSTGRES_URL)
      for (const name of scratchDatabases) await onDatabase({ url: POSTGRES_URL }, (query) => query(`drop database if exists ${name} with (force)`));
  });

  it('should back up the embedded database while its server runs, by `npm run backup` and by the download on Home, both whole', async () => {
    server = await startServerProcess({ ...envOf(source), ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' });
    const cookie = await fillThroughTheApi(server.url);
    shown = await whatTheDashboardShows(server.url);

    const run = await cli(['backup', join(backups, 'a.sql')], envOf(source));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^Quire is running on .* \(pid \d+\): asking it for the backup\nBacked up the embedded database in .* to .*a\.sql in [\d.]+ s: \d+ rows in \d+ tables, schema up to \d{4}_\w+\.\n/,
    );
    const header = await verifyBackup(join(backups, 'a.sql'));
    expect(header).toMatchObject({
      source: 'pglite',
      tables: { users: 1, sections: 2, section_versions: 3, model_examples: 3, clients: 1, articles: 1, logit_bias_groups: 1 },
      // The OpenAI key, the Notion secret and the provider's key, sealed with the server's key.
      secrets: { sealed: 3, key_fingerprint: fingerprint(KEY) },
    });
    expect(run.stdout).toContain(`its 3 secrets are sealed with the key of fingerprint ${fingerprint(KEY)}`);

    // The same file again refuses to be overwritten.
    expect(await cli(['backup', join(backups, 'a.sql')], envOf(source))).toMatchObject({
      status: 1,
      stderr: `${join(backups, 'a.sql')} exists already: give the backup a new file name.\n`,
    });

    const download = await request(server.url)
      .get('/api/backup')
      .set('Cookie', cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/sql; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="quire-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.sql"$/);
    writeFileSync(join(backups, 'downloaded.sql'), download.body as Buffer);
    expect(await verifyBackup(join(backups, 'downloaded.sql'))).toMatchObject({ tables: header.tables, secrets: header.secrets });
    // Nothing is left behind in the backup folder by a download (removed once the answer is sent, which the client may see end first).
    await eventually(
      async () => readdirSync(join(backups, 'automatic')).filter((name) => name.startsWith('.')),
      (left) => left.length === 0,
      5_000,
    );

    await request(server.url).get('/api/backup').expect(401);
    const wrong = await request(server.url).get('/api/backup').set('Authorization', 'Bearer not-the-token').expect(401);
    expect(wrong.body.message).toBe("That is not this server's backup token (DATA_DIR/server.json).");

    // While the server runs, the command refuses to restore into its data directory.
    expect(await cli(['restore', join(backups, 'a.sql'), '--replace'], envOf(source))).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^Quire is running on .* \(pid \d+\): stop it, then restore\.\n$/),
    });

    await server.stop();
    server = null;
    expect(existsSync(join(source.dataDir, 'server.json'))).toBe(false);
    rows = await everyRow(source);
  }, 120_000);

  it(`should restore it into ${POSTGRES_URL ? 'PostgreSQL' : 'a new data directory'} and back into the embedded database with every row the same, as a server then shows it`, async () => {
    const there = await emptyTarget();
    const restored = await cli(['restore', join(backups, 'a.sql')], envOf(there));
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(
      /^Restored .*a\.sql into the (PostgreSQL database of DATABASE_URL|embedded database in .*) in [\d.]+ s: \d+ rows in \d+ tables, schema up to \w+\.\n/,
    );
    expect(restored.stdout).toContain(`\nStart Quire with the same ENCRYPTION_KEY (fingerprint ${fingerprint(KEY)}): its secrets are sealed with it.\n`);
    expect(await everyRow(there)).toEqual(rows);

    server = await startServerProcess({ ...envOf(there), ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' });
    expect(await whatTheDashboardShows(server.url)).toEqual(shown);
    if ('url' in there) {
      // Outgrowing one machine: a second server process on the same PostgreSQL database shows the same.
      const second = await startServerProcess({ ...envOf(there), ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' });
      expect(await whatTheDashboardShows(second.url)).toEqual(shown);
      await second.stop();
      // While a server is connected, a restore there is refused: it would go on writing into what the restore replaces.
      const refused = await cli(['restore', join(backups, 'a.sql'), '--replace'], envOf(there));
      expect(refused).toMatchObject({
        status: 1,
        stderr: expect.stringMatching(
          /^\d+ other connection\(s\) are open on this database \(a Quire server\?\): stop them, then restore\. Nothing was changed\.\n$/,
        ),
      });
    }
    await server.stop();
    server = null;
    // Signing in there added a session, and so on: what is there now is what goes back.
    const thereNow = await everyRow(there);

    // Back again: a backup of that database, restored into a new embedded one, holds the same rows.
    expect(await cli(['backup', join(backups, 'b.sql')], envOf(there))).toMatchObject({ status: 0 });
    const back = { dataDir: tmp('back') };
    expect(await cli(['restore', join(backups, 'b.sql')], envOf(back))).toMatchObject({ status: 0, stderr: '' });
    expect(await everyRow(back)).toEqual(thereNow);
  }, 180_000);

  it('should refuse a file cut short, changed, foreign or from a newer Quire, saying why, and change nothing', async () => {
    const whole = readFileSync(join(backups, 'a.sql'));
    const text = whole.toString('utf8');
    const files = {
      'cut.sql': whole.subarray(0, Math.floor(whole.length * 0.7)),
      'changed.sql': Buffer.from(text.replace("'FAQ v2'", "'FAQ v3'")),
      'foreign.sql': readFileSync(join(ROOT, 'package.json')),
      'empty.sql': Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(join(backups, name), bytes);
    const there = await emptyTarget();
    // No key set: a refused restore makes none (nor anything else) in DATA_DIR.
    const env: Record<string, string> = { ...envOf(there), ENCRYPTION_KEY: '' };
    const refusals = {
      'cut.sql': /is incomplete or damaged \(\d+ bytes, and its last line is not Quire's end-of-backup line: it was cut short\)\. Nothing was changed\.\n$/,
      'changed.sql': /is incomplete or damaged \(\d+ bytes whose checksum does not match: it was changed after it was written\)\. Nothing was changed\.\n$/,
      'foreign.sql': /is not a Quire backup: it does not start with "-- Quire backup 1"\. Nothing was changed\.\n$/,
      'empty.sql': /is not a Quire backup/,
      'missing.sql': /missing\.sql does not exist or cannot be read\.\n$/,
    };
    for (const [name, message] of Object.entries(refusals)) {
      const run = await cli(['restore', join(backups, name)], env);
      expect({ name, status: run.status, stderr: run.stderr }).toEqual({ name, status: 1, stderr: expect.stringMatching(message) });
    }
    await expectNothingMade(there, env.DATA_DIR);

    // A newer Quire's backup, whole and checksummed, is refused too.
    const newer = rechecksummed(text, (body) =>
      body.replace(
        /"newest_migration":\{"tag":"(\w+)","when":(\d+)\}/,
        (_all, _tag, when) => `"newest_migration":{"tag":"9999_from_the_future","when":${Number(when) + 86_400_000 * 365}}`,
      ),
    );
    writeFileSync(join(backups, 'newer.sql'), newer);
    const run = await cli(['restore', join(backups, 'newer.sql')], env);
    expect(run).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(
        /was made by a newer Quire \(its newest migration is 9999_from_the_future; this Quire knows them up to \w+\)\. .* Nothing was changed\.\n$/,
      ),
    });
    await expectNothingMade(there, env.DATA_DIR);

    // A refusal only loading can find (rows not as the header counts them) leaves nothing either: the database it began is removed.
    writeFileSync(
      join(backups, 'miscounted.sql'),
      rechecksummed(text, (body) => body.replace(/"tables":\{/, (start) => `${start}"no_such_table":1,`)),
    );
    expect(await cli(['restore', join(backups, 'miscounted.sql')], { ...env, ENCRYPTION_KEY: KEY })).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/did not restore as its header says \(no_such_table: missing rows, not 1\)\. Nothing was changed\.\n$/),
    });
    await expectNothingMade(there, env.DATA_DIR);
  }, 120_000);

  it('should refuse in one line a backup whose secrets another key sealed, or with no key, changing nothing; and restore it with the key that sealed them, from DATA_DIR/encryption.key', async () => {
    const there = await emptyTarget();
    const env = envOf(there);
    const todo = 'set ENCRYPTION_KEY to the key of the installation that made the backup. Nothing was changed.\n';
    expect(await cli(['restore', join(backups, 'a.sql')], { ...env, ENCRYPTION_KEY: OTHER_KEY })).toEqual({
      status: 1,
      stdout: '',
      stderr: `This backup's secrets were sealed with the key of fingerprint ${fingerprint(KEY)}; the key in use (ENCRYPTION_KEY) has fingerprint ${fingerprint(OTHER_KEY)}: ${todo}`,
    });
    expect(await cli(['restore', join(backups, 'a.sql')], { ...env, ENCRYPTION_KEY: '' })).toEqual({
      status: 1,
      stdout: '',
      stderr: `This backup's secrets were sealed with the key of fingerprint ${fingerprint(KEY)}; no key is set (ENCRYPTION_KEY is unset and ${join(env.DATA_DIR, 'encryption.key')} does not exist): ${todo}`,
    });
    await expectNothingMade(there, env.DATA_DIR);

    // A backup of an older Quire names no key: each of its secrets is opened with the key in use first.
    const older = rechecksummed(readFileSync(join(backups, 'a.sql'), 'utf8'), (body) => body.replace(/,"secrets":\{[^}]*\}/, ''));
    writeFileSync(join(backups, 'older.sql'), older);
    expect((await verifyBackup(join(backups, 'older.sql'))).secrets).toBeUndefined();
    expect(await cli(['restore', join(backups, 'older.sql')], { ...env, ENCRYPTION_KEY: OTHER_KEY })).toMatchObject({
      status: 1,
      stderr: `3 of this backup's 3 secrets do not open with the key in use (ENCRYPTION_KEY, fingerprint ${fingerprint(OTHER_KEY)}); its header names no key: ${todo}`,
    });
    await expectNothingMade(there, env.DATA_DIR);

    // The key that sealed them, as the file a server keeps in DATA_DIR: restored, every row as it was.
    writeFileSync(join(env.DATA_DIR, 'encryption.key'), KEY);
    expect(await cli(['restore', join(backups, 'older.sql')], { ...env, ENCRYPTION_KEY: '' })).toMatchObject({ status: 0, stderr: '' });
    expect(await everyRow(there)).toEqual(rows);

    // A backup made with a key that does not open its secrets names no key, and says so.
    const unnamed = await cli(['backup', join(backups, 'unnamed.sql')], { ...env, ENCRYPTION_KEY: OTHER_KEY });
    expect(unnamed).toMatchObject({
      status: 0,
      stderr:
        'Its 3 secrets do not all open with the key this backup was made with (none was set, or another): a restore will need the key that sealed them, the ENCRYPTION_KEY of the server that saved them.\n',
    });
    expect((await verifyBackup(join(backups, 'unnamed.sql'))).secrets).toEqual({ sealed: 3, key_fingerprint: null });
  }, 120_000);

  it('should refuse a database that holds anything unless --replace, which backs up what was there first', async () => {
    const there = await emptyTarget();
    expect(await cli(['restore', join(backups, 'a.sql')], envOf(there))).toMatchObject({ status: 0 });
    await onDatabase(there, (query) => query(`insert into clients (user_id, workspace_id, name) select id, id, 'Only in the target' from users`));
    const before = await everyRow(there);

    // The key is checked before what is there is backed up, or anything else is written.
    const automatic = readdirSync(join(backups, 'automatic'));
    expect(await cli(['restore', join(backups, 'a.sql'), '--replace'], { ...envOf(there), ENCRYPTION_KEY: OTHER_KEY })).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/^This backup's secrets were sealed with the key of fingerprint \w+; the key in use \(ENCRYPTION_KEY\) has fingerprint/),
    });
    expect(readdirSync(join(backups, 'automatic'))).toEqual(automatic);
    expect(await everyRow(there)).toEqual(before);

    const refused = await cli(['restore', join(backups, 'a.sql')], envOf(there));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^The database is not empty: it holds \d+ rows in \d+ tables \(.*clients 2.*\)\. Restore into an empty one, or add --replace, which first backs up what is there\. Nothing was changed\.\n$/,
    );
    expect(await everyRow(there)).toEqual(before);

    const replaced = await cli(['restore', join(backups, 'a.sql'), '--replace'], envOf(there));
    expect(replaced.stderr).toBe('');
    const saved = /^What was there is backed up in (.*\.sql)\n/.exec(replaced.stdout)?.[1];
    expect(saved).toMatch(/quire-.*-before-restore\.sql$/);
    expect(readFileSync(saved!, 'utf8')).toContain("'Only in the target'");
    expect(await everyRow(there)).toEqual(rows);
  }, 120_000);
});

/** The embedded database backs itself up daily and before a migration, keeping BACKUP_KEEP. */
(POSTGRES_URL ? describe.skip : describe)('Automatic backups of the embedded database', () => {
  it('should make a daily backup when the newest is a day old, keeping the newest BACKUP_KEEP, in BACKUP_DIR', async () => {
    const dataDir = tmp('daily');
    const backupDir = tmp('daily-files');
    const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_KEEP: '3', ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' };
    // A new database nobody has signed in to needs none.
    let server = await startServerProcess(env);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(readdirSync(backupDir)).toEqual([]);
    await request(server.url).get('/api/auth/local').expect(302);
    await server.stop();

    const old = [
      'quire-2026-01-01T00-00-00-000Z-daily.sql',
      'quire-2026-01-02T00-00-00-000Z-daily.sql',
      'quire-2026-01-03T00-00-00-000Z-before-0013_x.sql',
      'my-own-copy.sql',
    ];
    for (const name of old) {
      writeFileSync(join(backupDir, name), 'an older backup');
      utimesSync(join(backupDir, name), new Date('2026-01-03'), new Date('2026-01-03'));
    }
    server = await startServerProcess(env);
    const isNew = (name: string) => /^quire-.*-daily\.sql$/.test(name) && !name.startsWith('quire-2026-01');
    const listed = await eventually(
      async () => readdirSync(backupDir),
      (names) => names.some(isNew) && names.length === 4,
    );
    const daily = listed.find(isNew)!;
    expect((await verifyBackup(join(backupDir, daily))).tables.users).toBe(1);
    expect(listed.sort()).toEqual(
      ['my-own-copy.sql', 'quire-2026-01-02T00-00-00-000Z-daily.sql', 'quire-2026-01-03T00-00-00-000Z-before-0013_x.sql', daily].sort(),
    );
    await server.stop();

    // The newest is less than a day old now: a restart makes none.
    server = await startServerProcess(env);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(readdirSync(backupDir).filter((name) => name.endsWith('-daily.sql'))).toHaveLength(2);
    await server.stop();
  }, 120_000);

  it('should back up a database before migrating it, with the schema it had', async () => {
    const dataDir = tmp('migrating');
    const migrations = knownMigrations();
    // A database an older Quire made: migrated up to the one before the newest, with an operator.
    const older = tmp('older-migrations');
    cpSync(MIGRATIONS_DIR, older, { recursive: true });
    const journal = JSON.parse(readFileSync(join(older, 'meta', '_journal.json'), 'utf8'));
    journal.entries.pop();
    writeFileSync(join(older, 'meta', '_journal.json'), JSON.stringify(journal));
    mkdirSync(join(dataDir, 'pglite'), { recursive: true });
    const pglite = new PGlite(join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle(pglite), { migrationsFolder: older });
    await pglite.query(`insert into users (email, name) values ('older@quire.test', 'From an older Quire')`);
    await pglite.close();
    rmSync(older, { recursive: true });

    const backupDir = join(dataDir, 'backups');
    const server = await startServerProcess({ DATA_DIR: dataDir, ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' });
    await server.stop();
    const made = readdirSync(backupDir);
    expect(made).toEqual([expect.stringMatching(new RegExp(`^quire-.*-before-${migrations.at(-1)!.tag}\\.sql$`))]);
    const header = await verifyBackup(join(backupDir, made[0]));
    expect(header.newest_migration.tag).toBe(migrations.at(-2)!.tag);
    expect(readFileSync(join(backupDir, made[0]), 'utf8').startsWith(BACKUP_FIRST_LINE)).toBe(true);
    expect(readFileSync(join(backupDir, made[0]), 'utf8')).toContain("'From an older Quire'");
    // It restores, and is migrated on as it is restored.
    const restoredInto = tmp('restored-older');
    // It holds no secret (nobody saved a setting): it needs no key, and the restore makes none.
    expect(header.secrets).toEqual({ sealed: 0, key_fingerprint: null });
    expect(await cli(['restore', join(backupDir, made[0])], { DATA_DIR: restoredInto, ENCRYPTION_KEY: '' })).toMatchObject({ status: 0, stderr: '' });
    expect(readdirSync(restoredInto)).toEqual(['pglite']);
    const applied = await onDatabase({ dataDir: restoredInto }, (query) => query('select count(*)::int as n from drizzle.__drizzle_migrations'));
    expect(applied.rows[0].n).toBe(migrations.length);
  }, 120_000);
});

describe('Backup downloads', () => {
  it('should go on serving when a download is given up before its backup is made, leaving nothing behind', async () => {
    const dataDir = tmp('given-up');
    const server = await startServerProcess({ DATA_DIR: dataDir, ENCRYPTION_KEY: KEY, AUTH_MODE: 'local' });
    try {
      const login = await request(server.url).get('/api/auth/local').expect(302);
      const cookie = (login.headers['set-cookie'][0] as string).split(';')[0];
      // The browser closes the connection while the server is still making the backup (a tab closed, a download cancelled).
      const given = new AbortController();
      const download = fetch(`${server.url}/api/backup`, { headers: { cookie }, signal: given.signal }).catch(() => 'given up');
      await new Promise((resolve) => setTimeout(resolve, 50));
      given.abort();
      expect(await download).toBe('given up');
      // The backup it was making is finished and removed, then the server answers as before.
      // (The folder is made with the first backup: a download given up early may have made none.)
      const backups = join(dataDir, 'backups');
      const inProgress = () => (existsSync(backups) ? readdirSync(backups).filter((name) => name.startsWith('.')) : []);
      await eventually(
        async () => inProgress(),
        (names) => names.length === 0,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.child.exitCode).toBeNull();
      const again = await request(server.url).get('/api/backup').set('Cookie', cookie).expect(200);
      expect(again.headers['content-type']).toBe('application/sql; charset=utf-8');
      await eventually(
        async () => inProgress(),
        (names) => names.length === 0,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);
});
