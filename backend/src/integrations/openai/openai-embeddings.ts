import { Injectable } from '@nestjs/common';
import { IntegrationError } from '../../common/integration-error';
import { OpenAiClientFactory, openAiError } from './openai.client';

export const EMBEDDING_MODEL = 'text-embedding-3-small';
/** Inputs per request: OpenAI allows 2,048; fewer keep each request (and a retry of it) small. */
export const EMBEDDING_BATCH_INPUTS = 256;

/**
 * Embeddings through the official SDK, one request per batch; vectors come back in input order.
 * The batches come from planEmbeddingBatches (embedding-batches.ts), which keeps them within
 * OpenAI's token limits; counting tokens is CPU work, so the caller runs it in a worker thread.
 */
@Injectable()
export class OpenAiEmbeddings {
  constructor(private readonly clients: OpenAiClientFactory) {}

  async embed(apiKey: string, batches: string[][]): Promise<number[][]> {
    const client = this.clients.create(apiKey, 4);
    const vectors: number[][] = [];
    for (const batch of batches) {
      try {
        const response = await client.embeddings.create({ model: EMBEDDING_MODEL, input: batch, encoding_format: 'float' });
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length)
          throw new IntegrationError('OpenAI', `answered ${ordered.length} embeddings for ${batch.length} sections; try again.`);
        for (const item of ordered) vectors.push(item.embedding);
      } catch (error) {
        throw openAiError(error, 'embed the sections');
      }
    }
    return vectors;
  }
}
