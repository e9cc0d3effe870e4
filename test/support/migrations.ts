import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../../backend/src/common/paths';

/**
 * A folder of Quire's migrations up to and including number `last` (0-based, as the journal counts
 * them): migrate a database with it, put in data as it was then, then migrate with all of them to
 * see what a migration does to existing data.
 */
export function migrationsUpTo(last: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'quire-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) copyFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  return folder;
}
