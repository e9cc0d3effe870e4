import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, or } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { DatabaseService } from '../../database/database.service';
import { fineTuneRefusals, WHOLE_ACCOUNT } from './fine-tune-refusals.schema';

/** A SHA-256 of the key (never the key itself), as the listing cache and the shared pace keep it. */
const keyHash = (apiKey: string) => createHash('sha256').update(`openai:fine-tuning:${apiKey}`).digest('hex');

/**
 * How long OpenAI's refusal of a base model is taken as its answer for the key: within it a start
 * is refused at once, uploading nothing; after it the next start asks OpenAI again, which may have
 * opened the model to fine-tuning meanwhile.
 */
export const MODEL_REFUSAL_HOLDS_MS = 7 * 24 * 3600_000;

/** What OpenAI said no to, in its words: one base model as sent (`model`), or the whole account (`model` null). */
export interface FineTuneRefusal {
  model: string | null;
  message: string;
  refusedAt: Date;
  /** A model's refusal: when Quire asks OpenAI again. The account's is asked again at every start. */
  until: Date | null;
}

/** The refusal that holds for a base model as sent: its own, else the account's. */
export function refusalFor(refusals: FineTuneRefusal[], model: string): FineTuneRefusal | null {
  return refusals.find((refusal) => refusal.model === model) ?? refusals.find((refusal) => refusal.model === null) ?? null;
}

/**
 * OpenAI's last refusals to create a fine-tuning job for an API key: of the account (the
 * wind-down), kept until a job is created, and of each base model, held MODEL_REFUSAL_HOLDS_MS.
 */
@Injectable()
export class FineTuneRefusalsRepository {
  constructor(private readonly database: DatabaseService) {}

  /** The key's refusals that hold now: the account's and each model's still held. */
  async forKey(apiKey: string): Promise<FineTuneRefusal[]> {
    const heldSince = new Date(Date.now() - MODEL_REFUSAL_HOLDS_MS);
    const rows = await this.database.db
      .select()
      .from(fineTuneRefusals)
      .where(and(eq(fineTuneRefusals.keyHash, keyHash(apiKey)), or(eq(fineTuneRefusals.model, WHOLE_ACCOUNT), gt(fineTuneRefusals.refusedAt, heldSince))));
    return rows.map((row) => {
      const ofModel = row.model !== WHOLE_ACCOUNT;
      return {
        model: ofModel ? row.model : null,
        message: row.message,
        refusedAt: row.refusedAt,
        until: ofModel ? new Date(row.refusedAt.getTime() + MODEL_REFUSAL_HOLDS_MS) : null,
      };
    });
  }

  /** OpenAI refused `model` (null: the whole account) for the key, in these words. */
  async record(apiKey: string, model: string | null, message: string): Promise<void> {
    const refusedAt = new Date();
    await this.database.db
      .insert(fineTuneRefusals)
      .values({ keyHash: keyHash(apiKey), model: model ?? WHOLE_ACCOUNT, message, refusedAt })
      .onConflictDoUpdate({ target: [fineTuneRefusals.keyHash, fineTuneRefusals.model], set: { message, refusedAt } });
  }

  /** OpenAI created a job on `model` for the key: neither the account nor that model is refused any longer. */
  async clear(apiKey: string, model: string): Promise<void> {
    await this.database.db
      .delete(fineTuneRefusals)
      .where(and(eq(fineTuneRefusals.keyHash, keyHash(apiKey)), inArray(fineTuneRefusals.model, [WHOLE_ACCOUNT, model])));
  }
}
