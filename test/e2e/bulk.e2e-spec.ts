import { BulkService } from '../../backend/src/bulk/bulk.service';
import { DEFAULT_PRICES } from '../../backend/src/config/price-table';
import { spentUsd } from '../../backend/src/integrations/openai/usage';
import { staysExactly } from '../support/fixtures';
import { bulkHelpers } from '../support/bulk-fixtures';
import { generationSuite } from '../support/generation-fixtures';

/** Rows of a bulk template written through OpenAI's Batch API, in rounds, exactly once, at half the price. */
describe('Bulk writing through the Batch API', () => {
  const suite = generationSuite({ BULK_POLL_MS: '100', GENERATION_RETRY_SECONDS: '1' });
  const { notion, openai, checkNow } = suite;
  const { rows, sectionRows, done, expectDeliveredOnce, cancelHalfWay } = bulkHelpers(suite);

  beforeEach(async () => {
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    await suite.agent.put(`/api/articles/${article._id}`).send({ bulk: true }).expect(200);
  });

  /** Every input line OpenAI was sent, across every batch file. */
  const inputLines = () =>
    [...openai.files.values()]
      .filter((f) => f.purpose === 'batch')
      .flatMap((f) => f.content.split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as { custom_id: string; body: { model: string; messages: { role: string; content: string }[] } });
  const chatCalls = () => openai.requestsTo('POST', /^\/v1\/chat\/completions$/).length;
  const executedTwice = () => {
    const seen = new Map<string, number>();
    for (const line of openai.executedLines) seen.set(line.customId, (seen.get(line.customId) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1);
  };

  it('should write every row in rounds, one batch line per section and no chat call, delivered once, at half the price', async () => {
    const pages = rows(4);
    await checkNow();
    // Rows still go to "Generating..." at once.
    expect(pages.map((id) => notion.statusOf(id))).toEqual(Array(4).fill('Generating...'));
    const entries = await done(4);
    expect(entries.every((e) => e.status === 'completed')).toBe(true);
    expectDeliveredOnce(pages);

    expect(chatCalls()).toBe(0);
    // One round per section: three batches of four lines, each line once, custom_id = job:position:attempt.
    expect(openai.batches.size).toBe(3);
    const lines = inputLines();
    expect(lines).toHaveLength(12);
    expect(new Set(lines.map((l) => l.custom_id)).size).toBe(12);
    expect(lines.every((l) => /^[0-9a-f-]{36}:[0-2]:1$/.test(l.custom_id))).toBe(true);
    expect(executedTwice()).toEqual([]);
    // A later round carries the sections written before it ({{previous_sections}}).
    const pros = lines.find((l) => l.custom_id.endsWith(':1:1'))!;
    expect(pros.body.messages.at(-1)!.content).toContain('## Introduction');
    // Requests per section: one; every section kept as written in bulk.
    const saved = await sectionRows();
    expect(saved).toHaveLength(12);
    expect(saved.every((s) => s.batch)).toBe(true);

    // History: the round, the last batch completed; the cost is the batch price, half the synchronous one.
    const entry = entries[0];
    expect(entry.meta.bulk).toMatchObject({ round: 3, batch_status: 'completed', expected_at: null });
    const detail = (await suite.agent.get(`/api/history/${entry._id}`).expect(200)).body;
    for (const section of detail.sections) {
      expect(section.batch).toBe(true);
      const full = spentUsd(
        { model: section.model, promptTokens: section.prompt_tokens, completionTokens: section.completion_tokens, cachedTokens: 0 },
        DEFAULT_PRICES,
      )!;
      expect(section.cost_usd).toBeCloseTo(full / 2, 6);
    }
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    expect(usage.by_model).toHaveLength(1);
    const synchronous = spentUsd(
      { model: 'gpt-4o', promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, cachedTokens: 0 },
      DEFAULT_PRICES,
    )!;
    expect(usage.cost_usd).toBeCloseTo(synchronous / 2, 5);
  });

  it("should put error lines into the next round, and fail the article with OpenAI's reason after three retries", async () => {
    openai.failChatWhere(/Pros and cons for Laptop 1\b/, 500, 'The server had an error while processing your request. Sorry about that!', 1);
    openai.failChatWhere(/Pros and cons for Broken 1\b/, 400, 'Invalid prompt: your prompt was flagged as potentially violating our usage policy.', 10, {
      code: 'invalid_prompt',
    });
    const [retried] = rows(1);
    const [broken] = rows(1, 'Broken');
    await checkNow();
    const entries = await done(2);
    expect(notion.statusOf(retried)).toBe('Posts Generated');
    expectDeliveredOnce([retried]);
    const failed = entries.find((e) => e.title === 'Broken 1')!;
    expect(failed.status).toBe('failed');
    expect(failed.message).toContain('after 4 attempts');
    expect(failed.message).toContain('flagged as potentially violating our usage policy');
    expect(notion.statusOf(broken)).toBe('Generating Error');
    // The retried section went once more (attempt 2); the broken one four times, then no more.
    const ids = inputLines().map((l) => l.custom_id);
    expect(ids.filter((id) => id.endsWith(':1:2'))).toHaveLength(2);
    expect(ids.filter((id) => id.endsWith(':1:4'))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith(':1:5'))).toHaveLength(0);
    expect(executedTwice()).toEqual([]);
  });

  it('should take the written half of an expired batch and send only the rest again', async () => {
    openai.batchScript = [{ expireAfter: 0.5 }];
    const pages = rows(4);
    await checkNow();
    await done(4);
    expectDeliveredOnce(pages);
    expect([...openai.batches.values()].map((b) => b.status)).toContain('expired');
    // Two of the first round's four lines were written before it expired: only the other two go again.
    const firstRound = inputLines().filter((l) => l.custom_id.includes(':0:'));
    expect(firstRound).toHaveLength(6);
    expect(executedTwice()).toEqual([]);
    expect(await sectionRows()).toHaveLength(12);
  });

  it('should hold lines back after the enqueued-token limit and send them within the room OpenAI names', async () => {
    const pages = rows(4);
    // Room for about two of the first round's four lines at a time (a line is some 30 tokens), one of the second's.
    openai.enqueuedTokenLimit = 70;
    await checkNow();
    await done(4);
    expectDeliveredOnce(pages);
    const batches = [...openai.batches.values()] as { status: string; errors?: { data: { code: string }[] } | null }[];
    expect(batches.some((b) => b.status === 'failed')).toBe(true);
    expect(executedTwice()).toEqual([]);
    expect(await sectionRows()).toHaveLength(12);
  });

  it('should split a round into files within the file limits', async () => {
    suite.t.app.get(BulkService).fileLimits = { lines: 3, bytes: 200_000_000, tokens: Number.MAX_SAFE_INTEGER };
    try {
      const pages = rows(5);
      await checkNow();
      await done(5);
      expectDeliveredOnce(pages);
      // Five lines a round in files of at most three: two files a round.
      expect(openai.batches.size).toBe(6);
      expect(inputLines()).toHaveLength(15);
    } finally {
      suite.t.app.get(BulkService).fileLimits = { lines: 50_000, bytes: 200_000_000, tokens: Number.MAX_SAFE_INTEGER };
    }
  });

  it('should cancel bulk: batches cancelled at OpenAI, articles failed with a clear message, what was written kept and not written again', async () => {
    openai.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const { pages, entries } = await cancelHalfWay(() => openai.executedLines.length);
    expect(entries.every((e) => e.status === 'failed' && /Bulk writing was cancelled in Quire/.test(e.message))).toBe(true);

    // Retry writes the rest, never a kept section again.
    const kept = new Set((await sectionRows()).map((s) => `${s.job_id}:${s.position}`));
    for (const entry of entries) await suite.agent.post(`/api/history/${entry._id}/retry`).expect(200);
    await done(4);
    expectDeliveredOnce(pages);
    for (const key of kept) expect(inputLines().filter((l) => l.custom_id.startsWith(`${key}:`))).toHaveLength(1);
    expect(executedTwice()).toEqual([]);
    await staysExactly(() => openai.executedLines.length, openai.executedLines.length, 500);
  });

  it('should learn a parameter a batch line is refused, and send the next round without it', async () => {
    // A reasoning model refuses logit_bias and a temperature other than 1: the first section's bias list and temperature.
    const model = (await suite.agent.post('/api/models').send({ name: 'Thinker', base_model: 'gpt-5-mini' }).expect(201)).body;
    const sections = (await suite.agent.get('/api/sections').expect(200)).body as { _id: string }[];
    for (const section of sections) await suite.agent.put(`/api/sections/${section._id}`).send({ model: model._id }).expect(200);
    const [article] = (await suite.agent.get('/api/articles').expect(200)).body;
    const updated = (await suite.agent.get(`/api/articles/${article._id}`).expect(200)).body;
    await suite.agent
      .put(`/api/articles/${article._id}`)
      .send({ sections: updated.sections.map((s: Record<string, unknown>) => ({ ...s, model: model._id })) })
      .expect(200);
    const pages = rows(2);
    await checkNow();
    const entries = await done(2);
    expect(entries.every((e) => e.status === 'completed')).toBe(true);
    expectDeliveredOnce(pages);
    expect(openai.refusals.length).toBeGreaterThan(0);
    // Refusals taught Quire; they are not held against the sections (no article failed), and later lines go without.
    const last = inputLines().filter((l) => l.custom_id.includes(':2:'));
    expect(last.every((l) => !('logit_bias' in l.body))).toBe(true);
    expect(entries[0].meta.omittedParameters.map((n: { parameters: string[] }) => n.parameters).flat()).toContain('logit_bias');
  });
});
