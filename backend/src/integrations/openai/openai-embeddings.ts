import { Injectable } from '@nestjs/common';
import { OpenAiClientFactory, openAiError } from './openai.client';

export const EMBEDDING_MODEL = 'text-embedding-3-small';
/** Inputs per request (OpenAI allows 2,048) and characters per input (well under 8,192 tokens). */
const BATCH = 256;
const MAX_INPUT_CHARS = 8_000;

/** Embeddings through the official SDK, batched; vectors come back in input order. */
@Injectable()
export class OpenAiEmbeddings {
  constructor(private readonly clients: OpenAiClientFactory) {}

  async embed(apiKey: string, inputs: string[]): Promise<number[][]> {
    const client = this.clients.create(apiKey, 4);
    const vectors: number[][] = [];
    for (let i = 0; i < inputs.length; i += BATCH) {
      const batch = inputs.slice(i, i + BATCH).map((text) => text.slice(0, MAX_INPUT_CHARS) || ' ');
      try {
        const response = await client.embeddings.create({ model: EMBEDDING_MODEL, input: batch, encoding_format: 'float' });
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length) throw new Error(`asked for ${batch.length} embeddings, got ${ordered.length}`);
        for (const item of ordered) vectors.push(item.embedding);
      } catch (error) {
        throw openAiError(error, 'embed the sections');
      }
    }
    return vectors;
  }
}
