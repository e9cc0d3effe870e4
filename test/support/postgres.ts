import { Client } from 'pg';

/** Empties Quire's tables in a PostgreSQL test database shared by several suites (if migrated yet). */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select to_regclass('public.users') is not null as ready");
    if (rows[0].ready) await client.query('truncate table sessions, users restart identity cascade');
  } finally {
    await client.end();
  }
}
