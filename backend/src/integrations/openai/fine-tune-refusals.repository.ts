import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { DatabaseService } from '../../database/database.service';
import { FineTuneRefusalRow, fineTuneRefusals } from './fine-tune-refusals.schema';

/** A SHA-256 of the key (never the key itself), as the listing cache and the shared pace keep it. */
const keyHash = (apiKey: string) => createHash('sha256').update(`openai:fine-tuning:${apiKey}`).digest('hex');

/** OpenAI's last refusal to create a fine-tuning job for an API key (the wind-down), kept until a job is created. */
@Injectable()
export class FineTuneRefusalsRepository {
  constructor(private readonly database: DatabaseService) {}

  async find(apiKey: string): Promise<FineTuneRefusalRow | null> {
    const [row] = await this.database.db
      .select()
      .from(fineTuneRefusals)
      .where(eq(fineTuneRefusals.keyHash, keyHash(apiKey)))
      .limit(1);
    return row ?? null;
  }

  async record(apiKey: string, message: string): Promise<void> {
    const refusedAt = new Date();
    await this.database.db
      .insert(fineTuneRefusals)
      .values({ keyHash: keyHash(apiKey), message, refusedAt })
      .onConflictDoUpdate({ target: fineTuneRefusals.keyHash, set: { message, refusedAt } });
  }

  async clear(apiKey: string): Promise<void> {
    await this.database.db.delete(fineTuneRefusals).where(eq(fineTuneRefusals.keyHash, keyHash(apiKey)));
  }
}
