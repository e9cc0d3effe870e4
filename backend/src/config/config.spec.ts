import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadCommandConfig, loadConfig, logFormat } from './config';

const KEY = Buffer.alloc(32, 7).toString('base64');
const dataDir = () => mkdtempSync(join(tmpdir(), 'quire-config-'));

describe('loadConfig', () => {
  it('should default to local mode on the embedded database in ./data-like DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.authMode).toBe('local');
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(3000);
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: join(dir, 'pglite') });
    expect(config.notionPollSeconds).toBe(60);
    expect(config.generationConcurrency).toBe(4);
    expect(config.crawlMaxPages).toBe(500);
    expect(config.crawlAllowPrivateNetworks).toBe(false);
  });

  it('should generate an encryption key once into DATA_DIR outside production', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).encryptionKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).encryptionKey.equals(first)).toBe(true);
    expect(Buffer.from(readFileSync(join(dir, 'encryption.key'), 'utf8'), 'base64').equals(first)).toBe(true);
  });

  it('should never make a key for a command: ENCRYPTION_KEY, else an existing DATA_DIR/encryption.key, else none', () => {
    const dir = dataDir();
    expect(loadCommandConfig({ DATA_DIR: dir }).encryptionKey).toBeNull();
    expect(loadCommandConfig({ DATA_DIR: join(dir, 'not-made') }).encryptionKey).toBeNull();
    expect(readdirSync(dir)).toEqual([]);
    writeFileSync(join(dir, 'encryption.key'), Buffer.alloc(32, 3).toString('base64'));
    expect(loadCommandConfig({ DATA_DIR: dir }).encryptionKey).toEqual({ key: Buffer.alloc(32, 3), source: join(dir, 'encryption.key') });
    expect(loadCommandConfig({ DATA_DIR: dir, ENCRYPTION_KEY: KEY }).encryptionKey).toEqual({ key: Buffer.alloc(32, 7), source: 'ENCRYPTION_KEY' });
    expect(existsSync(join(dir, 'not-made'))).toBe(false);
    expect(() =>
      loadCommandConfig({ DATA_DIR: dir, NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', ALLOWED_EMAILS: 'a@b.c' }),
    ).toThrow('ENCRYPTION_KEY is required when NODE_ENV=production');
  });

  it('should pick google mode and listen on all interfaces when a Google client is configured', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      ALLOWED_EMAIL_DOMAINS: '@Example.com, other.org',
    });
    expect(config.authMode).toBe('google');
    expect(config.host).toBe('0.0.0.0');
    expect(config.allowedEmailDomains).toEqual(['example.com', 'other.org']);
  });

  it('should read memory:// and postgres:// database URLs', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'memory://' }).database).toEqual({ kind: 'pglite', dataDir: null });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
  });

  it('should keep metrics off without METRICS_TOKEN, and refuse a short one or one with spaces', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeNull();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'scrape-me-7f3a9c1e5b2d4f60' }).metricsToken).toBe('scrape-me-7f3a9c1e5b2d4f60');
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters without spaces (got 5)');
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'has a space in the middle' })).toThrow('METRICS_TOKEN must be at least 16 characters');
  });

  it('should keep automatic backups in DATA_DIR/backups, seven of them, unless BACKUP_DIR and BACKUP_KEEP say otherwise', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ backupDir: join(dir, 'backups'), backupKeep: 7, dataOwnerEmails: [] });
    expect(
      loadConfig({ DATA_DIR: dir, BACKUP_DIR: '/srv/quire-backups', BACKUP_KEEP: '30', DATA_OWNER_EMAILS: 'Ada@Example.com, grace@example.com' }),
    ).toMatchObject({
      backupDir: '/srv/quire-backups',
      backupKeep: 30,
      dataOwnerEmails: ['ada@example.com', 'grace@example.com'],
    });
    expect(() => loadConfig({ DATA_DIR: dir, BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP');
  });

  it('should run jobs unless RUN_JOBS=false, and refuse another value', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).runJobs).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), RUN_JOBS: 'false' }).runJobs).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RUN_JOBS: 'no' })).toThrow('RUN_JOBS must be true or false, got "no"');
  });

  it('should use Secure cookies when APP_URL is https', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://quire.example.com/' }).secureCookies).toBe(true);
  });

  it('should keep the Picker key with its app id, and need neither', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), GOOGLE_PICKER_API_KEY: 'picker-key', GOOGLE_APP_ID: '424242' }).google).toMatchObject({
      pickerApiKey: 'picker-key',
      appId: '424242',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).google).toMatchObject({ pickerApiKey: null, appId: null });
  });

  it.each([
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL /],
    [{ APP_URL: 'not a url' }, /^APP_URL must be an absolute http\(s\) URL/],
    [{ OPENAI_BASE_URL: 'ftp://x' }, /^OPENAI_BASE_URL must be an http\(s\) URL/],
    [{ PORT: '70000' }, /^PORT must be a whole number from 1 to 65535/],
    [{ NOTION_POLL_SECONDS: '0' }, /^NOTION_POLL_SECONDS /],
    [{ GENERATION_CONCURRENCY: 'four' }, /^GENERATION_CONCURRENCY /],
    [{ CRAWL_ALLOW_PRIVATE_NETWORKS: 'yes' }, /^CRAWL_ALLOW_PRIVATE_NETWORKS must be true or false/],
    [{ CRAWL_HOST_CONCURRENCY: '0' }, /^CRAWL_HOST_CONCURRENCY must be a whole number from 1 to 16/],
    [{ CRAWL_HOST_DELAY_MS: '-5' }, /^CRAWL_HOST_DELAY_MS must be a whole number from 0 to 60000/],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, /^ENCRYPTION_KEY must be 32 bytes/],
    [{ AUTH_MODE: 'saml' }, /^AUTH_MODE must be google or local/],
    [{ AUTH_MODE: 'google' }, /^GOOGLE_CLIENT_ID is required/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^GOOGLE_CLIENT_SECRET is required/],
    [{ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }, /^ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS is required/],
    [{ NODE_ENV: 'production', ENCRYPTION_KEY: KEY }, /^AUTH_MODE=local is refused when NODE_ENV=production/],
    [{ GOOGLE_PICKER_API_KEY: 'picker-key' }, /^GOOGLE_APP_ID is required when GOOGLE_PICKER_API_KEY is set/],
    [{ GOOGLE_PICKER_API_KEY: 'picker-key', GOOGLE_APP_ID: 'quire-prod' }, /^GOOGLE_APP_ID must be the Google Cloud project number \(digits only\)/],
    [
      { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's', ALLOWED_EMAILS: 'a@b.c' },
      /^ENCRYPTION_KEY is required when NODE_ENV=production/,
    ],
  ])('should stop with one line naming the variable for %j', (env, message) => {
    const run = () => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
  });
});

describe('log settings', () => {
  it('should write readable lines on a terminal and JSON lines elsewhere, unless LOG_FORMAT says', () => {
    expect(logFormat(null, true)).toBe('pretty');
    expect(logFormat(null, false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: KEY }, true).log).toEqual({ format: 'pretty', level: 'info' });
    expect(loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: KEY }, false).log).toEqual({ format: 'json', level: 'info' });
    expect(loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: KEY, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' }, true).log).toEqual({
      format: 'json',
      level: 'debug',
    });
  });

  it('should refuse another LOG_FORMAT or LOG_LEVEL in one line naming it', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: KEY, LOG_FORMAT: 'text' })).toThrow(
      new ConfigError('LOG_FORMAT must be json or pretty, got "text"'),
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), ENCRYPTION_KEY: KEY, LOG_LEVEL: 'loud' })).toThrow(
      new ConfigError('LOG_LEVEL must be one of error, warn, info, debug, trace, got "loud"'),
    );
  });
});
