import { DEFAULT_PRICES } from '../../backend/src/config/price-table';
import { ModelParameters, parameterKey } from '../../backend/src/integrations/openai/model-parameters';
import { spentUsd } from '../../backend/src/integrations/openai/usage';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { staysExactly } from '../support/fixtures';
import { bulkHelpers } from '../support/bulk-fixtures';
import { generationSuite, HistoryEntry } from '../support/generation-fixtures';

type Json = Record<string, any>;
const MODEL = 'claude-sonnet-4-6';

/** Rows of a bulk template whose sections are on a Claude model, written through Anthropic's Message Batches, in rounds, exactly once, at half the price. */
describe("Bulk writing through Anthropic's Message Batches", () => {
  const anthropic = new AnthropicFake();
  const suite = generationSuite(
    { BULK_POLL_MS: '100', GENERATION_RETRY_SECONDS: '1' },
    { fakes: [anthropic], env: () => ({ ANTHROPIC_BASE_URL: anthropic.baseUrl }) },
  );
  const { notion, openai, checkNow } = suite;
  const { rows, sectionRows, done, expectDeliveredOnce, cancelHalfWay } = bulkHelpers(suite);
  let provider: Json;

  beforeEach(async () => {
    provider = (await suite.agent.post('/api/connections').send({ kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey }).expect(201)).body;
    const model = (await suite.agent.post('/api/models').send({ name: 'Claude voice', base_model: MODEL, connection_id: provider._id }).expect(201)).body;
    for (const section of (await suite.agent.get('/api/sections').expect(200)).body as Json[]) {
      await suite.agent.put(`/api/sections/${section._id}`).send({ model: model._id }).expect(200);
    }
    const [listed] = (await suite.agent.get('/api/articles').expect(200)).body;
    const article = (await suite.agent.get(`/api/articles/${listed._id}`).expect(200)).body;
    await suite.agent
      .put(`/api/articles/${article._id}`)
      .send({ bulk: true, sections: article.sections.map((s: Json) => ({ ...s, model: model._id })) })
      .expect(200);
  });

  /** Anthropic's newest API version takes no temperature: what a first refused request teaches, known beforehand. */
  const temperatureKnownRefused = () =>
    suite.t.app
      .get(ModelParameters)
      .refuse(parameterKey(provider._id, MODEL), 'temperature@unset', { reason: 'temperature: Extra inputs are not permitted' }, null);
  /** Every request Quire put in a message batch, in the order sent. */
  const batchRequests = () =>
    anthropic.requests
      .filter((r) => r.method === 'POST' && r.path === '/v1/messages/batches' && r.status === 200)
      .flatMap((r) => JSON.parse(r.body).requests as { custom_id: string; params: Json }[]);
  const written = () => anthropic.processedRequests.filter((r) => r.type === 'succeeded');
  const writtenTwice = () => {
    const seen = new Map<string, number>();
    // A section's attempts are job_position_attempt: a section written twice has two succeeded attempts.
    for (const r of written()) seen.set(r.customId.replace(/_\d+$/, ''), (seen.get(r.customId.replace(/_\d+$/, '')) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1);
  };
  const messagesSentAtOnce = () => anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages').length;

  it('writes every row in rounds, one batch request per section and no message sent at once, delivered once, at half the price', async () => {
    await temperatureKnownRefused();
    const pages = rows(4);
    await checkNow();
    expect(pages.map((id) => notion.statusOf(id))).toEqual(Array(4).fill('Generating...'));
    const entries = await done(4);
    expect(entries.every((e) => e.status === 'completed')).toBe(true);
    expectDeliveredOnce(pages);

    expect(messagesSentAtOnce()).toBe(0);
    expect(openai.requestsTo('POST', /^\/v1\/(chat\/completions|batches|files)$/)).toHaveLength(0);
    // One round per section: three message batches of four requests, each written once.
    expect(anthropic.batches.size).toBe(3);
    const sent = batchRequests();
    expect(sent).toHaveLength(12);
    expect(sent.every((r) => /^[0-9a-f-]{36}_[0-2]_1$/.test(r.custom_id))).toBe(true);
    expect(written()).toHaveLength(12);
    expect(writtenTwice()).toEqual([]);
    // Planned as a message sent at once is: the system prompt apart, max_tokens within the listing, no temperature, no logit_bias.
    const intro = sent.find((r) => r.custom_id.endsWith('_0_1'))!.params;
    expect(intro).toEqual({
      model: MODEL,
      max_tokens: 16384,
      system: expect.stringContaining('You introduce articles for'),
      messages: [{ role: 'user', content: expect.stringMatching(/^Introduce "Laptop \d" about k\d\.$/) }],
    });
    // The bias list's words are named in the instructions.
    expect(intro.system).toContain('delve');
    // A later round carries the sections written before it ({{previous_sections}}).
    expect(sent.find((r) => r.custom_id.endsWith('_1_1'))!.params.messages.at(-1).content).toContain('## Introduction');
    const saved = await sectionRows();
    expect(saved).toHaveLength(12);
    expect(saved.every((s) => s.batch)).toBe(true);

    // History: the round, the last batch completed; every section's cost at the batch price, half.
    expect(entries[0].meta.bulk).toMatchObject({ round: 3, batch_status: 'completed', expected_at: null });
    const detail = (await suite.agent.get(`/api/history/${entries[0]._id}`).expect(200)).body;
    for (const section of detail.sections) {
      expect(section).toMatchObject({ batch: true, model: MODEL, system_message: expect.stringContaining('You') });
      const full = spentUsd(
        { model: MODEL, promptTokens: section.prompt_tokens, completionTokens: section.completion_tokens, cachedTokens: 0 },
        DEFAULT_PRICES,
      )!;
      expect(full).toBeGreaterThan(0);
      // History's cost is rounded to the millionth of a dollar.
      expect(Math.abs(section.cost_usd - full / 2)).toBeLessThanOrEqual(0.5e-6 + 1e-12);
    }
    const usage = (await suite.agent.get('/api/usage').expect(200)).body;
    const synchronous = spentUsd(
      { model: MODEL, promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens, cachedTokens: 0 },
      DEFAULT_PRICES,
    )!;
    expect(usage.cost_usd).toBeCloseTo(synchronous / 2, 5);
  });

  it('tries a temperature the model has not been sent with one short message first: refused once, learned, and no batch request carries it', async () => {
    const pages = rows(2);
    await checkNow();
    const entries = await done(2);
    expect(entries.every((e) => e.status === 'completed')).toBe(true);
    expectDeliveredOnce(pages);
    // One short message sent at once tried the temperature: Anthropic refused it in its words, and the same message went without it.
    const trials = anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages');
    expect(trials.map((r) => [r.status, JSON.parse(r.body).temperature])).toEqual([
      [400, 0.2],
      [200, undefined],
    ]);
    expect(trials.every((r) => JSON.stringify(JSON.parse(r.body).messages) === JSON.stringify([{ role: 'user', content: 'Reply with OK.' }]))).toBe(true);
    // Learned once for the provider's model before any batch: every batch request goes without it, each section once.
    const sent = batchRequests();
    expect(sent).toHaveLength(6);
    expect(sent.every((r) => r.params.temperature === undefined)).toBe(true);
    expect(sent.every((r) => r.custom_id.endsWith('_1'))).toBe(true);
    expect(anthropic.processedRequests.every((r) => r.type === 'succeeded')).toBe(true);
    const known = await suite.t.app.get(ModelParameters).known(parameterKey(provider._id, MODEL), null);
    expect(Object.keys(known.refused)).toEqual(['temperature@unset']);
    expect(known.refused['temperature@unset'].reason).toBe('temperature: Extra inputs are not permitted');
    // History says what was not sent, in Anthropic's words.
    const omitted = (entries[0] as HistoryEntry).meta.omittedParameters as { parameters: string[]; reasons: Record<string, string> }[];
    expect(omitted.some((n) => n.parameters.includes('temperature') && n.reasons.temperature === 'temperature: Extra inputs are not permitted')).toBe(true);
    expect(writtenTwice()).toEqual([]);
  });

  it("puts an errored request into the next round, and fails the article with Anthropic's words after three retries", async () => {
    await temperatureKnownRefused();
    anthropic.failBatchRequestsWhere(/Pros and cons for Laptop 1\b/, 'api_error', 'Internal server error', 1);
    anthropic.failBatchRequestsWhere(/Pros and cons for Broken 1\b/, 'invalid_request_error', 'prompt is too long: 250000 tokens > 200000 maximum', 10);
    const [retried] = rows(1);
    const [broken] = rows(1, 'Broken');
    await checkNow();
    const entries = await done(2);
    expectDeliveredOnce([retried]);
    const failed = entries.find((e) => e.title === 'Broken 1')!;
    expect(failed.status).toBe('failed');
    expect(failed.message).toBe('Anthropic did not write section "Pros and Cons" in bulk after 4 attempts: prompt is too long: 250000 tokens > 200000 maximum');
    expect(notion.statusOf(broken)).toBe('Generating Error');
    // The retried section went once more (attempt 2); the broken one four times, then no more.
    const ids = batchRequests().map((r) => r.custom_id);
    expect(ids.filter((id) => id.endsWith('_1_2'))).toHaveLength(2);
    expect(ids.filter((id) => id.endsWith('_1_4'))).toHaveLength(1);
    expect(ids.filter((id) => id.endsWith('_1_5'))).toHaveLength(0);
    expect(writtenTwice()).toEqual([]);
  });

  it('takes the written half of an expired batch and sends only the rest again', async () => {
    await temperatureKnownRefused();
    anthropic.batchScript = [{ expireAfter: 0.5 }];
    const pages = rows(4);
    await checkNow();
    await done(4);
    expectDeliveredOnce(pages);
    const [firstBatch] = [...anthropic.batches.values()];
    expect(anthropic.batches.get(firstBatch.id)!.results.filter((r) => r.result.type === 'expired')).toHaveLength(2);
    // Two of the first round's four requests were written before it expired: only the other two go again, as attempt 2.
    const firstRound = batchRequests().filter((r) => /_0_\d$/.test(r.custom_id));
    expect(firstRound).toHaveLength(6);
    expect(firstRound.filter((r) => r.custom_id.endsWith('_0_2'))).toHaveLength(2);
    expect(written()).toHaveLength(12);
    expect(writtenTwice()).toEqual([]);
    expect(await sectionRows()).toHaveLength(12);
  });

  it('finds a batch whose create answer was lost, by its custom_ids, and makes no other for its sections', async () => {
    await temperatureKnownRefused();
    anthropic.loseNextBatchCreate = 'drop';
    const pages = rows(3);
    await checkNow();
    await done(3);
    expectDeliveredOnce(pages);
    // The lost create's batch was found and taken: still one batch per round, each section written once.
    expect(anthropic.batches.size).toBe(3);
    expect(written()).toHaveLength(9);
    expect(writtenTwice()).toEqual([]);
    // Quire looked for it in Anthropic's list of batches.
    expect(anthropic.requests.some((r) => r.method === 'GET' && r.path === '/v1/messages/batches')).toBe(true);
  });

  it('cancels bulk: the message batch canceled at Anthropic, articles failed with a clear message, what was written kept and not written again', async () => {
    await temperatureKnownRefused();
    anthropic.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const { pages, entries } = await cancelHalfWay(() => anthropic.processedRequests.length);
    const [batch] = [...anthropic.batches.values()];
    expect(batch.cancelInitiatedAt).not.toBeNull();
    expect(batch.results.map((r) => r.result.type)).toEqual(['succeeded', 'succeeded', 'canceled', 'canceled']);
    expect(entries.map((e) => e.status)).toEqual(Array(4).fill('failed'));
    expect(entries[0].message).toBe(
      'Bulk writing was cancelled in Quire: the batches in flight were cancelled at Anthropic. The sections already written are kept; Retry writes the rest.',
    );

    // Retry writes the rest, never a kept section again.
    for (const entry of entries) await suite.agent.post(`/api/history/${entry._id}/retry`).expect(200);
    await done(4);
    expectDeliveredOnce(pages);
    expect(written()).toHaveLength(12);
    expect(writtenTwice()).toEqual([]);
    await staysExactly(() => anthropic.processedRequests.length, anthropic.processedRequests.length, 500);
  });
});
