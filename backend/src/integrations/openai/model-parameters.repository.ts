import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DatabaseService } from '../../database/database.service';
import { ModelParametersRow, openAiModelParameters, ParameterRefusal } from './model-parameters.schema';

const t = openAiModelParameters;

/** What OpenAI told of each model's parameters (model-parameters.schema.ts), as single statements several processes may run at once. */
@Injectable()
export class ModelParametersRepository {
  constructor(private readonly database: DatabaseService) {}

  async find(model: string): Promise<ModelParametersRow | null> {
    const [row] = await this.database.db.select().from(t).where(eq(t.model, model)).limit(1);
    return row ?? null;
  }

  async findMany(models: string[]): Promise<ModelParametersRow[]> {
    if (models.length === 0) return [];
    return this.database.db.select().from(t).where(inArray(t.model, models));
  }

  /** Everything known of a model forgotten (OpenAI listed it anew); a probe under way keeps its lease. */
  async forget(model: string, listedCreated: number | null): Promise<void> {
    await this.database.db.update(t).set({ refused: {}, accepted: [], listedCreated, updatedAt: new Date() }).where(eq(t.model, model));
  }

  /** A feature refused (merged with what is known; a refusal wins over an acceptance of the same feature). */
  async refuse(model: string, feature: string, refusal: ParameterRefusal, listedCreated: number | null): Promise<void> {
    const entry = JSON.stringify({ [feature]: refusal });
    await this.database.db
      .insert(t)
      .values({ model, refused: { [feature]: refusal }, listedCreated })
      .onConflictDoUpdate({
        target: t.model,
        set: {
          refused: sql`${t.refused} || ${entry}::jsonb`,
          accepted: sql`${t.accepted} - ${feature}::text`,
          listedCreated: sql`coalesce(${t.listedCreated}, excluded.listed_created)`,
          updatedAt: sql`now()`,
        },
      });
  }

  /** Features a request carried and OpenAI answered. */
  async accept(model: string, features: string[], listedCreated: number | null): Promise<void> {
    if (features.length === 0) return;
    const list = JSON.stringify(features);
    await this.database.db
      .insert(t)
      .values({ model, accepted: features, listedCreated })
      .onConflictDoUpdate({
        target: t.model,
        set: {
          accepted: sql`(select coalesce(jsonb_agg(distinct f), '[]'::jsonb) from jsonb_array_elements_text(${t.accepted} || ${list}::jsonb) f)`,
          listedCreated: sql`coalesce(${t.listedCreated}, excluded.listed_created)`,
          updatedAt: sql`now()`,
        },
      });
  }

  /** Takes the model's probe lease for `ms` unless another holder's is still running: whether it was taken. */
  async takeProbe(model: string, token: string, ms: number): Promise<boolean> {
    const until = sql`now() + ${ms}::float8 * interval '1 millisecond'`;
    const rows = await this.database.db
      .insert(t)
      .values({ model, probeToken: token, probeUntil: sql`${until}` as unknown as Date })
      .onConflictDoUpdate({
        target: t.model,
        set: { probeToken: token, probeUntil: sql`${until}` as unknown as Date },
        where: sql`${t.probeUntil} is null or ${t.probeUntil} < now()`,
      })
      .returning({ model: t.model });
    return rows.length > 0;
  }

  async releaseProbe(model: string, token: string): Promise<void> {
    await this.database.db
      .update(t)
      .set({ probeToken: null, probeUntil: null })
      .where(and(eq(t.model, model), eq(t.probeToken, token)));
  }
}
