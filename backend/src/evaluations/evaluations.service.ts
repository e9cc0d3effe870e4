import { Scope, scopeOf } from '../workspaces/scope';
import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { EXAMPLES_COUNT, TIE } from '@quire/shared';
import { isTransient } from '../common/integration-error';
import { UserFacingError } from '../common/user-facing-error';
import { failureMessage, isForPeople } from '../common/job-failure';
import { ListQuery, Page } from '../common/list-query';
import { notYours } from '../common/validation';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import { CpuPool } from '../cpu-pool/cpu-pool.service';
import { ExampleChooser, pairOf } from '../examples/example-chooser';
import { ExamplesRepository } from '../examples/examples.repository';
import { cosine } from '../examples/nearest';
import { rougeL } from '../examples/scores';
import { JOB_ATTEMPTS } from '../generation/generation.service';
import { tokenizerFor } from '../integrations/openai/model-catalogue';
import { ChatAsk, OpenAiChat } from '../integrations/openai/openai-chat';
import { ProviderChat } from '../connections/provider-chat';
import { ConnectionsService } from '../connections/connections.service';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { costOf, priceOf, roundUsd } from '../integrations/openai/prices';
import { JobsService } from '../jobs/jobs.service';
import { LeasedQueueWorker, OnJobsStopping, RepeatingPass } from '../jobs/job-declarations';
import { LEASE_MS, RECOVER_MS, recoverOrphans, withLease } from '../jobs/leased-job';
import { EVALUATION_QUEUE } from '../common/queues';
import { ModelsRepository } from '../models/models.repository';
import { ChatMessage, ModelExampleRow } from '../models/models.schema';
import { NO_OPENAI_KEY_MESSAGE } from '../models/models.service';
import { WorkspaceSettingsService } from '../workspaces/settings.service';
import { holdoutOf, pairsFor } from './evaluation-plan';
import { CreateEvaluationDto, EvaluationEstimateResponse, EvaluationListResponse, EvaluationResponse, JudgmentDto } from './evaluations.dto';
import { toEvaluationListResponse, toEvaluationResponse } from './evaluation-response';
import { EvaluationsRepository } from './evaluations.repository';
import { EvaluationItemRow, EvaluationRow, EvaluationVariant } from './evaluations.schema';
import { exportedItems, promptfooConfig } from './promptfoo';

/** Tokens OpenAI adds per chat message, and to prime the answer (its cookbook's count for current models). */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_REPLY = 3;
/** An estimate averages the in-context examples over at most this many of the set. */
const ESTIMATE_SAMPLE = 200;

/** What an evaluation is asked, checked: the model's examples, the variants with their OpenAI models, the held-out examples. */
interface Plan {
  modelId: string;
  modelName: string;
  holdout: ModelExampleRow[];
  rest: ModelExampleRow[];
  variants: (EvaluationVariant & { openAiModel: string })[];
}

/** A variant's model as it writes: the vendor's id, and the provider it is on (null: OpenAI). */
interface VariantModel {
  name: string;
  connectionId: string | null;
}

/**
 * Evaluations: some of a model's examples are held out and written again by each variant (a model,
 * and how many of the set's other examples guide it), scored against the originals (cosine
 * similarity of embeddings, ROUGE-L) and judged blind by people, as a durable leased job.
 */
@Injectable()
export class EvaluationsService {
  private readonly logger = new Logger(EvaluationsService.name);
  /** Set when the server shuts down: a running evaluation stops after the item it is writing, and is released. */
  private stopping = false;

  constructor(
    private readonly evaluations: EvaluationsRepository,
    private readonly models: ModelsRepository,
    private readonly examples: ExamplesRepository,
    private readonly chooser: ExampleChooser,
    private readonly chat: OpenAiChat,
    private readonly embeddings: OpenAiEmbeddings,
    private readonly settings: WorkspaceSettingsService,
    private readonly cpu: CpuPool,
    private readonly queue: JobsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly providers: ProviderChat,
    private readonly connections: ConnectionsService,
  ) {}

  /** Checks what is asked (400 naming the field, 409 without a key) and queues it; nothing is stored on a refusal. */
  async create(scope: Scope, dto: CreateEvaluationDto): Promise<EvaluationResponse> {
    const plan = await this.plan(scope, dto);
    await this.requireKey(scope);
    const pairs = pairsFor(
      plan.variants.map((v) => v.label),
      plan.holdout.length,
    );
    const row = await this.evaluations.create(
      {
        scope,
        modelId: plan.modelId,
        modelName: plan.modelName,
        holdout: plan.holdout.length,
        variants: plan.variants.map(({ label, model, modelName, examplesCount }) => ({ label, model, modelName, examplesCount })),
      },
      plan.holdout.map((example, position) => {
        const messages = example.messages;
        return {
          position,
          exampleUuid: example.uuid,
          system: messages.find((m) => m.role === 'system')?.content ?? '',
          prompt: pairOf(messages).user ?? '',
          original: pairOf(messages).assistant ?? '',
          pair: pairs[position],
        };
      }),
    );
    await this.queue.send(EVALUATION_QUEUE, { jobId: row.id }, { singletonKey: row.id });
    return this.get(scope, row.id);
  }

  /** What the evaluation would cost, checked as create checks it; nothing is stored or asked of OpenAI. */
  async estimate(scope: Scope, dto: CreateEvaluationDto): Promise<EvaluationEstimateResponse> {
    const plan = await this.plan(scope, dto);
    const sample = plan.rest.slice(0, ESTIMATE_SAMPLE);
    const prices = this.config.openAiPrices;
    const counted = new Map<string, { items: { prompt: number; original: number }[]; examplePair: number }>();
    for (const family of new Set(plan.variants.map((v) => tokenizerFor(v.openAiModel)))) {
      const itemTexts = plan.holdout.flatMap((e) => [
        `${e.messages.find((m) => m.role === 'system')?.content ?? ''}${pairOf(e.messages).user ?? ''}`,
        pairOf(e.messages).assistant ?? '',
      ]);
      const sampleTexts = sample.map((e) => `${pairOf(e.messages).user ?? ''}${pairOf(e.messages).assistant ?? ''}`);
      const counts = await this.cpu.run('countTokens', { texts: [...itemTexts, ...sampleTexts], family });
      const items = plan.holdout.map((_, i) => ({ prompt: counts[2 * i], original: counts[2 * i + 1] }));
      const pairCounts = counts.slice(itemTexts.length);
      const examplePair = pairCounts.length === 0 ? 0 : pairCounts.reduce((a, b) => a + b, 0) / pairCounts.length;
      counted.set(family, { items, examplePair });
    }
    const variants = plan.variants.map((variant) => {
      const { items, examplePair } = counted.get(tokenizerFor(variant.openAiModel))!;
      const examples = Math.min(variant.examplesCount, plan.rest.length);
      const promptTokens = items.reduce(
        (sum, item) => sum + item.prompt + (2 + 2 * examples) * TOKENS_PER_MESSAGE + TOKENS_PER_REPLY + Math.round(examples * examplePair),
        0,
      );
      const completionTokens = items.reduce((sum, item) => sum + item.original, 0);
      const cost = costOf({ promptTokens, completionTokens, cachedTokens: 0 }, priceOf(variant.openAiModel, prices));
      return {
        label: variant.label,
        openai_model: variant.openAiModel,
        requests: items.length,
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        cost_usd: cost === null ? null : roundUsd(cost),
      };
    });
    const choosing = plan.variants.filter((v) => v.examplesCount > 0 && plan.rest.length > v.examplesCount);
    const embedsSet = choosing.length > 0 && (await this.examples.entries(plan.modelId)).some((e) => !e.embeddedAt);
    return {
      items: plan.holdout.length,
      variants,
      requests: variants.reduce((sum, v) => sum + v.requests, 0),
      embedding_requests: plan.holdout.length * (1 + choosing.length) + (embedsSet ? 1 : 0),
      cost_usd: variants.some((v) => v.cost_usd === null) ? null : roundUsd(variants.reduce((sum, v) => sum + v.cost_usd!, 0)),
    };
  }

  private async plan(scope: Scope, dto: CreateEvaluationDto): Promise<Plan> {
    const model = await this.models.findOwned(scope, dto.modelId);
    if (!model) throw notYours('modelId', 'models');
    const seen = new Set<string>();
    const variants: Plan['variants'] = [];
    for (const [i, variant] of dto.variants.entries()) {
      const label = variant.label.toLowerCase();
      if (label === TIE) throw invalid(`variants.${i}.label`, `"${TIE}" is how a judgment says neither output wins: name the variant otherwise`);
      if (seen.has(label)) throw invalid(`variants.${i}.label`, 'must differ from the other variants’ labels');
      seen.add(label);
      const own = await this.models.findOwned(scope, variant.model);
      if (!own) throw notYours(`variants.${i}.model`, 'models');
      variants.push({
        label: variant.label,
        model: own.id,
        modelName: own.name,
        examplesCount: variant.examples_count,
        openAiModel: own.outputModel ?? own.baseModel,
      });
    }
    const set = await this.models.examples(model.id);
    const guided = variants.some((v) => v.examplesCount > 0);
    const most = set.length - (guided ? 1 : 0);
    if (dto.holdout > most) {
      const why = guided ? ', and one or more must be left to guide the variants' : '';
      throw invalid('holdout', `must be at most ${Math.max(most, 0)}: "${model.name}" holds ${set.length} example(s)${why}`);
    }
    const holdout = holdoutOf(set, dto.holdout);
    const held = new Set(holdout.map((e) => e.uuid));
    return { modelId: model.id, modelName: model.name, holdout, rest: set.filter((e) => !held.has(e.uuid)), variants };
  }

  private async requireKey(scope: Scope): Promise<string> {
    const key = await this.settings.getSecret(scope.workspaceId, 'OPENAI_API_KEY');
    if (!key) throw new ConflictException(NO_OPENAI_KEY_MESSAGE);
    return key;
  }

  /** The page's evaluations from their scores alone: no text of an item or an output is read. */
  async list(scope: Scope, query: ListQuery): Promise<Page<EvaluationListResponse>> {
    const page = await this.evaluations.list(scope, query);
    const scores = await this.evaluations.scores(page.rows.map((row) => row.id));
    return { ...page, rows: page.rows.map((row) => toEvaluationListResponse(row, scores.get(row.id)!, this.config.openAiPrices)) };
  }

  /** Its summary from its scores, as the list's; its items with their outputs beside. */
  async get(scope: Scope, id: string): Promise<EvaluationResponse> {
    const row = await this.require(scope, id);
    const scores = await this.evaluations.scores([id]);
    const items = await this.evaluations.items([id]);
    const outputs = await this.evaluations.outputs(items.map((item) => item.id));
    return toEvaluationResponse(row, scores.get(id)!, items, outputs, this.config.openAiPrices);
  }

  /** One item judged: `winner` a label of its pair, or "tie"; both outputs must be written. */
  async judge(scope: Scope, id: string, dto: JudgmentDto): Promise<EvaluationResponse> {
    await this.require(scope, id);
    const item = (await this.evaluations.items([id])).find((i) => i.id === dto.item.toLowerCase());
    if (!item) throw invalid('item', 'is not one of this evaluation’s items');
    const [a, b] = item.pair;
    if (dto.winner !== a && dto.winner !== b && dto.winner !== TIE) throw invalid('winner', `must be "${a}", "${b}" or "${TIE}"`);
    const written = new Set((await this.evaluations.outputs([item.id])).map((o) => o.label));
    if (!written.has(a) || !written.has(b)) throw new ConflictException('This item’s two outputs are not both written yet; judge it once they are.');
    await this.evaluations.judge(id, item.id, dto.winner);
    return this.get(scope, id);
  }

  /** The evaluation as a Promptfoo configuration (promptfoo.ts), with the in-context examples each output was sent. */
  async promptfoo(scope: Scope, id: string): Promise<string> {
    const row = await this.require(scope, id);
    const items = await this.evaluations.items([id]);
    const outputs = await this.evaluations.outputs(items.map((item) => item.id));
    const used = [...new Set(outputs.flatMap((o) => o.examples))];
    const messages = row.modelId ? await this.examples.messagesByUuid(row.modelId, used) : new Map<string, ChatMessage[]>();
    const found = await this.models.openAiModels(
      scope,
      row.variants.map((v) => v.model),
    );
    const current = new Map(found.map((m) => [m.id, m]));
    const providers = found.some((m) => m.connectionId) ? new Map((await this.connections.all(scope)).map((c) => [c.id, c])) : new Map();
    const variants = row.variants.map((variant) => {
      const model = current.get(variant.model);
      const provider = model?.connectionId ? providers.get(model.connectionId) : undefined;
      return {
        label: variant.label,
        openAiModel: outputs.find((o) => o.label === variant.label)?.model ?? (model ? (model.outputModel ?? model.baseModel) : variant.modelName),
        ...(provider ? { provider: { kind: provider.kind, baseUrl: provider.baseUrl } } : {}),
      };
    });
    return promptfooConfig({ id: row.id, modelName: row.modelName, createdAt: row.createdAt }, variants, exportedItems(items, outputs, messages));
  }

  private async require(scope: Scope, id: string): Promise<EvaluationRow> {
    const row = await this.evaluations.findOwned(scope, id);
    if (!row) throw new NotFoundException('Evaluation not found.');
    return row;
  }

  /** Evaluations left running by a stopped process, or never queued, go back to the queue. */
  @RepeatingPass('evaluation-recovery', { everyMs: RECOVER_MS, failure: 'Evaluation recovery failed' })
  recover(): Promise<void> {
    return recoverOrphans(this.evaluations, (id) => this.queue.send(EVALUATION_QUEUE, { jobId: id }, { singletonKey: id }).then(() => undefined));
  }

  /** Shutting down: evaluations stop between items (nothing written is lost) and another process takes them up at once. */
  @OnJobsStopping()
  stop(): void {
    this.stopping = true;
  }

  /** As many workers as generation's. */
  @LeasedQueueWorker(EVALUATION_QUEUE, (config) => config.generationConcurrency)
  run(id: string): Promise<void> {
    return withLease(this.evaluations, id, (row) => this.write(row));
  }

  /**
   * Item after item, each variant's output at once (those already written are kept: a resumed
   * evaluation pays for nothing twice), then the item's outputs scored in one embedding request.
   */
  private async write(row: EvaluationRow): Promise<void> {
    try {
      const key = await this.settings.getSecret(row.workspaceId, 'OPENAI_API_KEY');
      if (!key) throw new EvaluationError('No OpenAI API key is saved: add it in OpenAI Settings on Home.');
      const items = await this.evaluations.items([row.id]);
      const written = await this.evaluations.outputs(items.map((item) => item.id));
      const heldOut = new Set(items.map((item) => item.exampleUuid));
      const models = await this.variantModels(row);
      for (const item of items) {
        if (this.stopping) {
          await this.evaluations.release(row.id);
          this.logger.log(`Evaluation ${row.id} paused for shutdown; it resumes on the next start`);
          return;
        }
        const own = written.filter((o) => o.itemId === item.id);
        const missing = row.variants.filter((variant) => !own.some((o) => o.label === variant.label));
        // Settled: an output being written when another fails is kept before the evaluation waits (never paid twice).
        const outcomes = await Promise.allSettled(missing.map((variant) => this.writeOutput(key, row, item, variant, models.get(variant.label)!, heldOut)));
        const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
        if (failed) throw failed.reason;
        await this.scoreItem(key, item);
        await this.evaluations.renewLease(row.id, LEASE_MS);
      }
      await this.evaluations.complete(row.id);
    } catch (error) {
      const message = failureMessage(error);
      if (!(isTransient(error) && row.attempts < JOB_ATTEMPTS && (await this.retryLater(row, message)))) {
        this.logger.warn(`Evaluation ${row.id} failed: ${message}`);
        if (!isForPeople(error)) this.logger.error(error);
        await this.evaluations.fail(row.id, message);
      }
    }
  }

  /** Each variant's vendor model, as its model is now (a tuned one when it has it), and the provider it is on (null: OpenAI). */
  private async variantModels(row: EvaluationRow): Promise<Map<string, VariantModel>> {
    const found = new Map(
      (
        await this.models.openAiModels(
          scopeOf(row),
          row.variants.map((v) => v.model),
        )
      ).map((m): [string, VariantModel] => [m.id, { name: m.outputModel ?? m.baseModel, connectionId: m.connectionId }]),
    );
    const models = new Map<string, VariantModel>();
    for (const variant of row.variants) {
      const model = found.get(variant.model);
      if (!model) throw new EvaluationError(`The model "${variant.modelName}" of variant "${variant.label}" has been deleted; start a new evaluation.`);
      models.set(variant.label, model);
    }
    if (!row.modelId && row.variants.some((v) => v.examplesCount > 0))
      throw new EvaluationError(`The model "${row.modelName}" has been deleted, so its examples can no longer guide the variants; start a new evaluation.`);
    return models;
  }

  private async writeOutput(
    key: string,
    row: EvaluationRow,
    item: EvaluationItemRow,
    variant: EvaluationVariant,
    target: VariantModel,
    heldOut: Set<string>,
  ): Promise<void> {
    const model = target.name;
    const count = Math.min(variant.examplesCount, EXAMPLES_COUNT.max);
    const guide =
      count > 0 && row.modelId ? await this.chooser.choose({ apiKey: key, modelId: row.modelId, count, message: item.prompt, exclude: heldOut }) : null;
    const ask: ChatAsk = {
      model,
      desired: { temperature: null, reasoningEffort: null },
      messages: () => [{ role: 'system', content: item.system }, ...(guide?.messages ?? []), { role: 'user', content: item.prompt }],
    };
    const what = `example ${item.position + 1} for variant "${variant.label}"`;
    const answer = target.connectionId ? await this.providers.complete(scopeOf(row), target.connectionId, ask, what) : await this.chat.complete(key, ask, what);
    await this.evaluations.saveOutput({
      itemId: item.id,
      label: variant.label,
      model,
      text: answer.content,
      rougeL: rougeL(answer.content, item.original),
      promptTokens: answer.usage.promptTokens,
      completionTokens: answer.usage.completionTokens,
      cachedTokens: answer.usage.cachedTokens,
      reasoningTokens: answer.usage.reasoningTokens,
      examples: guide?.used.map((u) => u.uuid) ?? [],
    });
  }

  /** The item's unscored outputs and its original, embedded in one request; similarity below 0 counts as 0. */
  private async scoreItem(key: string, item: EvaluationItemRow): Promise<void> {
    const unscored = (await this.evaluations.outputs([item.id])).filter((o) => o.similarity === null);
    if (unscored.length === 0) return;
    const { vectors } = await this.embeddings.embedTexts(key, [item.original, ...unscored.map((o) => o.text)], 'score the outputs');
    for (const [i, output] of unscored.entries()) await this.evaluations.score(output.id, Math.max(0, Math.min(1, cosine(vectors[0], vectors[i + 1]))));
  }

  /** A passing fault sends it back to the queue, waiting GENERATION_RETRY_SECONDS, doubling (as an article). */
  private async retryLater(row: EvaluationRow, message: string): Promise<boolean> {
    const delayMs = this.config.generationRetrySeconds * 1000 * 2 ** (row.attempts - 1);
    try {
      await this.evaluations.retryLater(row.id, new Date(Date.now() + delayMs), `${message} Trying again in ${Math.round(delayMs / 1000)} s.`);
      await this.queue.send(EVALUATION_QUEUE, { jobId: row.id }, { singletonKey: row.id, startAfter: Math.ceil(delayMs / 1000) });
      return true;
    } catch (error) {
      this.logger.error(error);
      return false;
    }
  }
}

/** A reason an evaluation cannot go on that its operator can act on (the message is for people). */
export class EvaluationError extends UserFacingError {}

function invalid(field: string, message: string): BadRequestException {
  return new BadRequestException({ message: `${field} ${message}`, errors: [{ field, message }] });
}
