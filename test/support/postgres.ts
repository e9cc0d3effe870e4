import { Client } from 'pg';

/** Empties Quire's tables in a PostgreSQL test database shared by several suites (if migrated yet). */
export async function emptyPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select to_regclass('public.users') is not null as ready");
    if (rows[0].ready) await client.query('truncate table sessions, users restart identity cascade');
    // The shared pace of each Notion secret and OpenAI key, learned from the simulators of an earlier test.
    const pace = await client.query("select to_regclass('public.integration_pace') is not null as ready");
    if (pace.rows[0].ready) await client.query('truncate table integration_pace');
  } finally {
    await client.end();
  }
}
