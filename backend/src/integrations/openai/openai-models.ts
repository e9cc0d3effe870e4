import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { OpenAiClientFactory, openAiError } from './openai.client';

/** How long a key's model list is trusted; OpenAI rarely changes what a key may use. */
const MODEL_LIST_TTL_MS = 5 * 60_000;
/** A failed listing is remembered briefly, so a page of requests does not ask OpenAI again each time. */
const MODEL_LIST_FAILURE_TTL_MS = 30_000;

/** One model as `GET /v1/models` lists it for a key. */
export interface ListedModel {
  id: string;
  /** Unix seconds: when OpenAI made this model (a new snapshot under an id lists it anew). */
  created: number;
  /** yyyy-MM-dd: the day OpenAI shuts it down, or null when none is announced. */
  shutdownDate: string | null;
  ownedBy: string;
}

/** A key's listing, by model id. */
export type Lineup = ReadonlyMap<string, ListedModel>;

interface Entry {
  until: number;
  result: Promise<Lineup>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The models an API key may use, as OpenAI's `GET /v1/models` lists them for that key (with their
 * `created` and `shutdown_date`: the vendor is the authority on what exists and when it stops),
 * remembered per key (by its SHA-256, never the key itself) for a few minutes. Requests for the
 * same key while a listing is under way share it.
 */
@Injectable()
export class OpenAiModels {
  private readonly cache = new Map<string, Entry>();

  constructor(private readonly clients: OpenAiClientFactory) {}

  listed(apiKey: string): Promise<Lineup> {
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
  refresh(apiKey: string): Promise<Lineup> {
    this.forget(apiKey);
    return this.listed(apiKey);
  }

  forget(apiKey: string): void {
    this.cache.delete(fingerprint(apiKey));
  }

  private async fetch(apiKey: string): Promise<Lineup> {
    try {
      const lineup = new Map<string, ListedModel>();
      for await (const model of this.clients.create(apiKey, 1).models.list()) {
        const shutdown = model.shutdown_date;
        lineup.set(model.id, {
          id: model.id,
          created: typeof model.created === 'number' ? model.created : 0,
          shutdownDate: typeof shutdown === 'string' && ISO_DAY.test(shutdown) ? shutdown : null,
          ownedBy: typeof model.owned_by === 'string' ? model.owned_by : '',
        });
      }
      return lineup;
    } catch (error) {
      throw openAiError(error, 'list the models of the key');
    }
  }
}

function fingerprint(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}
