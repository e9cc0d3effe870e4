import { emptyPostgres } from '../support/postgres';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { FixtureSite } from '../fakes/fixture-site';
import { GoogleFake } from '../fakes/google-fake';
import { NotionFake } from '../fakes/notion-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { laneDatabaseUrls } from './lane-databases';
import { lanePorts, LANES } from './ports';

/**
 * Starts, for every lane (ports.ts), the OpenAI, Anthropic, Google and Notion simulators its servers talk to
 * (their addresses are fixed in the webServers' environment) and the fixture website training jobs
 * crawl, and on PostgreSQL empties Quire's tables in each lane's database.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started: { stop(): Promise<void> }[] = [];
  for (let lane = 0; lane < LANES; lane++) {
    const ports = lanePorts(lane);
    started.push(
      await new OpenAiFake().start(ports.openai),
      await new GoogleFake().start(ports.googleFake),
      await new NotionFake().start(ports.notion),
      await new FixtureSite().start(ports.site),
      await new AnthropicFake().start(ports.anthropic),
    );
  }
  for (const url of laneDatabaseUrls()) if (url.startsWith('postgres')) await emptyPostgres(url);
  return async () => {
    for (const fake of started) await fake.stop();
  };
}
