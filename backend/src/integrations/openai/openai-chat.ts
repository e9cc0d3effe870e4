import { Injectable } from '@nestjs/common';
import { OpenAiClientFactory, openAiError } from './openai.client';

export interface ChatRequest {
  model: string;
  temperature: number;
  messages: { role: 'system' | 'user'; content: string }[];
  logitBias: Record<string, number>;
}

/** Chat completions through the official SDK; it retries 429 and 5xx, honouring Retry-After. */
@Injectable()
export class OpenAiChat {
  constructor(private readonly clients: OpenAiClientFactory) {}

  /** Home's "Test connection": the key is accepted. */
  async testKey(apiKey: string): Promise<void> {
    try {
      await this.clients.create(apiKey, 0).models.list();
    } catch (error) {
      throw openAiError(error, 'check the key');
    }
  }

  async complete(apiKey: string, request: ChatRequest, what: string): Promise<{ content: string; tokens: number }> {
    try {
      const completion = await this.clients.create(apiKey, 4).chat.completions.create({
        model: request.model,
        temperature: request.temperature,
        messages: request.messages,
        ...(Object.keys(request.logitBias).length > 0 ? { logit_bias: request.logitBias } : {}),
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new Error('the answer was empty');
      return { content, tokens: completion.usage?.total_tokens ?? 0 };
    } catch (error) {
      throw openAiError(error, `write ${what}`);
    }
  }
}
