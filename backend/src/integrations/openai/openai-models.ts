import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { OpenAiClientFactory, openAiError } from './openai.client';

/** How long a key's model list is trusted; OpenAI rarely changes what a key may use. */
const MODEL_LIST_TTL_MS = 5 * 60_000;
/** A failed listing is remembered briefly, so a page of requests does not ask OpenAI again each time. */
const MODEL_LIST_FAILURE_TTL_MS = 30_000;

interface Entry {
  until: number;
  result: Promise<Set<string>>;
}

/**
 * The model ids an API key may use (OpenAI's `GET /v1/models` for that key), remembered per key
 * (by its SHA-256, never the key itself) for a few minutes. Requests for the same key while a
 * listing is under way share it.
 */
@Injectable()
export class OpenAiModels {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly clients: OpenAiClientFactory) {}

  listed(apiKey: string): Promise<Set<string>> {
    const id = fingerprint(apiKey);
    const now = Date.now();
    const hit = this.cache.get(id);
    if (hit && hit.until > now) return hit.result;
    for (const [key, entry] of this.cache) if (entry.until <= now) this.cache.delete(key);
    const entry: Entry = { until: Number.POSITIVE_INFINITY, result: this.fetch(apiKey) };
    this.cache.set(id, entry);
    entry.result.then(
      () => (entry.until = Date.now() + MODEL_LIST_TTL_MS),
      () => (entry.until = Date.now() + MODEL_LIST_FAILURE_TTL_MS),
    );
    return entry.result;
  }

  /** Asks OpenAI again (Home's "Test connection"), so a key given new models shows them at once. */
  refresh(apiKey: string): Promise<Set<string>> {
    this.forget(apiKey);
    return this.listed(apiKey);
  }

  forget(apiKey: string): void {
    this.cache.delete(fingerprint(apiKey));
  }

  private async fetch(apiKey: string): Promise<Set<string>> {
    try {
      const ids = new Set<string>();
      for await (const model of this.clients.create(apiKey, 1).models.list()) ids.add(model.id);
      return ids;
    } catch (error) {
      throw openAiError(error, 'list the models of the key');
    }
  }
}

function fingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}
