import { emptyPostgres } from '../support/postgres';
import { FixtureSite } from '../fakes/fixture-site';
import { GoogleFake } from '../fakes/google-fake';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_GOOGLE_FAKE_PORT, BROWSER_NOTION_PORT, BROWSER_OPENAI_PORT, BROWSER_SITE_PORT } from './ports';

/**
 * Starts the OpenAI, Google and Notion simulators the servers under test talk to (their addresses are
 * fixed in the webServers' environment) and the fixture website training jobs crawl, and on
 * PostgreSQL empties Quire's tables, which the API tests share.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const openai = await new OpenAiFake().start(BROWSER_OPENAI_PORT);
  const google = await new GoogleFake().start(BROWSER_GOOGLE_FAKE_PORT);
  const notion = await new NotionFake().start(BROWSER_NOTION_PORT);
  const site = await new FixtureSite().start(BROWSER_SITE_PORT);
  const url = process.env.DATABASE_URL;
  if (url?.startsWith('postgres')) await emptyPostgres(url);
  return async () => {
    await openai.stop();
    await google.stop();
    await notion.stop();
    await site.stop();
  };
}
