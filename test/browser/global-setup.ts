import { Client } from 'pg';

/** On PostgreSQL the suite shares a database with the API tests: start from empty tables. */
export default async function globalSetup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) return;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("select to_regclass('public.users') is not null as ready");
    if (rows[0].ready) await client.query('truncate table sessions, users restart identity cascade');
  } finally {
    await client.end();
  }
}
