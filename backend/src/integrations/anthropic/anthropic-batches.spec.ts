import { ANTHROPIC_TEST_KEY, AnthropicFake } from '../../../../test/fakes/anthropic-fake';
import { IntegrationError } from '../../common/integration-error';
import {
  AnthropicLink,
  cancelMessageBatch,
  createMessageBatch,
  findUnconfirmedMessageBatch,
  MessageBatchCreateUnconfirmed,
  MessageBatchRequest,
  MessageBatchResultLine,
  readMessageBatchResults,
  retrieveMessageBatch,
} from './anthropic-batches';
import { anthropicClient, anthropicParams } from './anthropic.client';

/** Quire's Message Batches adapter against the Anthropic simulator, through the real SDK. */

const anthropic = new AnthropicFake();
let link: AnthropicLink;

beforeAll(async () => {
  await anthropic.start();
  link = (retries) => anthropicClient(ANTHROPIC_TEST_KEY, anthropic.baseUrl, fetch, retries);
});
afterAll(() => anthropic.stop());
beforeEach(() => {
  anthropic.reset();
  anthropic.batchLatencyMs = 40;
});
afterEach(() => expect(anthropic.crashes).toEqual([]));

const requests = (...ids: string[]): MessageBatchRequest[] =>
  ids.map((id) => ({
    custom_id: id,
    params: anthropicParams({ model: 'claude-sonnet-4-6', maxTokens: 1024, system: 'Be brief.', messages: [{ role: 'user', content: `Write ${id}.` }] }),
  }));
const ended = async (id: string) => {
  for (let i = 0; i < 200; i++) {
    const batch = await retrieveMessageBatch(link, id);
    if (batch.status === 'ended') return batch;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`batch ${id} did not end`);
};
const results = async (id: string) => {
  const lines: MessageBatchResultLine[] = [];
  await readMessageBatchResults(link, id, async (line) => {
    lines.push(line);
  });
  return lines;
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('Anthropic Message Batches adapter', () => {
  it('makes a batch, reads it until it ends, and streams its results', async () => {
    const made = await createMessageBatch(link, requests('job_0_1', 'job_1_1'));
    expect(made).toMatchObject({ id: expect.stringMatching(/^msgbatch_/), status: 'in_progress', total: 2, succeeded: 0, endedAt: null });
    expect(made.expiresAt.getTime() - made.createdAt.getTime()).toBe(24 * 3600_000);
    const done = await ended(made.id);
    expect(done).toMatchObject({ total: 2, succeeded: 2, errored: 0, endedAt: expect.any(Date) });
    const lines = await results(made.id);
    expect(lines.map((l) => l.custom_id).sort()).toEqual(['job_0_1', 'job_1_1']);
    expect(lines[0].result).toMatchObject({ type: 'succeeded', message: { type: 'message' } });
    // Sent once: the create is never retried.
    expect(anthropic.requests.filter((r) => r.method === 'POST' && r.path === '/v1/messages/batches')).toHaveLength(1);
  });

  it("says in Anthropic's words why a batch was refused, and which failures may have made it", async () => {
    const refused = await failure(createMessageBatch(link, requests('not:valid')));
    expect(refused).toBeInstanceOf(IntegrationError);
    expect((refused as IntegrationError).message).toBe(
      "Anthropic: could not create the message batch: requests.0.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    );
    // Overloaded: nothing was made, and it may pass later.
    anthropic.failNext(/^\/v1\/messages\/batches$/, 529, 'overloaded_error', 'Overloaded');
    const overloaded = await failure(createMessageBatch(link, requests('a')));
    expect(overloaded).toBeInstanceOf(IntegrationError);
    expect((overloaded as IntegrationError).transient).toBe(true);
    // A 500 or no answer at all: the batch may have been made.
    anthropic.loseNextBatchCreate = 'error';
    expect(await failure(createMessageBatch(link, requests('b')))).toBeInstanceOf(MessageBatchCreateUnconfirmed);
    anthropic.loseNextBatchCreate = 'drop';
    expect(await failure(createMessageBatch(link, requests('c')))).toBeInstanceOf(MessageBatchCreateUnconfirmed);
    expect(anthropic.batches.size).toBe(2);
  });

  it('finds the batch a lost create made by its custom_ids, once it has ended; undecided while it is processing', async () => {
    const sentAt = new Date();
    // Another batch of the same size, not Quire's, made just before.
    const other = await createMessageBatch(link, requests('someone_else', 'another'));
    anthropic.batchScript = [{ hold: true }];
    anthropic.loseNextBatchCreate = 'drop';
    const ours = requests('job_0_1', 'job_0_2');
    expect(await failure(createMessageBatch(link, ours))).toBeInstanceOf(MessageBatchCreateUnconfirmed);
    const lost = [...anthropic.batches.keys()].at(-1)!;
    const look = {
      sentAt,
      requests: 2,
      known: async () => false,
      ours: (customId: string) => ours.some((r) => r.custom_id === customId),
    };
    await ended(other.id);
    expect(await findUnconfirmedMessageBatch(link, look)).toBe('undecided');
    anthropic.releaseBatch(lost);
    await ended(lost);
    expect(await findUnconfirmedMessageBatch(link, look)).toMatchObject({ id: lost, status: 'ended', succeeded: 2 });
    // A batch Quire already holds is not it; nor one of another size, nor one made long before.
    expect(await findUnconfirmedMessageBatch(link, { ...look, known: async (id) => id === lost })).toBeNull();
    expect(await findUnconfirmedMessageBatch(link, { ...look, requests: 3 })).toBeNull();
    expect(await findUnconfirmedMessageBatch(link, { ...look, sentAt: new Date(Date.now() + 3600_000) })).toBeNull();
  });

  it('cancels a batch: what was processed is kept, the rest canceled', async () => {
    anthropic.batchScript = [{ hold: true, expireAfter: 0.5 }];
    const made = await createMessageBatch(link, requests('a', 'b'));
    for (let i = 0; i < 100 && anthropic.processedRequests.length < 1; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await cancelMessageBatch(link, made.id)).status).toBe('canceling');
    expect(await ended(made.id)).toMatchObject({ succeeded: 1, canceled: 1 });
    expect((await failure(cancelMessageBatch(link, made.id))) as IntegrationError).toMatchObject({
      message: `Anthropic: could not cancel the message batch: Message batch ${made.id} has already ended and cannot be canceled.`,
    });
  });
});
