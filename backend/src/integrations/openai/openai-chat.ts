import { Injectable } from '@nestjs/common';
import { IntegrationError } from '../../common/integration-error';
import { OpenAiClientFactory, openAiError } from './openai.client';
import { OpenAiModels } from './openai-models';
import type { TokenUsage } from './prices';

/** A chat request; `temperature` and `logitBias` are left out for models that refuse them (see chatParametersFor). */
interface ChatRequest {
  model: string;
  temperature?: number;
  messages: { role: 'system' | 'user'; content: string }[];
  logitBias?: Record<string, number>;
}

/** Chat completions through the official SDK; it retries 429 and 5xx, honouring Retry-After. */
@Injectable()
export class OpenAiChat {
  constructor(
    private readonly clients: OpenAiClientFactory,
    private readonly models: OpenAiModels,
  ) {}

  /** Home's "Test connection": the key is accepted; the list of its models is read afresh. */
  async testKey(apiKey: string): Promise<void> {
    await this.models.refresh(apiKey);
  }

  /** The text, and the tokens as the API's `usage` reports them (`tokens` their total). */
  async complete(apiKey: string, request: ChatRequest, what: string): Promise<{ content: string; tokens: number; usage: TokenUsage }> {
    let completion;
    try {
      completion = await this.clients.create(apiKey, 4).chat.completions.create({
        model: request.model,
        messages: request.messages,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.logitBias && Object.keys(request.logitBias).length > 0 ? { logit_bias: request.logitBias } : {}),
      });
    } catch (error) {
      throw openAiError(error, `write ${what}`);
    }
    const content = completion.choices[0]?.message?.content;
    if (!content) throw new IntegrationError('OpenAI', `answered ${what} with no text; try again.`);
    const usage: TokenUsage = {
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      cachedTokens: completion.usage?.prompt_tokens_details?.cached_tokens ?? 0,
    };
    return { content, tokens: completion.usage?.total_tokens ?? usage.promptTokens + usage.completionTokens, usage };
  }
}
