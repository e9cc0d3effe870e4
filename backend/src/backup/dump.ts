import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_DIR } from '../common/paths';
import { SEALED_COLUMNS } from '../common/sealed-columns';
import { knownMigrations } from '../database/schema-version';
import { BACKUP_FIRST_LINE, BackupHeader, BackupWriter } from './backup-file';
import { SealedValue, secretsOf } from './backup-secrets';

/** One connection to the database being read or written: PGlite's, or one pg client's (never a pool's). */
export interface SqlConnection {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Rows per INSERT statement and per fetch from the cursor. */
const ROWS_PER_STATEMENT = 500;

/** drizzle's own record of the migrations applied, as its migrator makes it. */
const MIGRATIONS_TABLE_DDL =
  'CREATE SCHEMA IF NOT EXISTS "drizzle";\nCREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);\n';

/** A quoted SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Quire's tables (the public schema's), by name. */
export async function publicTables(conn: SqlConnection): Promise<string[]> {
  const { rows } = await conn.query(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  return rows.map((row) => String(row.name));
}

/**
 * Tables the database keeps from the others by trigger (list_totals): left out of a backup, and
 * kept again as the backup's rows are restored, so a restore cannot count a row twice.
 */
const KEPT_BY_THE_DATABASE = new Set(['list_totals', 'usage_days']);

/** How many rows each of `tables` holds. */
export async function rowCounts(conn: SqlConnection, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await conn.query(`select count(*)::int as n from public.${ident(table)}`)).rows[0].n);
  return counts;
}

/**
 * Quire's tables in an order that loads without breaking a foreign key: a table after every table
 * it references. A table referencing itself could not be loaded row by row in one pass; Quire has
 * none, and this refuses to make a backup that could not be restored should one appear.
 */
export async function tablesInLoadOrder(conn: SqlConnection): Promise<string[]> {
  const tables = await publicTables(conn);
  const references = (
    await conn.query(
      `select child.relname as child, parent.relname as parent from pg_constraint f
         join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
         join pg_namespace n on n.oid = child.relnamespace
        where f.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows.map((row) => ({ child: String(row.child), parent: String(row.parent) }));
  const selfReferencing = references.find((r) => r.child === r.parent);
  if (selfReferencing) throw new Error(`the table ${selfReferencing.child} references itself, which a backup cannot load in one pass`);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && references.every((r) => r.child !== t || placed.has(r.parent)));
    if (!next) throw new Error(`the tables ${tables.filter((t) => !placed.has(t)).join(', ')} reference each other in a cycle`);
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/** Every secret the database holds (SEALED_COLUMNS, those its schema has), with its row's id. */
async function sealedValues(conn: SqlConnection): Promise<SealedValue[]> {
  const present = new Set(
    (
      await conn.query(
        `select c.relname || '.' || a.attname as name from pg_attribute a join pg_class c on c.oid = a.attrelid
           join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped`,
      )
    ).rows.map((row) => String(row.name)),
  );
  const values: SealedValue[] = [];
  for (const { table, column, purpose } of SEALED_COLUMNS) {
    if (!present.has(`${table}.${column}`)) continue;
    const { rows } = await conn.query(`select id::text as id, ${ident(column)} as sealed from public.${ident(table)} where ${ident(column)} is not null`);
    for (const row of rows) values.push({ rowId: String(row.id), sealed: String(row.sealed), purpose });
  }
  return values;
}

async function columnsOf(conn: SqlConnection, table: string): Promise<{ columns: string[]; key: string[] }> {
  const regclass = `public.${ident(table)}`;
  const columns = (
    await conn.query(
      `select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
      [regclass],
    )
  ).rows.map((row) => String(row.attname));
  const key = (
    await conn.query(
      `select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary order by array_position(i.indkey::int2[], a.attnum)`,
      [regclass],
    )
  ).rows.map((row) => String(row.attname));
  return { columns, key };
}

/**
 * Writes the whole of Quire's database as a backup: the schema (the migrations it had applied, as
 * this build has them), drizzle's record of them, every row of every table and the sequences'
 * positions, all read in one snapshot (a repeatable-read transaction). Rows are read through a
 * cursor a few hundred at a time and written as they come, so memory does not grow with the data.
 * Each value is written as PostgreSQL's own text form of it (quote_nullable), which reads back
 * into the column's type as the same value: jsonb, timestamps with their zone, floats, bytea.
 * The header names the fingerprint of `key` when it opens every secret held (backup-secrets.ts).
 */
export async function dumpDatabase(
  conn: SqlConnection,
  writer: BackupWriter,
  source: BackupHeader['source'],
  key: Buffer | null,
  migrationsDir = MIGRATIONS_DIR,
): Promise<BackupHeader> {
  await conn.query('begin isolation level repeatable read read only');
  try {
    await conn.query(`set local timezone = 'UTC'`);
    await conn.query(`set local datestyle = 'ISO, YMD'`);
    await conn.query(`set local intervalstyle = 'postgres'`);
    await conn.query(`set local bytea_output = 'hex'`);
    await conn.query('set local extra_float_digits = 1');

    const known = new Map(knownMigrations(migrationsDir).map((m) => [m.when, m]));
    const [{ recorded }] = (await conn.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as recorded`)).rows;
    if (!recorded) throw new Error('the database has no migrations recorded: it is not a Quire database');
    const applied = (await conn.query('select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id')).rows;
    const migrations = applied.map((row) => {
      const migration = known.get(Number(row.created_at));
      if (!migration)
        throw new Error(`the database has a migration of ${row.created_at} this Quire does not know: make the backup with the Quire that migrated it`);
      return { ...migration, id: Number(row.id), hash: String(row.hash) };
    });
    const newest = migrations.at(-1);
    if (!newest) throw new Error('the database has no migrations recorded: it is not a Quire database');

    const tables = (await tablesInLoadOrder(conn)).filter((table) => !KEPT_BY_THE_DATABASE.has(table));
    const counts = await rowCounts(conn, tables);
    const header: BackupHeader = {
      made_at: new Date().toISOString(),
      source,
      newest_migration: { tag: newest.tag, when: newest.when },
      tables: counts,
      secrets: secretsOf(await sealedValues(conn), key),
    };

    await writer.write(BACKUP_FIRST_LINE);
    await writer.write(`-- ${JSON.stringify(header)}\n`);
    await writer.write(
      '-- Plain SQL. Restore it with `npm run restore -- <file>` (into an empty database: it checks the file first, then migrates it on).\n' +
        '-- The secrets in it (Notion, OpenAI and Google tokens) are encrypted with the key of the Quire that made it\n' +
        '-- (ENCRYPTION_KEY, or DATA_DIR/encryption.key; the header names its fingerprint): keep that key with this file, apart from it.\n\n' +
        "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n\n-- The schema: the migrations the database had applied.\n" +
        MIGRATIONS_TABLE_DDL,
    );
    for (const migration of migrations) {
      const ddl = readFileSync(join(migrationsDir, `${migration.tag}.sql`), 'utf8').trimEnd();
      await writer.write(`\n-- migration ${migration.tag}\n${ddl}${ddl.endsWith(';') ? '' : ';'}\n`);
      await writer.write(
        `INSERT INTO "drizzle"."__drizzle_migrations" ("id", "hash", "created_at") VALUES (${migration.id}, '${migration.hash}', ${migration.when});\n`,
      );
    }

    for (const table of tables) {
      const { columns, key } = await columnsOf(conn, table);
      await writer.write(`\n-- ${table}: ${counts[table]} rows\n`);
      if (counts[table] === 0) continue;
      const values = columns.map((c) => `quote_nullable(${ident(c)})`).join(` || ',' || `);
      const order = key.length > 0 ? key.map(ident).join(', ') : 'ctid';
      const insert = `INSERT INTO public.${ident(table)} (${columns.map(ident).join(', ')}) VALUES\n`;
      await conn.query(`declare quire_dump no scroll cursor for select '(' || ${values} || ')' as v from public.${ident(table)} order by ${order}`);
      for (;;) {
        const rows = (await conn.query(`fetch forward ${ROWS_PER_STATEMENT} from quire_dump`)).rows;
        if (rows.length === 0) break;
        await writer.write(`${insert}${rows.map((row) => row.v as string).join(',\n')};\n`);
      }
      await conn.query('close quire_dump');
    }

    const sequences = (
      await conn.query(
        `select n.nspname as schema, s.relname as name from pg_class s join pg_namespace n on n.oid = s.relnamespace where s.relkind = 'S' and n.nspname in ('public', 'drizzle') order by 1, 2`,
      )
    ).rows;
    await writer.write('\n-- Sequences\n');
    for (const { schema, name } of sequences) {
      const qualified = `${ident(String(schema))}.${ident(String(name))}`;
      const [position] = (await conn.query(`select last_value::text as value, is_called from ${qualified}`)).rows;
      await writer.write(`SELECT pg_catalog.setval('${qualified.replace(/'/g, "''")}', ${position.value}, ${position.is_called ? 'true' : 'false'});\n`);
    }
    await conn.query('commit');
    return header;
  } catch (error) {
    await conn.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** dumpDatabase into a new file (refused if it exists); a file left half-written has no checksum line. */
export async function dumpToFile(conn: SqlConnection, source: BackupHeader['source'], key: Buffer | null, file: string): Promise<BackupHeader> {
  const writer = new BackupWriter(file);
  try {
    const header = await dumpDatabase(conn, writer, source, key);
    await writer.finish();
    return header;
  } catch (error) {
    writer.abort();
    throw error;
  }
}
