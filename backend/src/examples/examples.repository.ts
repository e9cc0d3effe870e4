import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { DatabaseService } from '../database/database.service';
import { ChatMessage, modelExamples } from '../models/models.schema';

/** An example of a set as choosing needs it first: which it is, and when its embedding was made (null: not yet). */
export interface ExampleEntry {
  id: string;
  uuid: string;
  embeddedAt: Date | null;
}

/** A model's examples as in-context examples: their order, their kept embeddings and their messages. */
@Injectable()
export class ExamplesRepository {
  constructor(private readonly database: DatabaseService) {}

  private get db() {
    return this.database.db;
  }

  /** The set in its order (the order examples were added), without messages or vectors. */
  entries(modelId: string): Promise<ExampleEntry[]> {
    return this.db
      .select({ id: modelExamples.id, uuid: modelExamples.uuid, embeddedAt: modelExamples.embeddedAt })
      .from(modelExamples)
      .where(eq(modelExamples.modelId, modelId))
      .orderBy(asc(modelExamples.createdAt), asc(modelExamples.id));
  }

  /**
   * What changes whenever the set's entries do: how many examples, how many embedded, the newest
   * added and the newest embedding (an example added, removed, replaced or embedded moves one).
   * Read instead of the entries while they are known: one row, not one per example.
   */
  async signature(modelId: string): Promise<string> {
    const [row] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        embedded: sql<number>`count(${modelExamples.embeddedAt})::int`,
        added: sql<string | null>`max(${modelExamples.createdAt})::text`,
        lastEmbedded: sql<string | null>`max(${modelExamples.embeddedAt})::text`,
      })
      .from(modelExamples)
      .where(eq(modelExamples.modelId, modelId));
    return `${row.count}/${row.embedded}/${row.added}/${row.lastEmbedded}`;
  }

  async messages(ids: string[]): Promise<Map<string, ChatMessage[]>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: modelExamples.id, messages: modelExamples.messages }).from(modelExamples).where(inArray(modelExamples.id, ids));
    return new Map(rows.map((row) => [row.id, row.messages]));
  }

  /** Some examples' messages, by uuid (those no longer in the set are absent). */
  async messagesByUuid(modelId: string, uuids: string[]): Promise<Map<string, ChatMessage[]>> {
    if (uuids.length === 0) return new Map();
    const rows = await this.db
      .select({ uuid: modelExamples.uuid, messages: modelExamples.messages })
      .from(modelExamples)
      .where(and(eq(modelExamples.modelId, modelId), inArray(modelExamples.uuid, uuids)));
    return new Map(rows.map((row) => [row.uuid, row.messages]));
  }

  /** The kept embeddings of some examples (float32 bytes) with when each was made. */
  async embeddings(ids: string[]): Promise<{ id: string; embedding: Buffer; embeddedAt: Date }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: modelExamples.id, embedding: modelExamples.embedding, embeddedAt: modelExamples.embeddedAt })
      .from(modelExamples)
      .where(and(inArray(modelExamples.id, ids), isNotNull(modelExamples.embedding), isNotNull(modelExamples.embeddedAt)));
    return rows.map((row) => ({ id: row.id, embedding: row.embedding!, embeddedAt: row.embeddedAt! }));
  }

  /**
   * Keeps embeddings made of the examples' messages as they were read: an example replaced since
   * (other messages) or embedded meanwhile by another process is left as it is.
   */
  async keepEmbeddings(made: { id: string; messages: ChatMessage[]; embedding: Buffer }[]): Promise<void> {
    if (made.length === 0) return;
    await this.db.transaction(async (tx) => {
      for (const item of made) {
        await tx
          .update(modelExamples)
          .set({ embedding: item.embedding, embeddedAt: new Date() })
          .where(
            and(eq(modelExamples.id, item.id), isNull(modelExamples.embeddedAt), sql`${modelExamples.messages} = ${JSON.stringify(item.messages)}::jsonb`),
          );
      }
    });
  }
}
