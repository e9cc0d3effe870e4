import fc from 'fast-check';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKUP_FIRST_LINE, BackupRefused, BackupWriter, parseInsert, StatementSplitter, verifyBackup } from './backup-file';

/** PostgreSQL's quote_literal: '…' with quotes doubled, or E'…' with backslashes doubled too when there is one. */
const quoteLiteral = (value: string) => (value.includes('\\') ? `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'` : `'${value.replace(/'/g, "''")}'`);

/** Splits `text` given in pieces of the sizes drawn. */
function split(text: string, cuts: number[]): string[] {
  const splitter = new StatementSplitter();
  const out: string[] = [];
  let at = 0;
  for (const cut of cuts) {
    out.push(...splitter.push(text.slice(at, at + cut)));
    at += cut;
  }
  out.push(...splitter.push(text.slice(at)));
  return [...out, ...splitter.end()];
}

describe('StatementSplitter', () => {
  const tricky = fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', ';', '\\', '\n', '-', '$', '/', '*', 'E', 'é', '🌱') });
  const value = fc.oneof(
    tricky.map(quoteLiteral),
    fc.constant('NULL'),
    tricky.filter((s) => !s.includes('$$')).map((s) => `$$${s}$$`),
    tricky.filter((s) => !s.includes('$q$')).map((s) => `$q$${s}$q$`),
    tricky.filter((s) => !s.includes('"')).map((s) => `"${s}"`),
  );
  const statement = fc
    .tuple(fc.array(value, { minLength: 1, maxLength: 4 }), fc.boolean(), fc.boolean())
    .map(
      ([values, lineComment, blockComment]) =>
        `${lineComment ? '-- a comment; with a semicolon\n' : ''}INSERT INTO t VALUES (${values.join(', ')})${blockComment ? ' /* a ; b */' : ''};`,
    );

  it('should yield each statement whole, wherever the text is cut into pieces', () => {
    fc.assert(
      fc.property(fc.array(statement, { minLength: 1, maxLength: 6 }), fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 30 }), (statements, cuts) => {
        const text = `${statements.join('\n')}\n-- quire-backup-end sha256:abc\n`;
        expect(split(text, cuts)).toEqual(statements);
      }),
      { numRuns: 300 },
    );
  });

  it("should keep a backslash's escaped quote inside an E'' string, even when cut between them", () => {
    const text = "INSERT INTO t VALUES (E'it\\'s; \\\\'), ('x');\nSELECT 1;";
    for (let cut = 0; cut <= text.length; cut++) expect(split(text, [cut])).toEqual(["INSERT INTO t VALUES (E'it\\'s; \\\\'), ('x');", 'SELECT 1;']);
  });

  it('should answer a last statement without its semicolon, and nothing for comments alone', () => {
    expect(split('SELECT 1;\nSELECT 2', [])).toEqual(['SELECT 1;', 'SELECT 2']);
    expect(split('-- only a comment\n/* and another */\n', [3])).toEqual([]);
  });
});

describe('parseInsert', () => {
  const tables = new Set(['users', 'we"ird']);
  /** An INSERT as dumpDatabase writes it: the rows of quote_nullable's literals, ',\n' between them. */
  const insert = (table: string, columns: string[], rows: (string | null)[][]) =>
    `INSERT INTO public."${table.replace(/"/g, '""')}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES\n${rows
      .map((row) => `(${row.map((v) => (v === null ? 'NULL' : quoteLiteral(v))).join(',')})`)
      .join(',\n')};`;
  const tricky = fc.string({ unit: fc.constantFrom('a', ' ', "'", '"', ';', ',', '(', ')', '\\', '\n', 'E', 'NULL', 'é', '🌱') });

  it('should read back every value of every row, whatever the values hold', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((width) => fc.array(fc.array(fc.option(tricky, { nil: null }), { minLength: width, maxLength: width }), { minLength: 1, maxLength: 5 })),
        (rows) => {
          const columns = rows[0].map((_, i) => `c${i}`);
          expect(parseInsert(`-- users: ${rows.length} rows\n${insert('users', columns, rows)}`, tables)).toEqual({ table: 'users', columns, rows });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should read a quoted table name, and pass over other tables and other statements without reading them', () => {
    expect(parseInsert(insert('we"ird', ['id'], [['1']]), tables)).toEqual({ table: 'we"ird', columns: ['id'], rows: [['1']] });
    expect(parseInsert(insert('sections', ['id'], [['1']]), tables)).toBeNull();
    expect(parseInsert('CREATE TABLE "users" ("id" uuid);', tables)).toBeNull();
    expect(parseInsert(`SELECT pg_catalog.setval('"public"."users_id_seq"', 1, true);`, tables)).toBeNull();
  });

  it('should refuse a row that is not as Quire writes it', () => {
    expect(() => parseInsert(`INSERT INTO public."users" ("id", "name") VALUES\n('1');`, tables)).toThrow(
      'a row of users in the backup is not as Quire writes it',
    );
    expect(() => parseInsert(`INSERT INTO public."users" ("id") VALUES\n(1);`, tables)).toThrow('not as Quire writes it');
    expect(() => parseInsert(`INSERT INTO public."users" ("id") VALUES\n('1'`, tables)).toThrow('not as Quire writes it');
  });
});

describe('verifyBackup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-backup-file-'));
  const header = { made_at: '2026-11-26T07:00:00.000Z', source: 'pglite', newest_migration: { tag: '0014_x', when: 1 }, tables: { users: 1 } };

  async function whole(name: string): Promise<string> {
    const writer = new BackupWriter(join(dir, name));
    await writer.write(BACKUP_FIRST_LINE);
    await writer.write(`-- ${JSON.stringify(header)}\n`);
    await writer.write("INSERT INTO users VALUES ('a');\n".repeat(5000));
    await writer.finish();
    return join(dir, name);
  }

  it('should answer the header of a whole backup', async () => {
    await expect(verifyBackup(await whole('whole.sql'))).resolves.toEqual(header);
  });

  it('should refuse a backup cut anywhere, or with one byte changed', async () => {
    const bytes = readFileSync(await whole('source.sql'));
    for (const at of [1, 20, 400, bytes.length - 90, bytes.length - 60, bytes.length - 1]) {
      writeFileSync(join(dir, 'cut.sql'), bytes.subarray(0, at));
      await expect(verifyBackup(join(dir, 'cut.sql'))).rejects.toThrow(BackupRefused);
    }
    const changed = Buffer.from(bytes);
    changed[5000] ^= 1;
    writeFileSync(join(dir, 'changed.sql'), changed);
    await expect(verifyBackup(join(dir, 'changed.sql'))).rejects.toThrow('whose checksum does not match');
  });

  it('should refuse a file that is not a backup, and one that is not there', async () => {
    writeFileSync(join(dir, 'other.sql'), 'SELECT 1;\n');
    await expect(verifyBackup(join(dir, 'other.sql'))).rejects.toThrow('is not a Quire backup');
    await expect(verifyBackup(join(dir, 'nothing.sql'))).rejects.toThrow('does not exist or cannot be read');
  });
});
