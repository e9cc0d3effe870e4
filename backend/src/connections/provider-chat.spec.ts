import { buildService } from '../../../test/support/unit';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config';
import { ModelParameters } from '../integrations/openai/model-parameters';
import type { ChatAsk } from '../integrations/openai/openai-chat';
import { ModelConnectionRow } from './connections.schema';
import { ConnectionsService } from './connections.service';
import { ProviderChat } from './provider-chat';

const ID = '33333333-3333-4333-8333-333333333333';
const MODEL = 'claude-haiku-4-5-20251001';
const KEY = `${ID}:${MODEL}`;

/** A section's request to a batch line: what planning a message batch's request and learning from its result does. */
describe('ProviderChat for a bulk template on Anthropic', () => {
  async function build(kind: ModelConnectionRow['kind'] = 'anthropic', known = { refused: {}, accepted: [] as string[] }) {
    const built = await buildService(ProviderChat, { connections: ConnectionsService, parameters: ModelParameters }, [
      { provide: APP_CONFIG, useValue: { anthropicBaseUrl: null, openAiPrices: {} } as unknown as AppConfig },
    ]);
    const row = { id: ID, kind, name: 'Claude' } as ModelConnectionRow;
    built.connections.find.mockResolvedValue(row);
    built.connections.listed.mockResolvedValue([{ id: MODEL, name: 'Claude Haiku 4.5', created: null, maxTokens: 8192 }]);
    built.parameters.known.mockResolvedValue(known);
    built.parameters.refuse.mockResolvedValue();
    built.parameters.accept.mockResolvedValue();
    return { ...built, row };
  }
  const ask = (desired: Partial<ChatAsk['desired']> = {}): ChatAsk => ({
    model: MODEL,
    desired: { temperature: 0.4, logitBias: { '1234': -100 }, reasoningEffort: null, ...desired },
    messages: (plan) => [
      { role: 'system', content: plan.logitBias ? 'Write.' : 'Write. Avoid: delve.' },
      { role: 'user', content: 'Introduce laptops.' },
    ],
  });

  it("plans a batch request as a message sent at once is planned: the system prompt apart, the listing's max_tokens, no logit_bias", async () => {
    // Both settings tried on the model already (a parameter not yet tried is tried with a message sent at once first: the e2e spec).
    const { sut, parameters, row } = await build('anthropic', { refused: {}, accepted: ['reasoning_effort=minimal', 'temperature@effort'] });
    const line = await sut.planLine(row, ask({ reasoningEffort: 'minimal' }), 'section "Intro"');
    expect(parameters.known).toHaveBeenCalledWith(KEY, null);
    expect(line?.body).toEqual({
      model: MODEL,
      max_tokens: 8192,
      system: 'Write. Avoid: delve.',
      messages: [{ role: 'user', content: 'Introduce laptops.' }],
      temperature: 0.4,
      thinking: { type: 'adaptive' },
      output_config: { effort: 'low' },
    });
    // What History will say of it: the list named in the instructions, 'minimal' sent as 'low'.
    expect(line?.plan.notes.map((note) => note.parameter)).toEqual(['logit_bias', 'reasoning_effort']);
    expect(line?.plan.unknown).toEqual([]);
  });

  it('leaves out what the model is known to refuse', async () => {
    const { sut, row } = await build('anthropic', {
      refused: { 'temperature@unset': { reason: 'temperature: Extra inputs are not permitted' } },
      accepted: [],
    });
    const line = await sut.planLine(row, ask(), 'section "Intro"');
    expect(line?.body.temperature).toBeUndefined();
    expect(line?.plan.notes).toContainEqual({ parameter: 'temperature', reason: 'temperature: Extra inputs are not permitted' });
  });

  it('plans no batch request on a vendor whose batches Quire does not use: the section is written at once', async () => {
    const { sut, row } = await build('openai-compatible');
    expect(await sut.planLine(row, ask(), 'section "Intro"')).toBeNull();
  });

  it("learns from a request's result as from a refusal of a request sent at once", async () => {
    const { sut, parameters, row } = await build('anthropic', { refused: {}, accepted: ['temperature@unset'] });
    const line = (await sut.planLine(row, ask(), 'section "Intro"'))!;
    expect(await sut.learnFromLine(ID, MODEL, line.plan, { status: 400, words: 'temperature: Extra inputs are not permitted' })).toBe(true);
    expect(parameters.refuse).toHaveBeenCalledWith(KEY, 'temperature@unset', { reason: 'temperature: Extra inputs are not permitted' }, null);
    const words = `max_tokens: 8192 > 4096, which is the maximum allowed number of output tokens for ${MODEL}`;
    expect(await sut.learnFromLine(ID, MODEL, line.plan, { status: 400, words })).toBe(true);
    expect(parameters.refuse).toHaveBeenCalledWith(KEY, 'max_tokens', { reason: words, max: 4096 }, null);
    // Another fault teaches nothing, and counts as an attempt.
    expect(await sut.learnFromLine(ID, MODEL, line.plan, { status: 500, words: 'Internal server error' })).toBe(false);
    expect(await sut.learnFromLine(ID, MODEL, line.plan, { status: 400, words: 'prompt is too long: 250000 tokens > 200000 maximum' })).toBe(false);
    expect(parameters.refuse).toHaveBeenCalledTimes(2);
    // A written section accepts the features it carried untried.
    expect(await sut.learnFromLine(ID, MODEL, { ...line.plan, unknown: ['temperature@unset'] }, 'written')).toBe(false);
    expect(parameters.accept).toHaveBeenCalledWith(KEY, ['temperature@unset'], null);
  });
});
