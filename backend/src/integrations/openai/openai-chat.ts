import { Inject, Injectable } from '@nestjs/common';
import { IntegrationError } from '../../common/integration-error';
import { ChatPlan, DesiredParameters, planChat, refusedFeature } from './chat-parameters';
import { sendLearning } from './learned-request';
import { ModelParameters } from './model-parameters';
import { modelFacts } from './model-catalogue';
import { isOpenAiApiError, OpenAiClientFactory, openAiCode, openAiError, openAiWords } from './openai.client';
import { OpenAiModels } from './openai-models';
import { BATCH_PRICE, costOf, priceOf, type TokenUsage } from './prices';
export { BATCH_PRICE };
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { Metrics } from '../../metrics/metrics';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A chat request: the model, what the section asks of it, and its messages for the parameters that will be sent. */
export interface ChatAsk {
  model: string;
  desired: DesiredParameters;
  /** The messages for a plan: a section names its word list in them when logit_bias is not sent. */
  messages(plan: ChatPlan): ChatMessage[];
}

export interface ChatAnswer {
  content: string;
  /** The API's total_tokens. */
  tokens: number;
  /** As the API reports it; completion tokens include the reasoning tokens (priced as output). */
  usage: TokenUsage & { reasoningTokens: number };
  /** What was sent: the parameters, and the settings that were not sent as asked (and why). */
  plan: ChatPlan;
  messages: ChatMessage[];
}

/** The parts of a chat completion Quire reads, from the SDK or from a batch's output line. */
interface ChatCompletionLike {
  choices?: { message?: { content?: string | null } }[];
  usage?: {
    prompt_tokens?: number;
    completion_tokens?: number;
    total_tokens?: number;
    prompt_tokens_details?: { cached_tokens?: number };
    completion_tokens_details?: { reasoning_tokens?: number };
  };
}

/** The chat completion's body for a plan: the one place a request's parameters are put together. */
export function chatBody(model: string, plan: ChatPlan, messages: ChatMessage[]) {
  return {
    model,
    messages,
    ...(plan.temperature !== undefined ? { temperature: plan.temperature } : {}),
    ...(plan.reasoningEffort !== undefined ? { reasoning_effort: plan.reasoningEffort } : {}),
    ...(plan.logitBias ? { logit_bias: plan.logitBias } : {}),
  };
}

/**
 * Chat completions through the official SDK; it retries 429 and 5xx, honouring Retry-After. The
 * parameters sent are those OpenAI has not refused for the model (chat-parameters.ts): a refusal
 * of one is kept (model-parameters.ts) and the request sent again at once without it, so it costs
 * nothing and no later request, in any server, asks again.
 */
@Injectable()
export class OpenAiChat {
  constructor(
    private readonly clients: OpenAiClientFactory,
    private readonly models: OpenAiModels,
    private readonly parameters: ModelParameters,
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Home's "Test connection": the key is accepted; the list of its models is read afresh. */
  async testKey(apiKey: string): Promise<void> {
    await this.models.refresh(apiKey);
  }

  async complete(apiKey: string, ask: ChatAsk, what: string): Promise<ChatAnswer> {
    const listedCreated = await this.listedCreated(apiKey, ask.model);
    let messages: ChatMessage[] = [];
    try {
      const { answer, plan } = await sendLearning(this.parameters, {
        key: ask.model,
        listedCreated,
        desired: ask.desired,
        send: (plan) => {
          messages = ask.messages(plan);
          return this.send(apiKey, ask.model, plan, messages, what);
        },
        refused: (plan, error) =>
          isOpenAiApiError(error)
            ? refusedFeature(plan, { status: error.status, code: error.code ?? null, param: error.param ?? null, message: openAiWords(error) ?? '' })
            : null,
      });
      return { ...answer, plan, messages };
    } catch (error) {
      throw (await this.shutDown(apiKey, ask.model, error)) ?? openAiError(error, `write ${what}`);
    }
  }

  private async send(apiKey: string, model: string, plan: ChatPlan, messages: ChatMessage[], what: string) {
    const completion = await this.clients.create(apiKey, 4).chat.completions.create(chatBody(model, plan, messages));
    return this.answerOf(model, completion, what, false);
  }

  /**
   * A chat completion's text and usage, counted in the metrics at its price (half for a batch
   * line). Throws when it holds no text.
   */
  answerOf(model: string, completion: ChatCompletionLike, what: string, batch: boolean) {
    const content = completion.choices?.[0]?.message?.content;
    if (!content) throw new IntegrationError('OpenAI', `answered ${what} with no text; try again.`);
    const usage = {
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      cachedTokens: completion.usage?.prompt_tokens_details?.cached_tokens ?? 0,
      reasoningTokens: completion.usage?.completion_tokens_details?.reasoning_tokens ?? 0,
    };
    const cost = costOf(usage, priceOf(model, this.config.openAiPrices));
    this.metrics.spent(model, usage, cost === null ? null : batch ? cost * BATCH_PRICE : cost);
    return { content, tokens: completion.usage?.total_tokens ?? usage.promptTokens + usage.completionTokens, usage };
  }

  /**
   * A request planned but not sent: a batch line. The parameters are those OpenAI has not
   * refused for the model, as for a request sent now; a feature not yet tried goes as asked, and the
   * line's answer teaches Quire (learnFromLine).
   */
  async plan(apiKey: string, ask: ChatAsk): Promise<{ plan: ChatPlan; messages: ChatMessage[]; body: Record<string, unknown> }> {
    const plan = planChat(ask.desired, await this.parameters.known(ask.model, await this.listedCreated(apiKey, ask.model)));
    const messages = ask.messages(plan);
    return { plan, messages, body: chatBody(ask.model, plan, messages) };
  }

  /**
   * What a batch line's answer teaches: an answer accepts the plan's untried features; a refusal
   * of one of them is kept (so the next line goes without it). True when the refusal taught that.
   */
  async learnFromLine(apiKey: string, model: string, plan: ChatPlan, status: number, error: Record<string, unknown> | null): Promise<boolean> {
    const listedCreated = await this.listedCreated(apiKey, model);
    if (status >= 200 && status < 300) {
      if (plan.unknown.length > 0) await this.parameters.accept(model, plan.features, listedCreated);
      return false;
    }
    const text = (key: string) => (typeof error?.[key] === 'string' ? (error[key] as string) : null);
    const learned = refusedFeature(plan, { status, code: text('code'), param: text('param'), message: text('message') ?? '' });
    if (!learned) return false;
    await this.parameters.refuse(model, learned.feature, learned.refusal, listedCreated);
    return true;
  }

  /**
   * OpenAI's 404 `model_not_found` for a model it has shut down ("has been deprecated", or its
   * shut-down day has passed): a refusal that no retry mends, saying which model, since when and
   * where to replace it. Null for any other error.
   */
  private async shutDown(apiKey: string, model: string, error: unknown): Promise<ModelShutDownError | null> {
    if (!isOpenAiApiError(error) || error.status !== 404 || openAiCode(error) !== 'model_not_found') return null;
    const words = openAiWords(error) ?? '';
    let listed: string | null = null;
    try {
      listed = (await this.models.listed(apiKey)).get(model)?.shutdownDate ?? null;
    } catch {
      // The listing is only a source of the date.
    }
    const since = listed ?? modelFacts(model)?.shutDown ?? null;
    const today = new Date().toISOString().slice(0, 10);
    if (!/has been deprecated/i.test(words) && !(since && since <= today)) return null;
    return new ModelShutDownError(model, since, words);
  }

  /** The model's `created` in the key's listing (a tuned model is listed too); null when it cannot be read. */
  private async listedCreated(apiKey: string, model: string): Promise<number | null> {
    try {
      return (await this.models.listed(apiKey)).get(model)?.created ?? null;
    } catch {
      return null;
    }
  }
}

/** OpenAI has shut the model down: nothing writes with it again until it is replaced. */
export class ModelShutDownError extends IntegrationError {
  constructor(
    readonly model: string,
    readonly since: string | null,
    words: string,
  ) {
    super(
      'OpenAI',
      `has shut down ${model}${since ? ` (on ${since})` : ''}, so nothing can be written with it (OpenAI said: ${words}). Replace it on the Models screen ("Replace"), which moves every section and article using it to another model.`,
      404,
    );
  }
}
