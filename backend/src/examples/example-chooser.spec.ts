import { ChatMessage } from '../models/models.schema';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { ExampleChooser } from './example-chooser';
import { ExampleEntry, ExamplesRepository } from './examples.repository';

const VOCABULARY = ['laptop', 'phone', 'garden', 'river', 'cheap', 'best'];
/** A vector that counts the vocabulary's words: texts sharing words are near. */
const vectorOf = (text: string) =>
  VOCABULARY.map(
    (word) =>
      text
        .toLowerCase()
        .split(/\W+/)
        .filter((w) => w === word).length,
  );

interface Stored {
  id: string;
  uuid: string;
  messages: ChatMessage[];
  embedding: Buffer | null;
  embeddedAt: Date | null;
}

/** The repository over an array, as the database would answer it. */
function repositoryOf(rows: Stored[]) {
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const repository = {
    signature: jest.fn(async () => JSON.stringify(rows.map((r) => [r.id, r.embeddedAt?.getTime() ?? null]))),
    entries: jest.fn(async (): Promise<ExampleEntry[]> => rows.map(({ id, uuid, embeddedAt }) => ({ id, uuid, embeddedAt }))),
    messages: jest.fn(async (ids: string[]) => new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r.messages]))),
    embeddings: jest.fn(async (ids: string[]) =>
      rows.filter((r) => ids.includes(r.id) && r.embedding).map((r) => ({ id: r.id, embedding: r.embedding!, embeddedAt: r.embeddedAt! })),
    ),
    keepEmbeddings: jest.fn(async (made: { id: string; embedding: Buffer }[]) => {
      for (const item of made)
        Object.assign(
          rows.find((r) => r.id === item.id)!,
          { embedding: item.embedding, embeddedAt: new Date(clock++) },
        );
    }),
  };
  return repository;
}

const example = (n: number, user: string): Stored => ({
  id: `id-${n}`,
  uuid: `uuid-${n}`,
  messages: [
    { role: 'system', content: 'You write.' },
    { role: 'user', content: user },
    { role: 'assistant', content: `Answer ${n}` },
  ],
  embedding: null,
  embeddedAt: null,
});

function build(rows: Stored[]) {
  const repository = repositoryOf(rows);
  const embeddings = { embedTexts: jest.fn(async (_key: string, texts: string[]) => ({ vectors: texts.map(vectorOf), truncated: 0 })) };
  const sut = new ExampleChooser(repository as unknown as ExamplesRepository, embeddings as unknown as OpenAiEmbeddings);
  return { sut, repository, embeddings };
}

const ask = { apiKey: 'sk-key', modelId: 'model-1' };

describe(ExampleChooser.name, () => {
  it('should send the examples nearest the message, nearest last, and name them nearest first', async () => {
    const { sut } = build([example(1, 'A garden by the river'), example(2, 'The best laptop'), example(3, 'A cheap phone'), example(4, 'Best cheap laptop')]);

    const chosen = await sut.choose({ ...ask, count: 2, message: 'Write about the best cheap laptop' });

    expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-4', 'uuid-2']);
    expect(chosen.messages).toEqual([
      { role: 'user', content: 'The best laptop' },
      { role: 'assistant', content: 'Answer 2' },
      { role: 'user', content: 'Best cheap laptop' },
      { role: 'assistant', content: 'Answer 4' },
    ]);
    expect(chosen.available).toBe(4);
  });

  it('should break ties by the set’s order', async () => {
    const { sut } = build([example(1, 'river'), example(2, 'phone'), example(3, 'phone'), example(4, 'garden')]);

    const chosen = await sut.choose({ ...ask, count: 1, message: 'phone' });

    expect(chosen.used).toEqual([{ uuid: 'uuid-2', words: 'phone' }]);
  });

  it('should embed each example once and keep it: later choices embed only the message', async () => {
    const { sut, embeddings, repository } = build([example(1, 'river'), example(2, 'phone'), example(3, 'garden')]);

    await sut.choose({ ...ask, count: 1, message: 'phone' });
    await sut.choose({ ...ask, count: 1, message: 'garden' });

    expect(embeddings.embedTexts.mock.calls.map((call) => call[1])).toEqual([['river', 'phone', 'garden'], ['phone'], ['garden']]);
    expect(repository.keepEmbeddings).toHaveBeenCalledTimes(1);
    // The second choice found the vectors in memory.
    expect(repository.embeddings).toHaveBeenCalledTimes(1);
  });

  it('should read a set’s entries again only when it has changed', async () => {
    const rows = [example(1, 'river'), example(2, 'phone'), example(3, 'garden')];
    const { sut, repository } = build(rows);
    await sut.choose({ ...ask, count: 1, message: 'phone' });
    const read = repository.entries.mock.calls.length;
    await sut.choose({ ...ask, count: 1, message: 'garden' });
    expect(repository.entries.mock.calls.length).toBe(read);
    rows.push(example(4, 'garden phone'));
    const chosen = await sut.choose({ ...ask, count: 1, message: 'garden phone' });
    expect(repository.entries.mock.calls.length).toBeGreaterThan(read);
    expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-4']);
  });

  it('should embed a set once when two sections choose from it at the same time', async () => {
    const { sut, embeddings } = build([example(1, 'river'), example(2, 'phone'), example(3, 'garden')]);

    await Promise.all([sut.choose({ ...ask, count: 1, message: 'phone' }), sut.choose({ ...ask, count: 1, message: 'river' })]);

    expect(embeddings.embedTexts.mock.calls.filter((call) => call[1].length === 3)).toHaveLength(1);
  });

  it('should send a set no larger than the count whole, in its order, asking OpenAI nothing', async () => {
    const { sut, embeddings } = build([example(1, 'river'), example(2, 'phone')]);

    const chosen = await sut.choose({ ...ask, count: 3, message: 'phone' });

    expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-1', 'uuid-2']);
    expect(embeddings.embedTexts).not.toHaveBeenCalled();
  });

  it('should send nothing from an empty set, or when asked for none', async () => {
    const { sut, embeddings } = build([example(1, 'river')]);
    expect(await sut.choose({ ...ask, count: 0, message: 'river' })).toEqual({ messages: [], used: [], available: 1 });
    const empty = build([]);
    expect(await empty.sut.choose({ ...ask, count: 3, message: 'river' })).toEqual({ messages: [], used: [], available: 0 });
    expect(embeddings.embedTexts).not.toHaveBeenCalled();
  });

  it('should never choose an excluded example', async () => {
    const { sut } = build([example(1, 'phone'), example(2, 'phone garden'), example(3, 'river')]);

    const chosen = await sut.choose({ ...ask, count: 1, message: 'phone', exclude: new Set(['uuid-1']) });

    expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-2']);
    expect(chosen.available).toBe(2);
  });

  it('should read again an example replaced since its vector was remembered', async () => {
    const rows = [example(1, 'river'), example(2, 'phone'), example(3, 'garden')];
    const { sut, repository } = build(rows);
    await sut.choose({ ...ask, count: 1, message: 'phone' });
    // Replaced: new messages, the kept embedding cleared (models.repository addExample).
    Object.assign(rows[1], { messages: example(2, 'garden river')['messages'], embedding: null, embeddedAt: null });

    const chosen = await sut.choose({ ...ask, count: 1, message: 'garden river' });

    expect(repository.keepEmbeddings).toHaveBeenCalledTimes(2);
    expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-2']);
  });

  it('should shorten the words History shows to the first twelve', async () => {
    const { sut } = build([example(1, 'one two three four five six seven eight nine ten eleven twelve thirteen')]);
    const chosen = await sut.choose({ ...ask, count: 1, message: 'x' });
    expect(chosen.used[0].words).toBe('one two three four five six seven eight nine ten eleven twelve…');
  });

  describe('without an OpenAI key', () => {
    it('should choose the examples sharing the most words with the message, asking OpenAI nothing and keeping no embedding', async () => {
      const { sut, embeddings, repository } = build([
        example(1, 'The garden by the river'),
        example(2, 'The best laptop'),
        example(3, 'The cheap phone'),
        example(4, 'The best cheap laptop'),
      ]);

      const chosen = await sut.choose({ apiKey: null, modelId: 'model-1', count: 2, message: 'Write about the best cheap laptop' });

      expect(chosen.used.map((u) => u.uuid)).toEqual(['uuid-4', 'uuid-2']);
      expect(chosen.messages.at(-2)).toEqual({ role: 'user', content: 'The best cheap laptop' });
      expect(embeddings.embedTexts).not.toHaveBeenCalled();
      expect(repository.keepEmbeddings).not.toHaveBeenCalled();
    });

    it('should weigh a word most examples share less than a rare one, and break ties by the set’s order', async () => {
      const { sut } = build([
        example(1, 'review of the phone'),
        example(2, 'review of the garden'),
        example(3, 'review of the garden'),
        example(4, 'review of the river'),
      ]);

      expect((await sut.choose({ apiKey: null, modelId: 'model-1', count: 1, message: 'a review: garden tools' })).used.map((u) => u.uuid)).toEqual(['uuid-2']);
    });
  });
});
