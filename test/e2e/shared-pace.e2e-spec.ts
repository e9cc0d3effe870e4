import { sql } from 'drizzle-orm';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { ModelParameters } from '../../backend/src/integrations/openai/model-parameters';
import { OpenAiChat } from '../../backend/src/integrations/openai/openai-chat';
import { OpenAiClientFactory } from '../../backend/src/integrations/openai/openai.client';
import { OpenAiModels } from '../../backend/src/integrations/openai/openai-models';
import { PaceRepository } from '../../backend/src/integrations/pace/pace.repository';
import { SharedPace } from '../../backend/src/integrations/pace/shared-pace.service';
import { OpenAiFake } from '../fakes/openai-fake';
import { Metrics } from '../../backend/src/metrics/metrics';
import { useTestApp } from '../support/use-test-app';

/**
 * The pace of one Notion secret or OpenAI key is kept in the database, so every server process
 * on it keeps one pace. Each "process" here is a SharedPace of its own over the same database,
 * holding no state of its own.
 */
describe('Pace shared by server processes', () => {
  const openai = new OpenAiFake();
  const t = useTestApp({ fakes: [openai], env: () => ({ OPENAI_BASE_URL: openai.baseUrl }) });
  const serverProcess = () => new SharedPace(new PaceRepository(t.database), t.app.get(Metrics));

  describe('Notion', () => {
    it('should space one secret’s calls from two processes at three a second, in turn', async () => {
      const [a, b] = [serverProcess(), serverProcess()];
      const t0 = Date.now();
      const started: number[] = [];
      await Promise.all(Array.from({ length: 7 }, (_, i) => (i % 2 ? a : b).notionTurn('ntn_secret_one').then(() => started.push(Date.now() - t0))));
      started.sort((x, y) => x - y);
      // The i-th call starts no sooner than i thirds of a second in (a busy machine only makes it later).
      started.forEach((at, i) => expect(at).toBeGreaterThanOrEqual(i * 333 - 5));
      expect(started[6]).toBeGreaterThanOrEqual(2000);
    });

    it('should not hold one secret’s calls for another’s', async () => {
      const pace = serverProcess();
      await Promise.all(Array.from({ length: 4 }, () => pace.notionTurn('ntn_busy_secret')));
      const t0 = Date.now();
      await pace.notionTurn('ntn_idle_secret');
      expect(Date.now() - t0).toBeLessThan(250);
    });

    it('should hold every process after a 429 for what Notion asked', async () => {
      const [a, b] = [serverProcess(), serverProcess()];
      await a.notionTurn('ntn_limited');
      await a.notionRateLimited('ntn_limited', '2');
      const t0 = Date.now();
      await b.notionTurn('ntn_limited');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1900);
    });
  });

  describe('OpenAI', () => {
    const ask = (chat: OpenAiChat, i: number) =>
      chat.complete(
        openai.apiKey,
        { model: 'gpt-4o', desired: { temperature: 1, reasoningEffort: null }, messages: () => [{ role: 'user', content: `Section ${i}` }] },
        `section ${i}`,
      );
    /** Another server process: its own clients, over the same database. */
    const chatOf = (pace: SharedPace) => {
      const clients = new OpenAiClientFactory(t.app.get(APP_CONFIG), pace, t.app.get(Metrics));
      return new OpenAiChat(clients, new OpenAiModels(clients), t.app.get(ModelParameters), t.app.get(Metrics), t.app.get(APP_CONFIG));
    };
    const paceRow = async () =>
      (
        (await t.database.db.execute(sql`select requests_limit, requests_left, tokens_limit from integration_pace`)) as unknown as {
          rows: { requests_limit: number; requests_left: number; tokens_limit: number }[];
        }
      ).rows;

    it('should record the key’s limits from OpenAI’s headers, and never the key', async () => {
      openai.rateLimits = { requestsPerMinute: 100, tokensPerMinute: 50_000 };
      await ask(t.app.get(OpenAiChat), 1);
      const rows = await paceRow();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ requests_limit: 100, tokens_limit: 50_000 });
      expect(rows[0].requests_left).toBeLessThanOrEqual(99);
      const stored = JSON.stringify((await t.database.db.execute(sql`select * from integration_pace`)) as unknown as object);
      expect(stored).not.toContain(openai.apiKey);
    });

    it('should wait for the key’s limit to refill instead of meeting a 429', async () => {
      openai.rateLimits = { requestsPerMinute: 120, tokensPerMinute: 1_000_000 };
      const chat = t.app.get(OpenAiChat);
      await ask(chat, 0);
      const t0 = Date.now();
      // 119 are left, 2 % of them kept in hand: the last few wait half a second each for the limit to refill.
      await Promise.all(Array.from({ length: 123 }, (_, i) => ask(chat, i + 1)));
      expect(openai.rateLimited).toBe(0);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1500);
    });

    it('should slow two processes on one spent key down together, and fail nothing', async () => {
      openai.rateLimits = { requestsPerMinute: 120, tokensPerMinute: 1_000_000 };
      openai.spendRequests();
      const [a, b] = [chatOf(serverProcess()), chatOf(serverProcess())];
      const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => ask(i % 2 ? a : b, i)));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      // The first ten meet the spent limit (nothing is known of it yet); after that the processes
      // wait their turns (one every half second) instead of meeting it again and again.
      expect(openai.rateLimited).toBeLessThanOrEqual(13);
    });
  });
});
