import { Client } from 'pg';
import { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_OPENAI_PORT } from './ports';

/**
 * Starts the OpenAI simulator the server under test talks to (its address is fixed in the
 * webServer's environment), and on PostgreSQL empties Quire's tables, which the API tests share.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const openai = await new OpenAiFake().start(BROWSER_OPENAI_PORT);
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("select to_regclass('public.users') is not null as ready");
      if (rows[0].ready) await client.query('truncate table sessions, users restart identity cascade');
    } finally {
      await client.end();
    }
  }
  return () => openai.stop();
}
