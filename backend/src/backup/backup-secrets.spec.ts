import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sealContext } from '../common/sealed-columns';
import { keyFingerprint, SecretBox } from '../common/secret-box';
import { BACKUP_FIRST_LINE, BackupHeader, BackupRefused, BackupWriter } from './backup-file';
import { refuseWrongKey, SealedValue, secretsOf } from './backup-secrets';

const KEY = Buffer.alloc(32, 1);
const OTHER = Buffer.alloc(32, 2);
const WORKSPACE = '0b9b1c1e-2f6a-4a8e-9a57-3c1d2e4f5a6b';
const USER = '7d1e8f2a-3b4c-4d5e-8f9a-0b1c2d3e4f5a';
const dir = mkdtempSync(join(tmpdir(), 'quire-backup-secrets-'));
const header = (secrets?: BackupHeader['secrets']): BackupHeader => ({
  made_at: '2026-11-26T07:00:00.000Z',
  source: 'pglite',
  newest_migration: { tag: '0017_bulk_batches', when: 1 },
  tables: { users: 1, workspaces: 1 },
  ...(secrets ? { secrets } : {}),
});

/** A backup as dumpDatabase writes it, with a workspace's OpenAI key and a user's Google token sealed with `key`. */
async function backupFile(name: string, key: Buffer): Promise<string> {
  const box = new SecretBox(key);
  const file = join(dir, name);
  const writer = new BackupWriter(file);
  await writer.write(`${BACKUP_FIRST_LINE}-- ${JSON.stringify(header())}\n`);
  await writer.write(
    `\n-- users: 1 rows\nINSERT INTO public."users" ("id", "email", "name", "google_refresh_token") VALUES\n` +
      `('${USER}','ada@quire.test',E'Ada \\\\ O''Neil','${box.seal('1//refresh', sealContext(USER, 'google-refresh-token'))}');\n`,
  );
  await writer.write(
    `\n-- workspaces: 1 rows\nINSERT INTO public."workspaces" ("id", "name", "notion_secret", "openai_api_key") VALUES\n` +
      `('${WORKSPACE}','Ada''s workspace',NULL,'${box.seal('sk-proj-1234', sealContext(WORKSPACE, 'OPENAI_API_KEY'))}');\n`,
  );
  await writer.finish();
  return file;
}

describe('secretsOf', () => {
  const values: SealedValue[] = [
    { rowId: WORKSPACE, sealed: new SecretBox(KEY).seal('ntn_1', sealContext(WORKSPACE, 'NOTION_SECRET')), purpose: 'NOTION_SECRET' },
    { rowId: USER, sealed: new SecretBox(KEY).seal('ya29', sealContext(USER, 'google-access-token')), purpose: 'google-access-token' },
  ];

  it("should name the key's fingerprint when the key opens every secret", () => {
    expect(secretsOf(values, KEY)).toEqual({ sealed: 2, key_fingerprint: keyFingerprint(KEY) });
  });

  it('should name no key when the key does not open one of them, or there is no key, or no secret', () => {
    const moved = { ...values[0], rowId: USER };
    expect(secretsOf([...values, moved], KEY)).toEqual({ sealed: 3, key_fingerprint: null });
    expect(secretsOf(values, OTHER)).toEqual({ sealed: 2, key_fingerprint: null });
    expect(secretsOf(values, null)).toEqual({ sealed: 2, key_fingerprint: null });
    expect(secretsOf([], KEY)).toEqual({ sealed: 0, key_fingerprint: null });
  });
});

describe('refuseWrongKey', () => {
  const inUse = (key: Buffer) => ({ key, source: 'ENCRYPTION_KEY' });
  const fingerprinted = header({ sealed: 2, key_fingerprint: keyFingerprint(KEY) });

  it('should let a backup through whose fingerprint is the key in use', async () => {
    await expect(refuseWrongKey(await backupFile('a.sql', KEY), fingerprinted, inUse(KEY), dir)).resolves.toBe(2);
  });

  it('should refuse in one line a backup sealed with another key, naming both fingerprints', async () => {
    const refused = refuseWrongKey(await backupFile('b.sql', KEY), fingerprinted, inUse(OTHER), dir);
    await expect(refused).rejects.toThrow(BackupRefused);
    await expect(refused).rejects.toThrow(
      `This backup's secrets were sealed with the key of fingerprint ${keyFingerprint(KEY)}; the key in use (ENCRYPTION_KEY) has fingerprint ${keyFingerprint(OTHER)}: ` +
        'set ENCRYPTION_KEY to the key of the installation that made the backup. Nothing was changed.',
    );
  });

  it('should refuse a backup with secrets when no key is set, and need no key for one without', async () => {
    await expect(refuseWrongKey(await backupFile('c.sql', KEY), fingerprinted, null, dir)).rejects.toThrow(
      `This backup's secrets were sealed with the key of fingerprint ${keyFingerprint(KEY)}; no key is set (ENCRYPTION_KEY is unset and ${join(dir, 'encryption.key')} does not exist): `,
    );
    await expect(refuseWrongKey(join(dir, 'not-read.sql'), header({ sealed: 0, key_fingerprint: null }), null, dir)).resolves.toBe(0);
  });

  it('should open each secret of a backup that names no key (an older one), refusing it when one does not open', async () => {
    const file = await backupFile('older.sql', KEY);
    await expect(refuseWrongKey(file, header(), inUse(KEY), dir)).resolves.toBe(2);
    await expect(refuseWrongKey(file, header({ sealed: 2, key_fingerprint: null }), inUse(KEY), dir)).resolves.toBe(2);
    await expect(refuseWrongKey(file, header(), inUse(OTHER), dir)).rejects.toThrow(
      `2 of this backup's 2 secrets do not open with the key in use (ENCRYPTION_KEY, fingerprint ${keyFingerprint(OTHER)}); its header names no key: set ENCRYPTION_KEY`,
    );
    await expect(refuseWrongKey(file, header(), null, dir)).rejects.toThrow('This backup holds 2 secrets and no key is set (ENCRYPTION_KEY is unset and');
  });
});
