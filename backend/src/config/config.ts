import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { DEFAULT_PRICES, parsePriceTable, PriceTable } from './price-table';

type AuthMode = 'google' | 'local';

/** Every setting Quire reads from the environment, validated once at start-up. */
export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  appUrl: string;
  secureCookies: boolean;
  database: { kind: 'pglite'; dataDir: string | null } | { kind: 'postgres'; url: string };
  dataDir: string;
  encryptionKey: Buffer;
  authMode: AuthMode;
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
    apiRoot: string;
    pickerApiKey: string | null;
    appId: string | null;
  };
  allowedEmailDomains: string[];
  allowedEmails: string[];
  openAiBaseUrl: string | null;
  /** Where Anthropic's and Gemini's SDKs send their requests (tests, demo); null: the vendors' own. */
  anthropicBaseUrl: string | null;
  geminiBaseUrl: string | null;
  /** OpenAI's prices (config/price-table.ts), or OPENAI_PRICES_FILE's. */
  openAiPrices: PriceTable;
  notionBaseUrl: string | null;
  notionPollSeconds: number;
  fineTunePollSeconds: number;
  generationConcurrency: number;
  /** False: this server answers the API and queues jobs, but runs none, nor any background check (another server does). */
  runJobs: boolean;
  /** GET /api/metrics answers only a request bearing this token; null: the route does not exist. */
  metricsToken: string | null;
  /** The most requests one API token may make a minute (TOKEN_REQUESTS_PER_MINUTE); past it, 429 until the minute's window has room. */
  tokenRequestsPerMinute: number;
  /** The first wait before a job that met a passing fault is tried again (it doubles each time). */
  generationRetrySeconds: number;
  /** How often bulk writing sends waiting sections to OpenAI's Batch API and reads the batches in flight. */
  bulkPollMs: number;
  crawlMaxPages: number;
  crawlAllowPrivateNetworks: boolean;
  /** Requests in flight to one host at a time. */
  crawlHostConcurrency: number;
  /** Least time between the starts of two requests to one host (robots.txt Crawl-delay may raise it). */
  crawlHostDelayMs: number;
  /** Where automatic backups of the embedded database go (BACKUP_DIR, else DATA_DIR/backups), and how many are kept. */
  backupDir: string;
  backupKeep: number;
  /** Google mode: who owns the data and may download a backup of it (in local mode the one operator does). */
  dataOwnerEmails: string[];
  /** `npm run demo`: the dashboard says plainly that the outside services are simulated. */
  demo: boolean;
  /** How the server's log is written (LOG_FORMAT: readable lines on a terminal, else JSON lines) and from which level (LOG_LEVEL). */
  log: { format: LogFormat; level: LogLevel };
}

export type LogFormat = 'json' | 'pretty';
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** LOG_FORMAT when set; else readable lines for a person at a terminal, JSON lines for whatever collects them. */
export function logFormat(value: string | null, terminal: boolean): LogFormat {
  if (value === null) return terminal ? 'pretty' : 'json';
  if (value === 'json' || value === 'pretty') return value;
  throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${value}"`);
}

function logLevel(value: string | null): LogLevel {
  if (value === null) return 'info';
  const level = LOG_LEVELS.find((name) => name === value);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return level;
}

/** A misconfiguration: the message is one line that names the variable. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function url(env: Env, name: string, fallback: string | null): string | null {
  const value = text(env, name);
  if (value === null) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

function positiveInt(env: Env, name: string, fallback: number, max = 1_000_000): number {
  const value = text(env, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${value}"`);
  }
  return Number(value);
}

function wholeNumber(env: Env, name: string, fallback: number, max: number): number {
  const value = text(env, name);
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new ConfigError(`${name} must be a whole number from 0 to ${max}, got "${value}"`);
  return Number(value);
}

function bool(env: Env, name: string): boolean {
  const value = text(env, name);
  if (value === null || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function list(env: Env, name: string): string[] {
  return (text(env, name) ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** The built-in price table, or the one OPENAI_PRICES_FILE names, checked now rather than at the first article. */
function prices(env: Env): PriceTable {
  const file = text(env, 'OPENAI_PRICES_FILE');
  if (file === null) return DEFAULT_PRICES;
  let content: string;
  try {
    content = readFileSync(resolve(file), 'utf8');
  } catch (error) {
    throw new ConfigError(`OPENAI_PRICES_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${file}`);
  }
  try {
    return parsePriceTable(content);
  } catch (error) {
    throw new ConfigError(`OPENAI_PRICES_FILE ${(error as Error).message}`);
  }
}

/** A bearer token is guessed as easily as it is short: 16 characters at least. */
function metricsToken(env: Env): string | null {
  const token = text(env, 'METRICS_TOKEN');
  if (token === null) return null;
  if (token.length < 16 || /\s/.test(token)) throw new ConfigError(`METRICS_TOKEN must be at least 16 characters without spaces (got ${token.length})`);
  return token;
}

/** The key that seals secrets at rest, and where it was read: "ENCRYPTION_KEY" or the key file's path. */
export interface EncryptionKey {
  key: Buffer;
  source: string;
}

/** Outside production a key is generated once and kept beside the embedded database, in this file. */
export const keyFile = (dataDir: string) => join(dataDir, 'encryption.key');

/**
 * The key the environment gives: ENCRYPTION_KEY, else (outside production) DATA_DIR/encryption.key
 * when it exists; null when neither does. It never writes: generating one is loadConfig's, at a start.
 */
export function existingEncryptionKey(env: Env, production: boolean, dataDir: string): EncryptionKey | null {
  const value = text(env, 'ENCRYPTION_KEY');
  if (value !== null) {
    const key = Buffer.from(value, 'base64');
    if (key.length !== 32) {
      throw new ConfigError('ENCRYPTION_KEY must be 32 bytes encoded as base64 (try: openssl rand -base64 32)');
    }
    return { key, source: 'ENCRYPTION_KEY' };
  }
  if (production) throw new ConfigError('ENCRYPTION_KEY is required when NODE_ENV=production');
  const file = keyFile(dataDir);
  if (!existsSync(file)) return null;
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new ConfigError(`ENCRYPTION_KEY is unset and ${file} does not hold a 32-byte key`);
  return { key, source: file };
}

/** The server's key: the one the environment gives, else (outside production) one generated into DATA_DIR/encryption.key. */
function encryptionKey(env: Env, production: boolean, dataDir: string): Buffer {
  const existing = existingEncryptionKey(env, production, dataDir);
  if (existing) return existing.key;
  const key = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(keyFile(dataDir), key.toString('base64'), { mode: 0o600 });
  return key;
}

/**
 * Every setting but the key, for `npm run backup` and `npm run restore`: they read the key the
 * server would (existingEncryptionKey) and never generate one, so that a command refused leaves
 * DATA_DIR as it was, and a restore never meets a key the backup's secrets were not sealed with.
 */
export type CommandConfig = Omit<AppConfig, 'encryptionKey'> & { encryptionKey: EncryptionKey | null };

export function loadCommandConfig(env: Env = process.env): CommandConfig {
  const settings = loadSettings(env, false);
  return { ...settings, encryptionKey: existingEncryptionKey(env, settings.production, settings.dataDir) };
}

/** `terminal`: whether standard output is a terminal, which LOG_FORMAT defaults on. */
export function loadConfig(env: Env = process.env, terminal = process.stdout.isTTY === true): AppConfig {
  const settings = loadSettings(env, terminal);
  return { ...settings, encryptionKey: encryptionKey(env, settings.production, settings.dataDir) };
}

function loadSettings(env: Env, terminal: boolean): Omit<AppConfig, 'encryptionKey'> {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(text(env, 'DATA_DIR') ?? './data');

  const databaseUrl = text(env, 'DATABASE_URL');
  let database: AppConfig['database'];
  if (databaseUrl === null) database = { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  else if (databaseUrl === 'memory://') database = { kind: 'pglite', dataDir: null };
  else if (/^postgres(ql)?:\/\//.test(databaseUrl)) database = { kind: 'postgres', url: databaseUrl };
  else throw new ConfigError('DATABASE_URL must be postgres://…, memory:// or unset for the embedded database');

  const clientId = text(env, 'GOOGLE_CLIENT_ID') ?? '';
  const modeValue = text(env, 'AUTH_MODE') ?? (clientId ? 'google' : 'local');
  if (modeValue !== 'google' && modeValue !== 'local') {
    throw new ConfigError(`AUTH_MODE must be google or local, got "${modeValue}"`);
  }
  const authMode: AuthMode = modeValue;
  if (authMode === 'local' && production) {
    throw new ConfigError('AUTH_MODE=local is refused when NODE_ENV=production; set GOOGLE_CLIENT_ID and friends');
  }

  const allowedEmailDomains = list(env, 'ALLOWED_EMAIL_DOMAINS').map((d) => d.replace(/^@/, ''));
  const allowedEmails = list(env, 'ALLOWED_EMAILS');
  const clientSecret = text(env, 'GOOGLE_CLIENT_SECRET') ?? '';
  if (authMode === 'google') {
    if (!clientId) throw new ConfigError('GOOGLE_CLIENT_ID is required when AUTH_MODE=google');
    if (!clientSecret) throw new ConfigError('GOOGLE_CLIENT_SECRET is required when AUTH_MODE=google');
    if (allowedEmailDomains.length === 0 && allowedEmails.length === 0) {
      throw new ConfigError('ALLOWED_EMAIL_DOMAINS or ALLOWED_EMAILS is required when AUTH_MODE=google');
    }
  }

  const pickerApiKey = text(env, 'GOOGLE_PICKER_API_KEY');
  const appId = text(env, 'GOOGLE_APP_ID');
  // The Picker's setAppId is what grants Quire's drive.file token access to the folder picked.
  if (pickerApiKey && !appId) {
    throw new ConfigError(
      'GOOGLE_APP_ID is required when GOOGLE_PICKER_API_KEY is set: without it a picked folder is not opened to Quire (it is the Cloud project number, the digits before the first "-" of GOOGLE_CLIENT_ID)',
    );
  }
  if (appId && !/^\d+$/.test(appId)) throw new ConfigError(`GOOGLE_APP_ID must be the Google Cloud project number (digits only), got "${appId}"`);

  const port = positiveInt(env, 'PORT', 3000, 65535);
  const appUrl = url(env, 'APP_URL', `http://localhost:${port}`)!;

  return {
    production,
    port,
    host: text(env, 'HOST') ?? (authMode === 'local' ? '127.0.0.1' : '0.0.0.0'),
    appUrl,
    secureCookies: appUrl.startsWith('https:'),
    database,
    dataDir,
    authMode,
    google: {
      clientId,
      clientSecret,
      authUrl: url(env, 'GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth')!,
      tokenUrl: url(env, 'GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token')!,
      userInfoUrl: url(env, 'GOOGLE_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo')!,
      apiRoot: url(env, 'GOOGLE_API_ROOT', 'https://www.googleapis.com')!,
      pickerApiKey,
      appId,
    },
    allowedEmailDomains,
    allowedEmails,
    openAiBaseUrl: url(env, 'OPENAI_BASE_URL', null),
    anthropicBaseUrl: url(env, 'ANTHROPIC_BASE_URL', null),
    geminiBaseUrl: url(env, 'GEMINI_BASE_URL', null),
    openAiPrices: prices(env),
    notionBaseUrl: url(env, 'NOTION_BASE_URL', null),
    notionPollSeconds: positiveInt(env, 'NOTION_POLL_SECONDS', 60),
    fineTunePollSeconds: positiveInt(env, 'FINE_TUNE_POLL_SECONDS', 60),
    generationConcurrency: positiveInt(env, 'GENERATION_CONCURRENCY', 4, 64),
    runJobs: text(env, 'RUN_JOBS') === null ? true : bool(env, 'RUN_JOBS'),
    metricsToken: metricsToken(env),
    tokenRequestsPerMinute: positiveInt(env, 'TOKEN_REQUESTS_PER_MINUTE', 600, 1_000_000),
    generationRetrySeconds: positiveInt(env, 'GENERATION_RETRY_SECONDS', 30, 3600),
    bulkPollMs: positiveInt(env, 'BULK_POLL_MS', 60_000, 3_600_000),
    crawlMaxPages: positiveInt(env, 'CRAWL_MAX_PAGES', 500, 100_000),
    crawlAllowPrivateNetworks: bool(env, 'CRAWL_ALLOW_PRIVATE_NETWORKS'),
    crawlHostConcurrency: positiveInt(env, 'CRAWL_HOST_CONCURRENCY', 2, 16),
    crawlHostDelayMs: wholeNumber(env, 'CRAWL_HOST_DELAY_MS', 500, 60_000),
    backupDir: resolve(text(env, 'BACKUP_DIR') ?? join(dataDir, 'backups')),
    backupKeep: positiveInt(env, 'BACKUP_KEEP', 7, 1000),
    dataOwnerEmails: list(env, 'DATA_OWNER_EMAILS'),
    demo: bool(env, 'QUIRE_DEMO'),
    log: { format: logFormat(text(env, 'LOG_FORMAT'), terminal), level: logLevel(text(env, 'LOG_LEVEL')) },
  };
}
