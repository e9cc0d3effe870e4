import { SEALED_COLUMNS, sealContext, SealedPurpose } from '../common/sealed-columns';
import { keyFingerprint, SecretBox } from '../common/secret-box';
import { EncryptionKey, keyFile } from '../config/config';
import { BackupHeader, BackupRefused, backupStatements, parseInsert } from './backup-file';

// Which key a backup's secrets need. A backup says how many secrets it holds and the fingerprint of
// the key that opens them all; a restore compares that with its own key's before it writes anything,
// and never restores secrets its key cannot open.

/** One secret as a database or a backup holds it: the ciphertext, its row's id and its column's purpose. */
export interface SealedValue {
  rowId: string;
  sealed: string;
  purpose: SealedPurpose;
}

/** How many of `values` `key` does not open. */
function unopened(values: SealedValue[], key: Buffer): number {
  const box = new SecretBox(key);
  return values.filter(({ rowId, sealed, purpose }) => {
    try {
      box.open(sealed, sealContext(rowId, purpose));
      return false;
    } catch {
      return true;
    }
  }).length;
}

/** What a backup's header says of the secrets it holds: the fingerprint of `key` only when `key` opens every one. */
export function secretsOf(values: SealedValue[], key: Buffer | null): NonNullable<BackupHeader['secrets']> {
  const opens = key !== null && values.length > 0 && unopened(values, key) === 0;
  return { sealed: values.length, key_fingerprint: opens ? keyFingerprint(key) : null };
}

/** The secrets in a backup file, read from its INSERT statements. */
async function sealedValuesIn(file: string): Promise<SealedValue[]> {
  const tables = new Set(SEALED_COLUMNS.map((c) => c.table));
  const values: SealedValue[] = [];
  for await (const statement of backupStatements(file)) {
    const insert = parseInsert(statement, tables);
    if (!insert) continue;
    const id = insert.columns.indexOf('id');
    for (const { column, purpose } of SEALED_COLUMNS.filter((c) => c.table === insert.table)) {
      const at = insert.columns.indexOf(column);
      if (at < 0) continue;
      for (const row of insert.rows) {
        const sealed = row[at];
        if (sealed !== null) values.push({ rowId: String(row[id]), sealed, purpose });
      }
    }
  }
  return values;
}

const WHAT_TO_DO = 'set ENCRYPTION_KEY to the key of the installation that made the backup. Nothing was changed.';

/**
 * Refuses (BackupRefused, one line) a backup whose secrets `key` does not open: when its header
 * names the key's fingerprint, by comparing it with `key`'s; when it names none (a backup made
 * before Quire wrote it, or with a key that did not open them), by opening each secret in the file.
 * A backup without secrets needs no key. `dataDir` says where a key was looked for when none is set.
 * Answers how many secrets the backup holds.
 */
export async function refuseWrongKey(file: string, header: BackupHeader, key: EncryptionKey | null, dataDir: string): Promise<number> {
  const { secrets } = header;
  if (secrets?.sealed === 0) return 0;
  const mine = key ? keyFingerprint(key.key) : null;
  const noKey = `no key is set (ENCRYPTION_KEY is unset and ${keyFile(dataDir)} does not exist)`;
  if (secrets?.key_fingerprint) {
    if (secrets.key_fingerprint === mine) return secrets.sealed;
    const inUse = key ? `the key in use (${key.source}) has fingerprint ${mine}` : noKey;
    throw new BackupRefused(`This backup's secrets were sealed with the key of fingerprint ${secrets.key_fingerprint}; ${inUse}: ${WHAT_TO_DO}`);
  }
  const values = await sealedValuesIn(file);
  if (values.length === 0) return 0;
  if (!key) throw new BackupRefused(`This backup holds ${values.length} secrets and ${noKey}: ${WHAT_TO_DO}`);
  const failed = unopened(values, key.key);
  if (failed === 0) return values.length;
  throw new BackupRefused(
    `${failed} of this backup's ${values.length} secrets do not open with the key in use (${key.source}, fingerprint ${mine}); its header names no key: ${WHAT_TO_DO}`,
  );
}
