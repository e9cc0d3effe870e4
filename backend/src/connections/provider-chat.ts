import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import { AppConfig } from '../config/config';
import type { AnthropicLink } from '../integrations/anthropic/anthropic-batches';
import {
  AnthropicAsk,
  anthropicClient,
  anthropicCountTokens,
  anthropicError,
  anthropicMessage,
  anthropicParams,
  anthropicRefusal,
} from '../integrations/anthropic/anthropic.client';
import { compatibleClient, compatibleError } from '../integrations/openai-compatible/compatible.client';
import { geminiClient, geminiCountTokens, geminiError, geminiGenerate, GeminiThinking, geminiRefusal } from '../integrations/gemini/gemini.client';
import {
  GEMINI_LEVEL_REFUSAL,
  GEMINI_LEVEL_REFUSED,
  GEMINI_NAMES,
  geminiBudgetNote,
  geminiLevelNote,
  geminiThinking,
} from '../integrations/gemini/gemini-thinking';
import { ChatPlan, namedRefusal, ParameterNote, planChat } from '../integrations/openai/chat-parameters';
import { sendLearning } from '../integrations/openai/learned-request';
import { ModelParameters, parameterKey } from '../integrations/openai/model-parameters';
import { ChatAnswer, ChatAsk, ChatMessage, chatBody } from '../integrations/openai/openai-chat';
import { isOpenAiApiError, openAiWords } from '../integrations/openai/openai.client';
import { BATCH_PRICE, costOf, priceOf } from '../integrations/openai/prices';
import { Metrics } from '../metrics/metrics';
import { Scope } from '../workspaces/scope';
import { CONNECTION_VENDORS } from './connection-vendors';
import { ConnectionsService } from './connections.service';
import { ModelConnectionRow } from './connections.schema';
import { IntegrationError } from '../common/integration-error';
import { UserFacingError } from '../common/user-facing-error';

/** What a section may ask of Anthropic at most, before Anthropic says the model's own limit (its refusal names it, and it is kept). */
const ANTHROPIC_MAX_TOKENS = 16_384;

/** Anthropic's efforts for the section's (`none`: no reasoning asked; `minimal`: its least, low). */
const ANTHROPIC_EFFORT: Record<string, string | undefined> = {
  none: undefined,
  minimal: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'xhigh',
  max: 'max',
};

/**
 * Writing through a workspace's model providers beside OpenAI, one request at a time: each vendor's
 * official SDK, the parameters it has not refused for the model (learned from its refusals as
 * OpenAI's are, kept per provider and model), and no `logit_bias` — OpenAI alone takes it, so a
 * section's word list is named in the instructions instead (section-writer.ts).
 */
@Injectable()
export class ProviderChat {
  constructor(
    private readonly connections: ConnectionsService,
    private readonly parameters: ModelParameters,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The workspace's provider a model is on; refused in words when it has been removed since the model was chosen. */
  async provider(scope: Scope, connectionId: string, what: string): Promise<ModelConnectionRow> {
    const row = await this.connections.find(scope, connectionId);
    if (!row) throw new UserFacingError(`Quire cannot write ${what}: its model provider has been removed; choose another model.`);
    return row;
  }

  /** One request through the workspace's provider (looked up by id). */
  async complete(scope: Scope, connectionId: string, ask: ChatAsk, what: string): Promise<ChatAnswer> {
    return this.write(await this.provider(scope, connectionId, what), ask, what);
  }

  /** One request through a provider, sent with what its vendor has not refused for the model, learning from a refusal. */
  async write(row: ModelConnectionRow, ask: ChatAsk, what: string): Promise<ChatAnswer> {
    const writer = this.writerFor(row, ask.model);
    if (!writer)
      throw new UserFacingError(`Quire cannot write ${what} through ${CONNECTION_VENDORS[row.kind]?.label ?? row.kind}: choose a model on another provider.`);
    let messages: ChatMessage[] = [];
    const { answer, plan } = await this.learning(writer, ask, (plan) => (messages = ask.messages(plan)), `write ${what} with ${ask.model}`);
    return this.answered(ask.model, answer, answer.note ? withNote(plan, answer.note) : plan, messages, what, writer.service);
  }

  /**
   * A request through the vendor's writer: the parameters planned from what the model is known to
   * take, one refused parameter learned and the request sent again without it (sendLearning), and a
   * failure told in the vendor's words.
   */
  private async learning(writer: VendorWriter, ask: ChatAsk, messagesFor: (plan: ChatPlan) => ChatMessage[], doing: string) {
    try {
      return await sendLearning(this.parameters, {
        key: writer.key,
        listedCreated: null,
        desired: ask.desired,
        adapt: writer.adapt,
        send: (plan) => writer.send(plan, messagesFor(plan)),
        refused: writer.refused,
      });
    } catch (error) {
      throw writer.failed(error, doing);
    }
  }

  /** How a request goes to the provider's vendor (null for a vendor Quire does not write through). */
  private writerFor(row: ModelConnectionRow, model: string): VendorWriter | null {
    const key = parameterKey(row.id, model);
    switch (row.kind) {
      case 'anthropic':
        return {
          key,
          service: 'Anthropic',
          adapt: anthropicPlan,
          send: (plan, messages) => this.anthropic(row, model, plan, messages),
          refused: (plan, error) => {
            const refusal = anthropicRefusal(error);
            return refusal ? namedRefusal(plan, refusal.status, refusal.words ?? '', ANTHROPIC_NAMES) : null;
          },
          failed: anthropicError,
        };
      case 'openai-compatible':
        return {
          key,
          service: `"${row.name}"`,
          adapt: (plan) => withoutLogitBias(plan, CONNECTION_VENDORS[row.kind].label),
          send: (plan, messages) => this.compatible(row, model, plan, messages),
          refused: (plan, error) => (isOpenAiApiError(error) ? namedRefusal(plan, error.status, openAiWords(error) ?? '', COMPATIBLE_NAMES) : null),
          failed: (error, doing) => compatibleError(row.name, error, doing),
        };
      case 'gemini':
        return {
          key,
          service: 'Gemini',
          adapt: (plan) => withoutLogitBias(plan, CONNECTION_VENDORS[row.kind].label),
          send: (plan, messages) => this.gemini(row, model, key, plan, messages),
          refused: (plan, error) => {
            const refusal = geminiRefusal(error);
            const learned = refusal ? namedRefusal(plan, refusal.status, refusal.words ?? '', GEMINI_NAMES) : null;
            // A model that only works thinking refuses 'none' (a budget of 0), not the other efforts.
            return learned?.feature === 'reasoning_effort' && plan.reasoningEffort === 'none' ? { ...learned, feature: 'reasoning_effort=none' } : learned;
          },
          failed: geminiError,
        };
      default:
        return null;
    }
  }

  /** A chat completion from an OpenAI-compatible server, through the `openai` SDK pointed at its base URL. */
  private async compatible(row: ModelConnectionRow, model: string, plan: ChatPlan, messages: ChatMessage[]): Promise<Sent> {
    const { connection, fetch } = this.connections.open(row);
    const completion = await compatibleClient(row.name, connection.baseUrl ?? '', connection.apiKey, fetch, 4).chat.completions.create(
      chatBody(model, plan, messages),
    );
    const usage = completion.usage;
    return {
      content: completion.choices?.[0]?.message?.content ?? '',
      usage: {
        promptTokens: usage?.prompt_tokens ?? 0,
        completionTokens: usage?.completion_tokens ?? 0,
        cachedTokens: usage?.prompt_tokens_details?.cached_tokens ?? 0,
        reasoningTokens: usage?.completion_tokens_details?.reasoning_tokens ?? 0,
      },
    };
  }

  /**
   * Texts' tokens as the provider's vendor counts them for the model — Anthropic's
   * `messages/count_tokens`, Gemini's `models.countTokens`, both free and writing nothing — each text
   * sent as one user message; null where the vendor has no count endpoint (an OpenAI-compatible
   * server) or the provider is gone. A refusal or a failure is thrown in the vendor's words.
   */
  async countTokens(scope: Scope, connectionId: string, model: string, texts: string[]): Promise<number[] | null> {
    const row = await this.connections.find(scope, connectionId);
    if (!row) return null;
    const { connection, fetch } = this.connections.open(row);
    const doing = `count the tokens of a prompt for ${model}`;
    switch (row.kind) {
      case 'anthropic': {
        const client = anthropicClient(connection.apiKey ?? '', this.config.anthropicBaseUrl, fetch, 1);
        return Promise.all(texts.map((text) => anthropicCountTokens(client, model, text))).catch((error: unknown) => {
          throw anthropicError(error, doing);
        });
      }
      case 'gemini': {
        const client = geminiClient(connection.apiKey ?? '', this.config.geminiBaseUrl, fetch, 2);
        return Promise.all(texts.map((text) => geminiCountTokens(client, model, text))).catch((error: unknown) => {
          throw geminiError(error, doing);
        });
      }
      default:
        return null;
    }
  }

  /**
   * Gemini's generateContent, the section's effort as a thinking level — or as a budget to a model
   * that has refused levels (Gemini 2.5), and 'none' always as a budget of 0 (levels have no "off").
   */
  private async gemini(row: ModelConnectionRow, model: string, key: string, plan: ChatPlan, messages: ChatMessage[]): Promise<Sent> {
    const { connection, fetch } = this.connections.open(row);
    const client = geminiClient(connection.apiKey ?? '', this.config.geminiBaseUrl, fetch, 4);
    const sendWith = (thinking?: GeminiThinking) => geminiGenerate(client, { model, ...systemApart(messages), temperature: plan.temperature, thinking });
    const effort = plan.reasoningEffort;
    if (!effort) return sendWith();
    const levelRefused = (await this.parameters.known(key, null)).refused[GEMINI_LEVEL_REFUSED];
    const byBudget = async (reason: string | null) => ({ ...(await sendWith(geminiThinking(effort, true))), note: geminiBudgetNote(effort, reason) });
    if (effort === 'none' || levelRefused) return byBudget(levelRefused?.reason ?? null);
    try {
      return { ...(await sendWith(geminiThinking(effort, false))), note: geminiLevelNote(effort) };
    } catch (error) {
      // "Thinking level is not supported for this model.": kept for the model, and the same request sent at once with a budget.
      const refusal = geminiRefusal(error);
      if (refusal?.status !== 400 || !GEMINI_LEVEL_REFUSAL.test(refusal.words ?? '')) throw error;
      await this.parameters.refuse(key, GEMINI_LEVEL_REFUSED, { reason: refusal.words ?? '' }, null);
      return byBudget(refusal.words);
    }
  }

  private async anthropic(row: ModelConnectionRow, model: string, plan: ChatPlan, messages: ChatMessage[]): Promise<Sent> {
    const { connection, fetch } = this.connections.open(row);
    const client = anthropicClient(connection.apiKey ?? '', this.config.anthropicBaseUrl, fetch, 4);
    const asked = await this.anthropicAsk(row, model, plan, messages);
    try {
      return await anthropicMessage(client, asked);
    } catch (error) {
      const most = await this.learnMaxTokens(row.id, model, anthropicRefusal(error)?.words ?? '');
      if (most === null) throw error;
      return anthropicMessage(client, { ...asked, maxTokens: most });
    }
  }

  /**
   * A section's request to Anthropic for a plan: the system prompt apart, the rest of the messages
   * as they are, the effort in Anthropic's words, and the most it may write — what Anthropic's
   * listing says of the model, else what a refusal named, within Quire's own bound. The one
   * planning of a message sent at once and of a request of a message batch.
   */
  private async anthropicAsk(row: ModelConnectionRow, model: string, plan: ChatPlan, messages: ChatMessage[]): Promise<AnthropicAsk> {
    const listed = (await this.connections.listed(row).catch(() => [])).find((m) => m.id === model)?.maxTokens ?? undefined;
    const limit = listed ?? (await this.parameters.known(parameterKey(row.id, model), null)).refused['max_tokens']?.max;
    return {
      model,
      maxTokens: Math.min(ANTHROPIC_MAX_TOKENS, limit ?? ANTHROPIC_MAX_TOKENS),
      ...systemApart(messages),
      temperature: plan.temperature,
      effort: plan.reasoningEffort ? ANTHROPIC_EFFORT[plan.reasoningEffort] : undefined,
    };
  }

  /**
   * "max_tokens: 16384 > 8192, which is the maximum allowed number of output tokens for …": the
   * model's own limit, kept for the provider's model; answers it (null when the words say no such thing).
   */
  private async learnMaxTokens(connectionId: string, model: string, words: string): Promise<number | null> {
    const most = /max_tokens: \d+ > (\d+)/.exec(words)?.[1];
    if (!most) return null;
    await this.parameters.refuse(parameterKey(connectionId, model), 'max_tokens', { reason: words, max: Number(most) }, null);
    return Number(most);
  }

  /**
   * A section's request planned for a bulk template's batch on this provider, as it would be sent
   * at once (the parameters the vendor has not refused for the model, planned as `complete` plans
   * them); a feature not yet tried is tried first (tryParameters), and each request's result still
   * teaches (learnFromLine).
   * Null when the provider's vendor has no batches Quire uses: the section is then written at once.
   */
  async planLine(row: ModelConnectionRow, ask: ChatAsk, what: string): Promise<{ plan: ChatPlan; body: Record<string, unknown> } | null> {
    if (row.kind !== 'anthropic') return null;
    const key = parameterKey(row.id, ask.model);
    let plan = anthropicPlan(planChat(ask.desired, await this.parameters.known(key, null)));
    if (plan.unknown.length > 0) {
      await this.tryParameters(row, ask, what);
      plan = anthropicPlan(planChat(ask.desired, await this.parameters.known(key, null)));
    }
    const body = anthropicParams(await this.anthropicAsk(row, ask.model, plan, ask.messages(plan)));
    return { plan, body: body as unknown as Record<string, unknown> };
  }

  /**
   * Parameters the model has not been sent yet are tried before a batch carries them: one short
   * message sent at once with them (learning as every request does, one refused request at most),
   * so a round of a new model is not refused whole a day later. It costs a few tokens, counted in
   * the metrics; its answer is not kept.
   */
  private async tryParameters(row: ModelConnectionRow, ask: ChatAsk, what: string): Promise<void> {
    const { answer } = await this.learning(this.writerFor(row, ask.model)!, ask, () => TRIAL_MESSAGES, `try the settings of ${what} on ${ask.model}`);
    this.metrics.spent(ask.model, answer.usage, costOf(answer.usage, priceOf(ask.model, this.config.openAiPrices)));
  }

  /**
   * What a batch request's result teaches, as a refusal of a request sent at once would: an answer
   * accepts the plan's untried features; a refusal naming one of them, or the model's max_tokens,
   * is kept for the provider's model, so the next request goes without it. True when a refusal taught that.
   */
  async learnFromLine(connectionId: string, model: string, plan: ChatPlan, outcome: { status: number; words: string } | 'written'): Promise<boolean> {
    const key = parameterKey(connectionId, model);
    if (outcome === 'written') {
      if (plan.unknown.length > 0) await this.parameters.accept(key, plan.features, null);
      return false;
    }
    if ((await this.learnMaxTokens(connectionId, model, outcome.words)) !== null) return true;
    const learned = namedRefusal(plan, outcome.status, outcome.words, ANTHROPIC_NAMES);
    if (!learned) return false;
    await this.parameters.refuse(key, learned.feature, learned.refusal, null);
    return true;
  }

  /** A batch request's answer counted in the metrics at the batch price (its cost where Quire knows the model's price). */
  spentInBatch(model: string, usage: ChatAnswer['usage']): void {
    const cost = costOf(usage, priceOf(model, this.config.openAiPrices));
    this.metrics.spent(model, usage, cost === null ? null : cost * BATCH_PRICE);
  }

  /** A client of the workspace's Anthropic provider with as many retries as asked; null when the provider is gone or is another vendor's. */
  async anthropicLink(scope: Scope, connectionId: string): Promise<AnthropicLink | null> {
    const row = await this.connections.find(scope, connectionId);
    if (row?.kind !== 'anthropic') return null;
    const { connection, fetch } = this.connections.open(row);
    return (retries) => anthropicClient(connection.apiKey ?? '', this.config.anthropicBaseUrl, fetch, retries);
  }

  /** The answer as every writer reads it, counted in the metrics (its cost where Quire knows the model's price). */
  private answered(
    model: string,
    answer: { content: string; usage: ChatAnswer['usage'] },
    plan: ChatPlan,
    messages: ChatMessage[],
    what: string,
    service: IntegrationError['service'],
  ): ChatAnswer {
    if (!answer.content) throw new IntegrationError(service, `answered ${what} with no text; try again.`);
    const cost = costOf(answer.usage, priceOf(model, this.config.openAiPrices));
    this.metrics.spent(model, answer.usage, cost);
    return { content: answer.content, tokens: answer.usage.promptTokens + answer.usage.completionTokens, usage: answer.usage, plan, messages };
  }
}

/** What a vendor answered a request with; `note` says how a setting was sent in the vendor's words. */
interface Sent {
  content: string;
  usage: ChatAnswer['usage'];
  note?: ParameterNote | null;
}

/** One vendor's part of a request: the plan as it can take it, the request, its refusals and its errors in Quire's words. */
interface VendorWriter {
  /** Where what the vendor refuses for the model is kept: `<provider id>:<model id>`. */
  key: string;
  service: IntegrationError['service'];
  adapt(plan: ChatPlan): ChatPlan;
  send(plan: ChatPlan, messages: ChatMessage[]): Promise<Sent>;
  refused(plan: ChatPlan, error: unknown): ReturnType<typeof namedRefusal>;
  failed(error: unknown, doing: string): Error;
}

/** The message that tries a model's parameters before a batch carries them: its answer is not kept. */
const TRIAL_MESSAGES: ChatMessage[] = [{ role: 'user', content: 'Reply with OK.' }];

const ANTHROPIC_NAMES = { temperature: ['temperature', 'top_p', 'top_k'], reasoningEffort: ['effort', 'output_config.effort', 'thinking'] };
const COMPATIBLE_NAMES = { temperature: ['temperature'], reasoningEffort: ['reasoning_effort'] };

/** OpenAI alone takes logit_bias: the section's list goes by instruction, and History says why. */
function withoutLogitBias(plan: ChatPlan, vendor: string): ChatPlan {
  if (!plan.logitBias) return plan;
  return {
    ...plan,
    logitBias: undefined,
    features: plan.features.filter((feature) => feature !== 'logit_bias'),
    unknown: plan.unknown.filter((feature) => feature !== 'logit_bias'),
    notes: [...plan.notes, { parameter: 'logit_bias', reason: `${vendor} has no logit_bias: the list's words were named in the instructions.` }],
  };
}

/** The system prompt apart (Anthropic's and Gemini's requests carry it beside the turns), the rest alternating user and assistant. */
function systemApart(messages: ChatMessage[]): { system: string; messages: { role: 'user' | 'assistant'; content: string }[] } {
  return {
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n\n'),
    messages: messages.filter((m) => m.role !== 'system') as { role: 'user' | 'assistant'; content: string }[],
  };
}

/** A plan as Anthropic can take it: no logit_bias, and the effort in its words (History says what differs). */
function anthropicPlan(plan: ChatPlan): ChatPlan {
  return anthropicEffort(withoutLogitBias(plan, CONNECTION_VENDORS.anthropic.label));
}

/** An effort Anthropic does not name (OpenAI's `minimal`) is sent as its nearest, and History says so. */
function anthropicEffort(plan: ChatPlan): ChatPlan {
  if (!plan.reasoningEffort || ANTHROPIC_EFFORT[plan.reasoningEffort] === plan.reasoningEffort) return plan;
  const sent = ANTHROPIC_EFFORT[plan.reasoningEffort];
  const reason = sent
    ? `Anthropic has no '${plan.reasoningEffort}' effort: Quire sent '${sent}'.`
    : "Anthropic's models reason only when asked: no effort was sent.";
  return { ...plan, notes: [...plan.notes, { parameter: 'reasoning_effort', reason }] };
}

/** The plan with one more note (joined to the parameter's note when it has one). */
function withNote(plan: ChatPlan, note: ParameterNote): ChatPlan {
  const existing = plan.notes.find((n) => n.parameter === note.parameter);
  if (!existing) return { ...plan, notes: [...plan.notes, note] };
  return { ...plan, notes: plan.notes.map((n) => (n === existing ? { ...n, reason: `${n.reason} ${note.reason}` } : n)) };
}
