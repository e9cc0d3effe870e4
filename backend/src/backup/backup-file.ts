import { createHash, Hash } from 'node:crypto';
import { createReadStream, createWriteStream, statSync, WriteStream } from 'node:fs';
import { once } from 'node:events';

// A Quire backup is plain SQL that psql could run, framed so that Quire can tell it is whole:
//
//   -- Quire backup 1                          the first line, exactly
//   -- {"made_at": …, "source": …, …}           what it holds (BackupHeader)
//   … statements …
//   -- quire-backup-end sha256:<64 hex>         the checksum of every byte before this line
//
// A file that does not start so is not a backup; one whose last line is missing or whose checksum
// does not match was cut short or changed. Either is refused before anything is touched.

export const BACKUP_FIRST_LINE = '-- Quire backup 1\n';
const FOOTER_PREFIX = '-- quire-backup-end sha256:';
const FOOTER_BYTES = FOOTER_PREFIX.length + 64 + 1;

export interface BackupHeader {
  made_at: string;
  /** Where it was made from: the embedded database or a PostgreSQL server. */
  source: 'pglite' | 'postgres';
  /** The newest migration the database had: a newer Quire restores it and migrates it on. */
  newest_migration: { tag: string; when: number };
  /** Rows per table, as read. */
  tables: Record<string, number>;
  /**
   * The secrets it holds sealed (SEALED_COLUMNS), and the fingerprint (keyFingerprint) of the key
   * that opens every one of them: null when it holds none, or when the key the backup was made
   * with does not open them all (none was set, or another). Absent from backups made before Quire
   * wrote it. A restore compares it with its own key's before it writes anything.
   */
  secrets?: { sealed: number; key_fingerprint: string | null };
}

/** Why a file cannot be restored: said to the operator as is. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Writes a backup file: the text given, with backpressure, and the checksum line at the end. */
export class BackupWriter {
  private readonly hash: Hash = createHash('sha256');
  private readonly stream: WriteStream;
  bytes = 0;

  constructor(readonly file: string) {
    this.stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  }

  async write(text: string): Promise<void> {
    const chunk = Buffer.from(text, 'utf8');
    this.hash.update(chunk);
    this.bytes += chunk.length;
    // events.once rejects should the stream fail meanwhile.
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async finish(): Promise<void> {
    this.stream.end(`${FOOTER_PREFIX}${this.hash.digest('hex')}\n`);
    await once(this.stream, 'finish');
  }

  /** Leaves the file as it is (the caller removes it): a half-written backup never gets a checksum line. */
  abort(): void {
    this.stream.destroy();
  }
}

/**
 * Reads the whole file once, without holding it in memory, and answers its header if it is a whole
 * Quire backup; else throws BackupRefused saying what is wrong with it.
 */
export async function verifyBackup(file: string): Promise<BackupHeader> {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new BackupRefused(`${file} does not exist or cannot be read.`);
  }
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    if (head.length < 4096) head = Buffer.concat([head, chunk.subarray(0, 4096 - head.length)]);
    // The last FOOTER_BYTES are held back: they are the checksum line, not part of what it sums.
    const joined = Buffer.concat([tail, chunk]);
    const keep = Math.min(FOOTER_BYTES, joined.length);
    hash.update(joined.subarray(0, joined.length - keep));
    tail = joined.subarray(joined.length - keep);
  }
  if (!head.toString('utf8').startsWith(BACKUP_FIRST_LINE)) {
    throw new BackupRefused(`${file} is not a Quire backup: it does not start with "${BACKUP_FIRST_LINE.trim()}". Nothing was changed.`);
  }
  const footer = tail.toString('utf8');
  const damaged = `${file} is incomplete or damaged (${size} bytes`;
  if (!footer.startsWith(FOOTER_PREFIX) || !footer.endsWith('\n')) {
    throw new BackupRefused(`${damaged}, and its last line is not Quire's end-of-backup line: it was cut short). Nothing was changed.`);
  }
  if (footer.slice(FOOTER_PREFIX.length, -1) !== hash.digest('hex')) {
    throw new BackupRefused(`${damaged} whose checksum does not match: it was changed after it was written). Nothing was changed.`);
  }
  const second = head.toString('utf8').slice(BACKUP_FIRST_LINE.length).split('\n', 1)[0];
  try {
    return JSON.parse(second.replace(/^-- /, '')) as BackupHeader;
  } catch {
    throw new BackupRefused(`${file} has a damaged header line. Nothing was changed.`);
  }
}

/** One of a backup's INSERT statements, read back: its table, its columns and each row's values (null for NULL). */
export interface InsertedRows {
  table: string;
  columns: string[];
  rows: (string | null)[][];
}

const INSERT_HEAD = /^INSERT INTO public\."((?:[^"]|"")+)" \(((?:"(?:[^"]|"")+"(?:, )?)+)\) VALUES\n/;

/**
 * Reads an INSERT statement as dumpDatabase writes it (each value NULL or quote_nullable's literal,
 * '…' or E'…' with its quotes and backslashes doubled); null for any other statement, and for an
 * INSERT into a table not in `tables` (its rows are not read).
 */
export function parseInsert(statement: string, tables: ReadonlySet<string>): InsertedRows | null {
  // The splitter keeps the comment lines before a statement with it.
  const s = statement.replace(/^(?:\s*--[^\n]*\n)*\s*/, '');
  const head = INSERT_HEAD.exec(s);
  if (!head) return null;
  const unquote = (name: string) => name.replace(/""/g, '"');
  const table = unquote(head[1]);
  if (!tables.has(table)) return null;
  const columns = (head[2].match(/"(?:[^"]|"")+"/g) ?? []).map((quoted) => unquote(quoted.slice(1, -1)));
  const rows: (string | null)[][] = [];
  let i = head[0].length;
  const fail = (): never => {
    throw new Error(`a row of ${table} in the backup is not as Quire writes it (at character ${i})`);
  };
  for (;;) {
    if (s[i++] !== '(') fail();
    const row: (string | null)[] = [];
    for (;;) {
      if (s.startsWith('NULL', i)) {
        row.push(null);
        i += 4;
      } else {
        const escaped = s[i] === 'E';
        if (escaped) i++;
        if (s[i++] !== "'") fail();
        let value = '';
        for (;;) {
          if (i >= s.length) fail();
          const c = s[i++];
          if (c === "'") {
            if (s[i] !== "'") break;
            value += "'";
            i++;
          } else if (c === '\\' && escaped) {
            value += s[i++];
          } else {
            value += c;
          }
        }
        row.push(value);
      }
      if (s[i] === ',') i++;
      else if (s[i++] === ')') break;
      else fail();
    }
    if (row.length !== columns.length) fail();
    rows.push(row);
    if (s.startsWith(',\n', i)) i += 2;
    else if (s[i] === ';' && i === s.length - 1) break;
    else fail();
  }
  return { table, columns, rows };
}

/**
 * The statements of a backup file, one at a time, as read from disk: a statement ends at a ';'
 * outside quotes, comments and dollar-quoted bodies (the migrations' DDL may hold any of them).
 * Comment-only text between statements is skipped; the end-of-backup line is a comment.
 */
export async function* backupStatements(file: string): AsyncGenerator<string> {
  const splitter = new StatementSplitter();
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>) {
    yield* splitter.push(chunk);
  }
  yield* splitter.end();
}

type State = 'code' | 'single' | 'escape-string' | 'double' | 'line-comment' | 'block-comment' | 'dollar';

/** Splits SQL text given in pieces into whole statements (exported for its tests). */
export class StatementSplitter {
  private state: State = 'code';
  private buffer = '';
  /** Where scanning goes on in the buffer: the text before it is read. */
  private scanned = 0;
  private dollarTag = '';
  private hasCode = false;

  /** The statements the text completes. The last LOOKAHEAD characters wait for the next piece (a token may go on there). */
  *push(text: string): Generator<string> {
    this.buffer += text;
    yield* this.scan(this.buffer.length - LOOKAHEAD);
  }

  /** The statements left at the end of the text, a last one perhaps without its ';'. */
  *end(): Generator<string> {
    yield* this.scan(this.buffer.length);
    const rest = this.buffer.trim();
    this.buffer = '';
    if (this.hasCode && rest) yield rest;
  }

  private *scan(limit: number): Generator<string> {
    const s = this.buffer;
    let i = this.scanned;
    let start = 0;
    while (i < limit) {
      const c = s[i];
      switch (this.state) {
        case 'code':
          if (c === ';') {
            if (this.hasCode) yield s.slice(start, i + 1).trim();
            start = i + 1;
            this.hasCode = false;
          } else if (c === "'") {
            const prev = s[i - 1];
            this.state = (prev === 'E' || prev === 'e') && !/[\w$]/.test(s[i - 2] ?? ' ') ? 'escape-string' : 'single';
            this.hasCode = true;
          } else if (c === '"') {
            this.state = 'double';
            this.hasCode = true;
          } else if (c === '-' && s[i + 1] === '-') {
            this.state = 'line-comment';
            i++;
          } else if (c === '/' && s[i + 1] === '*') {
            this.state = 'block-comment';
            i++;
          } else if (c === '$') {
            const tag = /^\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/.exec(s.slice(i, i + LOOKAHEAD))?.[0];
            if (tag) {
              this.dollarTag = tag;
              this.state = 'dollar';
              i += tag.length - 1;
            }
            this.hasCode = true;
          } else if (!/\s/.test(c)) {
            this.hasCode = true;
          }
          break;
        case 'single':
          if (c === "'") this.state = 'code';
          break;
        case 'escape-string':
          if (c === '\\') i++;
          else if (c === "'") this.state = 'code';
          break;
        case 'double':
          if (c === '"') this.state = 'code';
          break;
        case 'line-comment':
          if (c === '\n') this.state = 'code';
          break;
        case 'block-comment':
          if (c === '*' && s[i + 1] === '/') {
            this.state = 'code';
            i++;
          }
          break;
        case 'dollar':
          if (c === '$' && s.startsWith(this.dollarTag, i)) {
            this.state = 'code';
            i += this.dollarTag.length - 1;
          }
          break;
      }
      i++;
    }
    this.buffer = s.slice(start);
    this.scanned = Math.max(0, i - start);
  }
}

/** Characters held back at the end of a piece: more than any token the splitter reads at once (a dollar tag, '--', an escape). */
const LOOKAHEAD = 64;
