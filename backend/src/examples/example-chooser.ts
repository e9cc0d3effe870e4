import { Injectable } from '@nestjs/common';
import { ChatMessage } from '../integrations/openai/openai-chat';
import { OpenAiEmbeddings } from '../integrations/openai/openai-embeddings';
import { ExampleEntry, ExamplesRepository } from './examples.repository';
import { fromBytes, nearest, toBytes, unit } from './nearest';
import { lexicalNearest } from './lexical';
import type { UsedExample } from './used-example';

export type { UsedExample };

/** The most examples a section or an evaluation variant sends. */
export const MAX_EXAMPLES = 10;
/** Vectors kept in memory across requests (text-embedding-3-small's 1,536 floats: about 6 KB each, so at most about 24 MB). */
const CACHED_VECTORS = 4_000;
/** Sets whose entries are kept in memory (each checked against its signature before use). */
const CACHED_SETS = 50;
/** How many words of an example's user message History shows. */
const FIRST_WORDS = 12;

export interface ChosenExamples {
  /** User/assistant pairs to send after the system message, the nearest last (just before the message written from). */
  messages: ChatMessage[];
  /** The examples sent, nearest first. */
  used: UsedExample[];
  /** How many examples the set offered (after those excluded). */
  available: number;
}

/** What to choose: `count` examples of a model's set for a message, leaving out `exclude` (uuids). */
export interface ExampleAsk {
  /** The workspace's OpenAI key for embeddings; null: the examples sharing the most words are chosen (lexical.ts). */
  apiKey: string | null;
  modelId: string;
  count: number;
  message: string;
  exclude?: ReadonlySet<string>;
}

/**
 * Chooses a model's examples to guide a write (in-context): the `count` whose user messages are
 * nearest in meaning to the message being written from, by OpenAI embeddings (without an OpenAI
 * key, those sharing the most words with it: lexical.ts). Each example is
 * embedded once (the first time its set is chosen from) and kept with it in the database; the
 * message costs one embedding request. Ties go to the set's order. A set no larger than `count`
 * is sent whole, in its order, and asks OpenAI nothing.
 */
@Injectable()
export class ExampleChooser {
  private readonly vectors = new VectorCache(CACHED_VECTORS);
  /** A set's entries as last read, with the signature they were read at. */
  private readonly sets = new Map<string, { signature: string; entries: ExampleEntry[] }>();
  /** The set being embedded by this process, per model: a second section waits for it rather than paying again. */
  private readonly embedding = new Map<string, Promise<void>>();

  constructor(
    private readonly examples: ExamplesRepository,
    private readonly embeddings: OpenAiEmbeddings,
  ) {}

  async choose(ask: ExampleAsk): Promise<ChosenExamples> {
    const count = Math.min(Math.max(0, ask.count), MAX_EXAMPLES);
    let entries = await this.offered(ask);
    if (count === 0 || entries.length === 0) return { messages: [], used: [], available: entries.length };
    let chosen: string[];
    if (entries.length <= count) chosen = entries.map((entry) => entry.id);
    else if (!ask.apiKey) {
      const messages = await this.examples.messages(entries.map((entry) => entry.id));
      const texts = entries.map((entry) => pairOf(messages.get(entry.id) ?? []).user ?? '');
      chosen = lexicalNearest(ask.message, texts, count).map((index) => entries[index].id);
    } else {
      const apiKey = ask.apiKey;
      // Twice at most: the first may have waited on another section's embedding of the set, made before an example was added.
      for (let round = 0; round < 2 && entries.some((entry) => !entry.embeddedAt); round++) {
        await this.embedSet(apiKey, ask.modelId);
        entries = await this.offered(ask);
      }
      const vectors = await this.vectorsOf(entries);
      const usable = entries.filter((entry) => vectors.has(entry.id));
      const [query] = (await this.embeddings.embedTexts(apiKey, [ask.message], 'choose the examples')).vectors;
      chosen = nearest(
        query,
        usable.map((entry) => vectors.get(entry.id)!),
        count,
      ).map((index) => usable[index].id);
    }
    return this.pairs(chosen, entries);
  }

  private async offered(ask: ExampleAsk): Promise<ExampleEntry[]> {
    const entries = await this.entriesOf(ask.modelId);
    return ask.exclude ? entries.filter((entry) => !ask.exclude!.has(entry.uuid)) : entries;
  }

  /** The set's entries: from memory while its signature is unchanged, else read (and remembered). */
  private async entriesOf(modelId: string): Promise<ExampleEntry[]> {
    const signature = await this.examples.signature(modelId);
    const kept = this.sets.get(modelId);
    if (kept?.signature === signature) return kept.entries;
    const entries = await this.examples.entries(modelId);
    this.sets.delete(modelId);
    this.sets.set(modelId, { signature, entries });
    if (this.sets.size > CACHED_SETS) this.sets.delete(this.sets.keys().next().value!);
    return entries;
  }

  /** The chosen examples' messages: pairs, the nearest last. */
  private async pairs(chosen: string[], entries: ExampleEntry[]): Promise<ChosenExamples> {
    const messages = await this.examples.messages(chosen);
    const uuidOf = new Map(entries.map((entry) => [entry.id, entry.uuid]));
    const used: UsedExample[] = [];
    const pairs: ChatMessage[][] = [];
    for (const id of chosen) {
      const { user, assistant } = pairOf(messages.get(id) ?? []);
      if (user === null || assistant === null) continue;
      used.push({ uuid: uuidOf.get(id)!, words: firstWords(user) });
      pairs.push([
        { role: 'user', content: user },
        { role: 'assistant', content: assistant },
      ]);
    }
    return { messages: pairs.reverse().flat(), used, available: entries.length };
  }

  /** Embeds the set's examples that have no embedding yet and keeps them (once per model at a time in this process). */
  private async embedSet(apiKey: string, modelId: string): Promise<void> {
    const running = this.embedding.get(modelId);
    if (running) return running;
    const work = (async () => {
      const missing = (await this.entriesOf(modelId)).filter((entry) => !entry.embeddedAt).map((entry) => entry.id);
      const messages = await this.examples.messages(missing);
      const items = missing.map((id) => ({ id, messages: messages.get(id) ?? [] }));
      const { vectors } = await this.embeddings.embedTexts(
        apiKey,
        items.map((item) => pairOf(item.messages).user ?? ''),
        'embed the examples',
      );
      await this.examples.keepEmbeddings(items.map((item, i) => ({ ...item, embedding: toBytes(vectors[i]) })));
    })();
    this.embedding.set(modelId, work);
    try {
      await work;
    } finally {
      this.embedding.delete(modelId);
    }
  }

  /** The entries' vectors, from memory where they are as kept, else read from the database (and remembered). */
  private async vectorsOf(entries: ExampleEntry[]): Promise<Map<string, Float32Array>> {
    const found = new Map<string, Float32Array>();
    const missing: string[] = [];
    for (const entry of entries) {
      const vector = entry.embeddedAt ? this.vectors.get(entry.id, entry.embeddedAt.getTime()) : undefined;
      if (vector) found.set(entry.id, vector);
      else if (entry.embeddedAt) missing.push(entry.id);
    }
    for (const row of missing.length > 0 ? await this.examples.embeddings(missing) : []) {
      // Kept of unit length, so choosing is one dot product per example.
      const vector = unit(fromBytes(row.embedding));
      this.vectors.set(row.id, row.embeddedAt.getTime(), vector);
      found.set(row.id, vector);
    }
    return found;
  }
}

/** An example's user message and its answer (the assistant's); null when it has none. */
export function pairOf(messages: ChatMessage[]): { user: string | null; assistant: string | null } {
  return {
    user: messages.find((m) => m.role === 'user')?.content ?? null,
    assistant: messages.findLast((m) => m.role === 'assistant')?.content ?? null,
  };
}

function firstWords(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > FIRST_WORDS ? `${words.slice(0, FIRST_WORDS).join(' ')}…` : words.join(' ');
}

/** Vectors by example, each valid for the embedding made at `embeddedAt`; the least recently used go first. */
class VectorCache {
  private readonly kept = new Map<string, { embeddedAt: number; vector: Float32Array }>();

  constructor(private readonly limit: number) {}

  get(id: string, embeddedAt: number): Float32Array | undefined {
    const item = this.kept.get(id);
    if (!item || item.embeddedAt !== embeddedAt) return undefined;
    this.kept.delete(id);
    this.kept.set(id, item);
    return item.vector;
  }

  set(id: string, embeddedAt: number, vector: Float32Array): void {
    this.kept.delete(id);
    this.kept.set(id, { embeddedAt, vector });
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
  }
}
