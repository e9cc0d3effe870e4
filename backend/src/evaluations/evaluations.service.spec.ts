import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { modelRow, scope as SCOPE } from '../../../test/support/rows';
import { buildService } from '../../../test/support/unit';
import { IntegrationError } from '../common/integration-error';
import { APP_CONFIG } from '../config/config.module';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { ExampleChooser } from '../examples/example-chooser';
import { ExamplesRepository } from '../examples/examples.repository';
import { JOB_ATTEMPTS } from '../generation/generation.service';
import { OpenAiChat } from '../integrations/openai/openai-chat';
import { ProviderChat } from '../connections/provider-chat';
import { ConnectionsService } from '../connections/connections.service';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { DEFAULT_PRICES } from '../config/price-table';
import { JobsService } from '../jobs/jobs.service';
import { EVALUATION_QUEUE } from '../common/queues';
import { ModelsRepository } from '../models/models.repository';
import { ModelExampleRow } from '../models/models.schema';
import { NO_OPENAI_KEY_MESSAGE } from '../models/models.service';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { ownedBy } from '../workspaces/scope';
import { holdoutOf } from './evaluation-plan';
import { CreateEvaluationDto } from './evaluations.dto';
import { EvaluationItemRow, EvaluationOutputRow, EvaluationRow } from './evaluations.schema';
import { EvaluationScores, EvaluationsRepository } from './evaluations.repository';
import { EvaluationsService } from './evaluations.service';

const example = (i: number): ModelExampleRow => ({
  id: `row-${i}`,
  modelId: 'set-1',
  uuid: `example-${i}`,
  articleUuid: null,
  clusterId: 0,
  messages: [
    { role: 'system', content: 'You write blog sections.' },
    { role: 'user', content: `Write about topic ${i}.` },
    { role: 'assistant', content: `Topic ${i}, in the house style.` },
  ],
  createdAt: new Date(0),
});
const SET = Array.from({ length: 8 }, (_, i) => example(i));

const ask = (overrides: Partial<CreateEvaluationDto> = {}): CreateEvaluationDto => ({
  modelId: 'set-1',
  holdout: 3,
  variants: [
    { label: 'No examples', model: 'plain-1', examples_count: 0 },
    { label: 'Three examples', model: 'plain-1', examples_count: 3 },
  ],
  ...overrides,
});

const evaluationRow = (overrides: Partial<EvaluationRow> = {}): EvaluationRow => ({
  id: 'evaluation-1',
  ...ownedBy(SCOPE),
  modelId: 'set-1',
  modelName: 'House style',
  holdout: 2,
  variants: [
    { label: 'No examples', model: 'plain-1', modelName: 'Plain', examplesCount: 0 },
    { label: 'Three examples', model: 'plain-1', modelName: 'Plain', examplesCount: 3 },
  ],
  status: 'running',
  message: null,
  leaseUntil: null,
  attempts: 1,
  createdAt: new Date(0),
  startedAt: null,
  completedAt: null,
  ...overrides,
});

const itemRow = (position: number, overrides: Partial<EvaluationItemRow> = {}): EvaluationItemRow => ({
  id: `item-${position}`,
  evaluationId: 'evaluation-1',
  position,
  exampleUuid: `example-${position}`,
  system: 'You write blog sections.',
  prompt: `Write about topic ${position}.`,
  original: `Topic ${position}, in the house style.`,
  pair: ['No examples', 'Three examples'],
  winner: null,
  judgedAt: null,
  ...overrides,
});

const outputRow = (itemId: string, label: string, overrides: Partial<EvaluationOutputRow> = {}): EvaluationOutputRow => ({
  id: `${itemId}-${label}`,
  itemId,
  label,
  model: 'gpt-4o',
  text: 'Written.',
  similarity: 0.5,
  rougeL: 0.5,
  promptTokens: 10,
  completionTokens: 20,
  cachedTokens: 0,
  reasoningTokens: 0,
  examples: [],
  createdAt: new Date(0),
  ...overrides,
});

/** What the repository's scores answer for these rows: the items counted by pair and judgment, the outputs summed per label and model. */
function scoresOf(items: EvaluationItemRow[], outputs: EvaluationOutputRow[]): EvaluationScores {
  const judgments = new Map<string, EvaluationScores['judgments'][number]>();
  for (const { pair, winner } of items) {
    const key = JSON.stringify([pair, winner]);
    judgments.set(key, { pair, winner, items: (judgments.get(key)?.items ?? 0) + 1 });
  }
  const totals = new Map<string, EvaluationScores['outputs'][number]>();
  const ids = new Set(items.map((item) => item.id));
  for (const o of outputs.filter((output) => ids.has(output.itemId))) {
    const key = JSON.stringify([o.label, o.model]);
    const t = totals.get(key) ?? {
      label: o.label,
      model: o.model,
      outputs: 0,
      scored: 0,
      similaritySum: 0,
      rougeLSum: 0,
      promptTokens: 0,
      completionTokens: 0,
      cachedTokens: 0,
    };
    totals.set(key, {
      ...t,
      outputs: t.outputs + 1,
      scored: t.scored + (o.similarity === null ? 0 : 1),
      similaritySum: t.similaritySum + (o.similarity ?? 0),
      rougeLSum: t.rougeLSum + o.rougeL,
      promptTokens: t.promptTokens + o.promptTokens,
      completionTokens: t.completionTokens + o.completionTokens,
      cachedTokens: t.cachedTokens + o.cachedTokens,
    });
  }
  return { judgments: [...judgments.values()], outputs: [...totals.values()] };
}

const answer = (content: string) => ({
  content,
  tokens: 30,
  usage: { promptTokens: 10, completionTokens: 20, cachedTokens: 0, reasoningTokens: 0 },
  plan: {} as never,
  messages: [],
});

describe(EvaluationsService.name, () => {
  async function build() {
    const built = await buildService(
      EvaluationsService,
      {
        evaluations: EvaluationsRepository,
        models: ModelsRepository,
        examples: ExamplesRepository,
        chooser: ExampleChooser,
        chat: OpenAiChat,
        embeddings: OpenAiEmbeddings,
        settings: WorkspaceSettingsService,
        cpu: CpuPool,
        queue: JobsService,
        providers: ProviderChat,
        connections: ConnectionsService,
      },
      [{ provide: APP_CONFIG, useValue: { generationRetrySeconds: 30, openAiPrices: DEFAULT_PRICES } }],
    );
    const { evaluations, models, settings, queue, cpu, examples } = built;
    // Items and outputs as the repository keeps them, so an answer reads what was stored.
    const stored = { row: null as EvaluationRow | null, items: [] as EvaluationItemRow[], outputs: [] as EvaluationOutputRow[] };
    models.findOwned.mockImplementation(async (_scope, id) =>
      id === 'set-1'
        ? modelRow({ id, name: 'House style', exampleCount: SET.length })
        : id === 'plain-1'
          ? modelRow({ id, name: 'Plain', baseModel: 'gpt-4o' })
          : null,
    );
    models.examples.mockResolvedValue(SET);
    models.openAiModels.mockImplementation(async (_scope, ids) =>
      ids.includes('plain-1') ? [{ id: 'plain-1', name: 'Plain', baseModel: 'gpt-4o', outputModel: null, connectionId: null }] : [],
    );
    settings.getSecret.mockResolvedValue('sk-key');
    queue.send.mockResolvedValue(null as never);
    evaluations.create.mockImplementation(async ({ scope, ...values }, items) => {
      stored.row = evaluationRow({ ...values, ...ownedBy(scope), status: 'queued', attempts: 0 });
      stored.items = items.map((item) => itemRow(item.position, { ...item }));
      return stored.row;
    });
    evaluations.findOwned.mockImplementation(async () => stored.row);
    evaluations.items.mockImplementation(async (ids) => stored.items.filter((item) => ids.includes(item.evaluationId)));
    evaluations.outputs.mockImplementation(async (ids) => stored.outputs.filter((o) => ids.includes(o.itemId)));
    evaluations.scores.mockImplementation(
      async (ids) =>
        new Map(
          ids.map((id) => [
            id,
            scoresOf(
              stored.items.filter((item) => item.evaluationId === id),
              stored.outputs,
            ),
          ]),
        ),
    );
    evaluations.judge.mockResolvedValue(true);
    evaluations.saveOutput.mockImplementation(
      async (values) => void stored.outputs.push(outputRow(values.itemId, values.label, { ...values, similarity: null })),
    );
    evaluations.score.mockResolvedValue();
    evaluations.renewLease.mockResolvedValue();
    evaluations.complete.mockResolvedValue();
    evaluations.fail.mockResolvedValue();
    evaluations.release.mockResolvedValue();
    evaluations.retryLater.mockResolvedValue();
    // One token per character: a longer prompt counts more.
    cpu.run.mockImplementation(async (_name, input) => (input as { texts: string[] }).texts.map((text) => text.length) as never);
    examples.entries.mockResolvedValue(SET.map((e) => ({ id: e.id, uuid: e.uuid, embeddedAt: null })));
    built.chat.complete.mockImplementation(async (_key, chatAsk) => answer(`Answer to ${chatAsk.messages({} as never).at(-1)!.content}`));
    built.embeddings.embedTexts.mockImplementation(async (_key, texts) => ({ vectors: texts.map(() => [1, 0]), truncated: 0 }));
    built.chooser.choose.mockResolvedValue({
      messages: [
        { role: 'user', content: 'Write about topic 7.' },
        { role: 'assistant', content: 'Topic 7, in the house style.' },
      ],
      used: [{ uuid: 'example-7' }] as never,
      available: 5,
    });
    /** The evaluation as the runner takes it, with `items` written from the set's held-out examples. */
    const running = (overrides: Partial<EvaluationRow> = {}, items = [itemRow(0), itemRow(1)]) => {
      stored.row = evaluationRow(overrides);
      stored.items = items;
      evaluations.start.mockResolvedValue(stored.row);
      return stored.row;
    };
    return { ...built, stored, running };
  }

  /** The 400 a refusal answers: the field it names and why. */
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors: unknown[] }).errors;
  }

  describe('create', () => {
    it('should hold out the set’s examples in their fixed order, each item its system message, user message and original', async () => {
      const { sut, evaluations } = await build();

      await sut.create(SCOPE, ask());

      const items = evaluations.create.mock.calls[0][1];
      expect(items.map((i) => i.exampleUuid)).toEqual(holdoutOf(SET, 3).map((e) => e.uuid));
      const first = holdoutOf(SET, 3)[0];
      expect(items[0]).toMatchObject({
        position: 0,
        system: 'You write blog sections.',
        prompt: first.messages[1].content,
        original: first.messages[2].content,
      });
    });

    it('should give every item a pair of the variants’ labels to judge', async () => {
      const { sut, evaluations } = await build();

      await sut.create(SCOPE, ask());

      for (const item of evaluations.create.mock.calls[0][1]) expect([...item.pair].sort()).toEqual(['No examples', 'Three examples']);
    });

    it('should keep each variant’s model name and examples count', async () => {
      const { sut, evaluations } = await build();

      await sut.create(SCOPE, ask());

      expect(evaluations.create.mock.calls[0][0]).toMatchObject({
        modelId: 'set-1',
        modelName: 'House style',
        holdout: 3,
        variants: [
          { label: 'No examples', model: 'plain-1', modelName: 'Plain', examplesCount: 0 },
          { label: 'Three examples', model: 'plain-1', modelName: 'Plain', examplesCount: 3 },
        ],
      });
    });

    it('should queue the evaluation by its id and answer it queued, nothing written of its outputs', async () => {
      const { sut, queue } = await build();

      const created = await sut.create(SCOPE, ask());

      expect(queue.send).toHaveBeenCalledWith(EVALUATION_QUEUE, { jobId: 'evaluation-1' }, { singletonKey: 'evaluation-1' });
      expect(created).toMatchObject({ status: 'queued', model_name: 'House style', holdout: 3, progress: { done: 0, total: 6 } });
    });

    it('should refuse a set that is not one of the operator’s models, naming modelId, and store nothing', async () => {
      const { sut, evaluations } = await build();

      expect(await refusal(sut.create(SCOPE, ask({ modelId: 'theirs' })))).toEqual([{ field: 'modelId', message: 'is not one of your models' }]);
      expect(evaluations.create).not.toHaveBeenCalled();
    });

    it('should refuse a variant’s model that is not one of the operator’s, naming the variant', async () => {
      const { sut, evaluations } = await build();
      const [first, second] = ask().variants;

      expect(await refusal(sut.create(SCOPE, ask({ variants: [first, { ...second, model: 'theirs' }] })))).toEqual([
        { field: 'variants.1.model', message: 'is not one of your models' },
      ]);
      expect(evaluations.create).not.toHaveBeenCalled();
    });

    it('should refuse two variants whose labels differ only in case', async () => {
      const { sut } = await build();
      const [first, second] = ask().variants;

      expect(await refusal(sut.create(SCOPE, ask({ variants: [first, { ...second, label: 'no EXAMPLES' }] })))).toEqual([
        { field: 'variants.1.label', message: 'must differ from the other variants’ labels' },
      ]);
    });

    it('should refuse a variant labelled "tie", in any case: it is how a judgment says neither wins', async () => {
      const { sut } = await build();
      const [first, second] = ask().variants;

      expect(await refusal(sut.create(SCOPE, ask({ variants: [first, { ...second, label: 'Tie' }] })))).toEqual([
        { field: 'variants.1.label', message: '"tie" is how a judgment says neither output wins: name the variant otherwise' },
      ]);
    });

    it('should leave one or more examples to guide the variants when any variant is guided', async () => {
      const { sut } = await build();

      expect(await refusal(sut.create(SCOPE, ask({ holdout: 8 })))).toEqual([
        { field: 'holdout', message: 'must be at most 7: "House style" holds 8 example(s), and one or more must be left to guide the variants' },
      ]);
    });

    it('should hold out the whole set when no variant is guided', async () => {
      const { sut, evaluations } = await build();
      const variants = ask().variants.map((v) => ({ ...v, examples_count: 0 }));

      await sut.create(SCOPE, ask({ holdout: 8, variants }));
      expect(evaluations.create.mock.calls[0][1]).toHaveLength(8);
      expect(await refusal(sut.create(SCOPE, ask({ holdout: 9, variants })))).toEqual([
        { field: 'holdout', message: 'must be at most 8: "House style" holds 8 example(s)' },
      ]);
    });

    it('should be a 409 without an OpenAI key, storing nothing', async () => {
      const { sut, settings, evaluations } = await build();
      settings.getSecret.mockResolvedValue(null);

      await expect(sut.create(SCOPE, ask())).rejects.toThrow(new ConflictException(NO_OPENAI_KEY_MESSAGE));
      expect(evaluations.create).not.toHaveBeenCalled();
    });
  });

  describe('estimate', () => {
    it('should store nothing and ask OpenAI nothing', async () => {
      const { sut, evaluations, chat, embeddings, queue } = await build();

      await sut.estimate(SCOPE, ask());

      expect(evaluations.create).not.toHaveBeenCalled();
      expect(queue.send).not.toHaveBeenCalled();
      expect(chat.complete).not.toHaveBeenCalled();
      expect(embeddings.embedTexts).not.toHaveBeenCalled();
    });

    it('should count one request per held-out example and variant, with the OpenAI model each writes with', async () => {
      const { sut } = await build();

      const estimate = await sut.estimate(SCOPE, ask());

      expect(estimate).toMatchObject({ items: 3, requests: 6 });
      expect(estimate.variants.map((v) => [v.label, v.openai_model, v.requests])).toEqual([
        ['No examples', 'gpt-4o', 3],
        ['Three examples', 'gpt-4o', 3],
      ]);
    });

    it('should estimate a tuned model’s variant with its tuned OpenAI model', async () => {
      const { sut, models } = await build();
      models.findOwned.mockImplementation(async (_scope, id) =>
        modelRow({ id, name: id, baseModel: 'gpt-4o-mini', outputModel: id === 'plain-1' ? 'ft:gpt-4o-mini:acme::abc' : null }),
      );

      const estimate = await sut.estimate(SCOPE, ask());

      expect(estimate.variants[0].openai_model).toBe('ft:gpt-4o-mini:acme::abc');
    });

    it('should count more prompt tokens for a variant guided by examples', async () => {
      const { sut } = await build();

      const [plain, guided] = (await sut.estimate(SCOPE, ask())).variants;

      expect(guided.prompt_tokens).toBeGreaterThan(plain.prompt_tokens);
      expect(guided.completion_tokens).toBe(plain.completion_tokens);
    });

    it('should count an embedding per item and guided variant, and one for a set not yet embedded', async () => {
      const { sut, examples } = await build();

      expect((await sut.estimate(SCOPE, ask())).embedding_requests).toBe(3 * 2 + 1);
      examples.entries.mockResolvedValue(SET.map((e) => ({ id: e.id, uuid: e.uuid, embeddedAt: new Date(0) })));
      expect((await sut.estimate(SCOPE, ask())).embedding_requests).toBe(3 * 2);
    });

    it('should price the whole evaluation, and answer no cost when a variant’s model has no known price', async () => {
      const { sut, models } = await build();

      expect((await sut.estimate(SCOPE, ask())).cost_usd).toEqual(expect.any(Number));
      models.findOwned.mockImplementation(async (_scope, id) => modelRow({ id, name: id, baseModel: id === 'plain-1' ? 'unpriced-model' : 'gpt-4o' }));
      const unpriced = await sut.estimate(SCOPE, ask());
      expect(unpriced.cost_usd).toBeNull();
      expect(unpriced.variants[0].cost_usd).toBeNull();
    });
  });

  describe('judge', () => {
    async function judging() {
      const built = await build();
      built.running({ status: 'completed' });
      built.stored.outputs = [outputRow('item-0', 'No examples'), outputRow('item-0', 'Three examples')];
      return built;
    }

    it('should keep a judgment naming one of the item’s pair', async () => {
      const { sut, evaluations } = await judging();

      await sut.judge(SCOPE, 'evaluation-1', { item: 'item-0', winner: 'Three examples' });

      expect(evaluations.judge).toHaveBeenCalledWith('evaluation-1', 'item-0', 'Three examples');
    });

    it('should keep a tie', async () => {
      const { sut, evaluations } = await judging();

      await sut.judge(SCOPE, 'evaluation-1', { item: 'ITEM-0', winner: 'tie' });

      expect(evaluations.judge).toHaveBeenCalledWith('evaluation-1', 'item-0', 'tie');
    });

    it('should refuse a winner outside the item’s pair, naming the labels it may be', async () => {
      const { sut, evaluations } = await judging();

      expect(await refusal(sut.judge(SCOPE, 'evaluation-1', { item: 'item-0', winner: 'A' }))).toEqual([
        { field: 'winner', message: 'must be "No examples", "Three examples" or "tie"' },
      ]);
      expect(evaluations.judge).not.toHaveBeenCalled();
    });

    it('should refuse an item of another evaluation', async () => {
      const { sut } = await judging();

      expect(await refusal(sut.judge(SCOPE, 'evaluation-1', { item: 'item-9', winner: 'tie' }))).toEqual([
        { field: 'item', message: 'is not one of this evaluation’s items' },
      ]);
    });

    it('should be a 409 before both of the item’s outputs are written', async () => {
      const { sut, evaluations } = await judging();

      await expect(sut.judge(SCOPE, 'evaluation-1', { item: 'item-1', winner: 'tie' })).rejects.toThrow(ConflictException);
      expect(evaluations.judge).not.toHaveBeenCalled();
    });

    it('should not find another workspace’s evaluation', async () => {
      const { sut, evaluations } = await judging();
      evaluations.findOwned.mockResolvedValue(null);

      await expect(sut.judge(SCOPE, 'evaluation-1', { item: 'item-0', winner: 'tie' })).rejects.toThrow(new NotFoundException('Evaluation not found.'));
      expect(evaluations.judge).not.toHaveBeenCalled();
    });
  });

  describe('list', () => {
    const QUERY = { sort: null, range: { start: 0, end: 24 }, filter: {} };

    /** A page of two: the first written (a variant's last output with another model) and judged in part, the second queued. */
    async function listing() {
      const built = await build();
      const first = built.running({ status: 'completed' }, [itemRow(0, { winner: 'Three examples' }), itemRow(1, { winner: 'tie' }), itemRow(2)]);
      built.stored.outputs = ['item-0', 'item-1', 'item-2'].flatMap((id) => [
        outputRow(id, 'No examples', { similarity: 0.4, rougeL: 0.3, model: id === 'item-2' ? 'gpt-4o-mini' : 'gpt-4o' }),
        outputRow(id, 'Three examples', { similarity: 0.7, rougeL: 0.6, cachedTokens: 5 }),
      ]);
      const second = evaluationRow({ id: 'evaluation-2', status: 'queued', attempts: 0 });
      built.stored.items.push(itemRow(0, { id: 'other-0', evaluationId: second.id }), itemRow(1, { id: 'other-1', evaluationId: second.id }));
      built.evaluations.list.mockResolvedValue({ rows: [first, second], total: 2, start: 0 });
      return built;
    }

    it('should answer each evaluation as its page does, without its items', async () => {
      const { sut } = await listing();

      const page = await sut.list(SCOPE, QUERY);

      const { items, ...rest } = await sut.get(SCOPE, 'evaluation-1');
      expect(items).toHaveLength(3);
      expect(page.rows[0]).toEqual(rest);
      expect(page.rows[0]).toMatchObject({ judgments: 2, progress: { done: 6, total: 6 } });
      expect(page.rows[0].summary.map((s) => [s.label, s.wins, s.losses, s.ties])).toEqual([
        ['No examples', 0, 1, 1],
        ['Three examples', 1, 0, 1],
      ]);
      for (const row of page.rows) expect(row).not.toHaveProperty('items');
      expect(page).toMatchObject({ total: 2, start: 0 });
    });

    it('should answer an evaluation not yet written with nothing done of its items × variants', async () => {
      const { sut } = await listing();

      const [, queued] = (await sut.list(SCOPE, QUERY)).rows;

      expect(queued).toMatchObject({ _id: 'evaluation-2', status: 'queued', progress: { done: 0, total: 4 }, judgments: 0 });
      expect(queued.summary.map((s) => [s.label, s.outputs, s.mean_similarity, s.win_rate])).toEqual([
        ['No examples', 0, null, null],
        ['Three examples', 0, null, null],
      ]);
    });

    it('should read the page’s scores in one call, never an item’s or an output’s text', async () => {
      const { sut, evaluations } = await listing();

      await sut.list(SCOPE, QUERY);

      expect(evaluations.list).toHaveBeenCalledWith(SCOPE, QUERY);
      expect(evaluations.scores.mock.calls).toEqual([[['evaluation-1', 'evaluation-2']]]);
      expect(evaluations.items).not.toHaveBeenCalled();
      expect(evaluations.outputs).not.toHaveBeenCalled();
    });
  });

  describe('run', () => {
    it('should write every item with every variant’s current OpenAI model, then complete', async () => {
      const { sut, running, evaluations } = await build();
      running();

      await sut.run('evaluation-1');

      expect(evaluations.saveOutput.mock.calls.map(([o]) => [o.itemId, o.label, o.model])).toEqual([
        ['item-0', 'No examples', 'gpt-4o'],
        ['item-0', 'Three examples', 'gpt-4o'],
        ['item-1', 'No examples', 'gpt-4o'],
        ['item-1', 'Three examples', 'gpt-4o'],
      ]);
      expect(evaluations.complete).toHaveBeenCalledWith('evaluation-1');
    });

    it('should write with a tuned model’s output model', async () => {
      const { sut, running, models, evaluations } = await build();
      running();
      models.openAiModels.mockResolvedValue([
        { id: 'plain-1', name: 'Plain', baseModel: 'gpt-4o-mini', outputModel: 'ft:gpt-4o-mini:acme::abc', connectionId: null },
      ]);

      await sut.run('evaluation-1');

      expect(new Set(evaluations.saveOutput.mock.calls.map(([o]) => o.model))).toEqual(new Set(['ft:gpt-4o-mini:acme::abc']));
    });

    it('should send no temperature and no reasoning effort: each model writes at its own defaults', async () => {
      const { sut, running, chat } = await build();
      running();

      await sut.run('evaluation-1');

      for (const [, chatAsk] of chat.complete.mock.calls) expect(chatAsk.desired).toEqual({ temperature: null, reasoningEffort: null });
    });

    it('should guide a variant with examples chosen for the item, never a held-out one, sent between the system and user messages', async () => {
      const { sut, running, chooser, chat, evaluations } = await build();
      running();

      await sut.run('evaluation-1');

      expect(chooser.choose).toHaveBeenCalledWith({
        apiKey: 'sk-key',
        modelId: 'set-1',
        count: 3,
        message: 'Write about topic 0.',
        exclude: new Set(['example-0', 'example-1']),
      });
      const guided = chat.complete.mock.calls.find(([, , what]) => what === 'example 1 for variant "Three examples"')!;
      expect(guided[1].messages({} as never)).toEqual([
        { role: 'system', content: 'You write blog sections.' },
        { role: 'user', content: 'Write about topic 7.' },
        { role: 'assistant', content: 'Topic 7, in the house style.' },
        { role: 'user', content: 'Write about topic 0.' },
      ]);
      expect(evaluations.saveOutput).toHaveBeenCalledWith(expect.objectContaining({ itemId: 'item-0', label: 'Three examples', examples: ['example-7'] }));
    });

    it('should write a variant without examples from the item’s system and user messages alone', async () => {
      const { sut, running, chooser, chat, evaluations } = await build();
      running({ variants: [{ label: 'No examples', model: 'plain-1', modelName: 'Plain', examplesCount: 0 }] });

      await sut.run('evaluation-1');

      expect(chooser.choose).not.toHaveBeenCalled();
      expect(chat.complete.mock.calls[0][1].messages({} as never)).toEqual([
        { role: 'system', content: 'You write blog sections.' },
        { role: 'user', content: 'Write about topic 0.' },
      ]);
      expect(evaluations.saveOutput).toHaveBeenCalledWith(expect.objectContaining({ label: 'No examples', examples: [] }));
    });

    it('should keep each output’s ROUGE-L against the original and what it spent', async () => {
      const { sut, running, evaluations, chat } = await build();
      running({}, [itemRow(0)]);
      chat.complete.mockResolvedValue(answer('Topic 0, in the house style.'));

      await sut.run('evaluation-1');

      expect(evaluations.saveOutput).toHaveBeenCalledWith(
        expect.objectContaining({ rougeL: 1, promptTokens: 10, completionTokens: 20, cachedTokens: 0, reasoningTokens: 0 }),
      );
    });

    it('should score an item’s outputs in one embedding request, the original first, by cosine similarity', async () => {
      const { sut, running, embeddings, evaluations } = await build();
      running({}, [itemRow(0)]);
      embeddings.embedTexts.mockResolvedValue({
        vectors: [
          [1, 0],
          [1, 0],
          [0, 1],
        ],
        truncated: 0,
      });

      await sut.run('evaluation-1');

      expect(embeddings.embedTexts).toHaveBeenCalledTimes(1);
      expect(embeddings.embedTexts.mock.calls[0][1][0]).toBe('Topic 0, in the house style.');
      expect(evaluations.score.mock.calls).toEqual([
        ['item-0-No examples', 1],
        ['item-0-Three examples', 0],
      ]);
    });

    it('should count a similarity below 0 as 0', async () => {
      const { sut, running, embeddings, evaluations } = await build();
      running({ variants: [evaluationRow().variants[0]] }, [itemRow(0)]);
      embeddings.embedTexts.mockResolvedValue({
        vectors: [
          [1, 0],
          [-1, 0],
        ],
        truncated: 0,
      });

      await sut.run('evaluation-1');

      expect(evaluations.score).toHaveBeenCalledWith('item-0-No examples', 0);
    });

    it('should not write or score again an output a former attempt wrote: nothing is paid twice', async () => {
      const { sut, running, stored, chat, embeddings, evaluations } = await build();
      running({}, [itemRow(0)]);
      stored.outputs = [outputRow('item-0', 'No examples')];

      await sut.run('evaluation-1');

      expect(chat.complete.mock.calls.map(([, , what]) => what)).toEqual(['example 1 for variant "Three examples"']);
      expect(embeddings.embedTexts.mock.calls[0][1]).toHaveLength(2);
      expect(evaluations.score.mock.calls.map(([id]) => id)).toEqual(['item-0-Three examples']);
    });

    it('should keep an output written while another variant’s fails', async () => {
      const { sut, running, chat, evaluations } = await build();
      running({ attempts: JOB_ATTEMPTS }, [itemRow(0)]);
      chat.complete.mockImplementation(async (_key, _ask, what) => {
        if (what.includes('Three examples')) throw new IntegrationError('OpenAI', 'was overloaded.', 503);
        // Answered after the other variant has failed.
        await new Promise((resolve) => setTimeout(resolve, 5));
        return answer('Written.');
      });

      await sut.run('evaluation-1');

      expect(evaluations.saveOutput.mock.calls.map(([o]) => o.label)).toEqual(['No examples']);
    });

    it('should stop between items when the server shuts down, and release the evaluation', async () => {
      const { sut, running, chat, evaluations } = await build();
      running();
      chat.complete.mockImplementation(async () => {
        sut.stop();
        return answer('Written.');
      });

      await sut.run('evaluation-1');

      expect(evaluations.saveOutput.mock.calls.map(([o]) => o.itemId)).toEqual(['item-0', 'item-0']);
      expect(evaluations.release).toHaveBeenCalledWith('evaluation-1');
      expect(evaluations.complete).not.toHaveBeenCalled();
    });

    it('should hand a passing fault back to the queue, waiting twice as long each attempt', async () => {
      const { sut, running, chat, evaluations, queue } = await build();
      running({ attempts: 2 });
      chat.complete.mockRejectedValue(new IntegrationError('OpenAI', 'was overloaded.', 503));

      await sut.run('evaluation-1');

      expect(evaluations.retryLater).toHaveBeenCalledWith('evaluation-1', expect.any(Date), 'OpenAI: was overloaded. Trying again in 60 s.');
      expect(queue.send).toHaveBeenCalledWith(EVALUATION_QUEUE, { jobId: 'evaluation-1' }, { singletonKey: 'evaluation-1', startAfter: 60 });
      expect(evaluations.fail).not.toHaveBeenCalled();
    });

    it('should fail after the last attempt at a passing fault', async () => {
      const { sut, running, chat, evaluations } = await build();
      running({ attempts: JOB_ATTEMPTS });
      chat.complete.mockRejectedValue(new IntegrationError('OpenAI', 'was overloaded.', 503));

      await sut.run('evaluation-1');

      expect(evaluations.retryLater).not.toHaveBeenCalled();
      expect(evaluations.fail).toHaveBeenCalledWith('evaluation-1', 'OpenAI: was overloaded.');
    });

    it('should fail at once on a refusal, with its message', async () => {
      const { sut, running, chat, evaluations } = await build();
      running();
      chat.complete.mockRejectedValue(new IntegrationError('OpenAI', 'refused the request.', 400));

      await sut.run('evaluation-1');

      expect(evaluations.retryLater).not.toHaveBeenCalled();
      expect(evaluations.fail).toHaveBeenCalledWith('evaluation-1', 'OpenAI: refused the request.');
    });

    it('should fail, saying where to add it, when the OpenAI key has been removed', async () => {
      const { sut, running, settings, evaluations, chat } = await build();
      running();
      settings.getSecret.mockResolvedValue(null);

      await sut.run('evaluation-1');

      expect(chat.complete).not.toHaveBeenCalled();
      expect(evaluations.fail).toHaveBeenCalledWith('evaluation-1', 'No OpenAI API key is saved: add it in OpenAI Settings on Home.');
    });

    it('should fail, naming the variant, when a variant’s model has been deleted', async () => {
      const { sut, running, models, evaluations } = await build();
      running();
      models.openAiModels.mockResolvedValue([]);

      await sut.run('evaluation-1');

      expect(evaluations.fail).toHaveBeenCalledWith('evaluation-1', 'The model "Plain" of variant "No examples" has been deleted; start a new evaluation.');
    });

    it('should fail when the set’s model has been deleted and a variant was to be guided by its examples', async () => {
      const { sut, running, evaluations, chat } = await build();
      running({ modelId: null });

      await sut.run('evaluation-1');

      expect(chat.complete).not.toHaveBeenCalled();
      expect(evaluations.fail).toHaveBeenCalledWith(
        'evaluation-1',
        'The model "House style" has been deleted, so its examples can no longer guide the variants; start a new evaluation.',
      );
    });

    it('should do nothing when another process holds the evaluation', async () => {
      const { sut, evaluations, chat } = await build();
      evaluations.start.mockResolvedValue(null);

      await sut.run('evaluation-1');

      expect(chat.complete).not.toHaveBeenCalled();
      expect(evaluations.complete).not.toHaveBeenCalled();
    });
  });

  describe('promptfoo', () => {
    it('should export each output’s in-context examples as they were sent, the nearest last', async () => {
      const { sut, running, stored, examples } = await build();
      running({}, [itemRow(0)]);
      stored.outputs = [outputRow('item-0', 'No examples'), outputRow('item-0', 'Three examples', { examples: ['example-7', 'example-6'] })];
      examples.messagesByUuid.mockResolvedValue(new Map([6, 7].map((i) => [`example-${i}`, SET[i].messages])));

      const config = await sut.promptfoo(SCOPE, 'evaluation-1');

      expect(config.indexOf('Write about topic 6.')).toBeLessThan(config.indexOf('Write about topic 7.'));
      expect(config.indexOf('Write about topic 7.')).toBeLessThan(config.lastIndexOf('Write about topic 0.'));
    });

    it('should name each variant’s provider by the OpenAI model its outputs were written with', async () => {
      const { sut, running, stored, examples } = await build();
      running({}, [itemRow(0)]);
      stored.outputs = [outputRow('item-0', 'No examples', { model: 'gpt-4o-2024-08-06' }), outputRow('item-0', 'Three examples')];
      examples.messagesByUuid.mockResolvedValue(new Map());

      const config = await sut.promptfoo(SCOPE, 'evaluation-1');

      expect(config).toContain('openai:chat:gpt-4o-2024-08-06');
    });
  });

  describe('recover', () => {
    it('should queue again every evaluation left running or never queued', async () => {
      const { sut, evaluations, queue } = await build();
      evaluations.orphaned.mockResolvedValue(['evaluation-1', 'evaluation-2']);

      await sut.recover();

      expect(queue.send.mock.calls).toEqual([
        [EVALUATION_QUEUE, { jobId: 'evaluation-1' }, { singletonKey: 'evaluation-1' }],
        [EVALUATION_QUEUE, { jobId: 'evaluation-2' }, { singletonKey: 'evaluation-2' }],
      ]);
    });
  });
});
