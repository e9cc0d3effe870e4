import { Client } from 'pg';
import { GoogleFake } from '../fakes/google-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_GOOGLE_FAKE_PORT, BROWSER_OPENAI_PORT } from './ports';

/**
 * Starts the OpenAI and Google simulators the servers under test talk to (their addresses are
 * fixed in the webServers' environment), and on PostgreSQL empties Quire's tables, which the API tests share.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const openai = await new OpenAiFake().start(BROWSER_OPENAI_PORT);
  const google = await new GoogleFake().start(BROWSER_GOOGLE_FAKE_PORT);
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
  return async () => {
    await openai.stop();
    await google.stop();
  };
}
