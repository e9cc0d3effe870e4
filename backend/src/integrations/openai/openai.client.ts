import { Inject, Injectable } from '@nestjs/common';
import OpenAI, { APIError } from 'openai';
import { APP_CONFIG } from '../../config/config.module';
import { AppConfig } from '../../config/config';
import { IntegrationError } from '../../common/integration-error';

/** OpenAI SDK clients for a user's key, pointed at OPENAI_BASE_URL when it is set. */
@Injectable()
export class OpenAiClientFactory {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  create(apiKey: string, maxRetries = 2): OpenAI {
    return new OpenAI({ apiKey, baseURL: this.config.openAiBaseUrl ?? undefined, maxRetries, timeout: 120_000 });
  }
}

/** Turns an SDK error into a message that says what went wrong and what to do. */
export function openAiError(error: unknown, action: string): IntegrationError {
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 401) {
      return new IntegrationError('OpenAI', `rejected the API key saved on Home while trying to ${action}; check the key and save it again.`, status);
    }
    if (status === 429) return new IntegrationError('OpenAI', `is rate-limiting this key (${action}); try again in a minute.`, status);
    const detail = (error.error as { message?: string } | undefined)?.message ?? error.message;
    return new IntegrationError('OpenAI', `could not ${action}: ${detail}`, status);
  }
  return new IntegrationError('OpenAI', `could not be reached to ${action}: ${(error as Error).message}`);
}
