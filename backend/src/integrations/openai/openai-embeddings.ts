import { Inject, Injectable } from '@nestjs/common';
import { IntegrationError } from '../../common/integration-error';
import { batchesWithoutCounting } from './embedding-batches';
import { EMBEDDING_PLANNER, EmbeddingPlanner } from './embedding-planner';
import { EMBEDDING_MODEL } from './model-catalogue';
import { OpenAiClientFactory, openAiError } from './openai.client';

/** Inputs per request: OpenAI allows 2,048; fewer keep each request (and a retry of it) small. */
export const EMBEDDING_BATCH_INPUTS = 256;

/**
 * Embeddings through the official SDK, one request per batch; vectors come back in input order.
 * The batches keep within OpenAI's limits (embedding-batches.ts): short texts are batched by their
 * length, longer ones counted with the tokenizer in a worker thread (and cut to 8,192 tokens).
 */
@Injectable()
export class OpenAiEmbeddings {
  constructor(
    private readonly clients: OpenAiClientFactory,
    @Inject(EMBEDDING_PLANNER) private readonly planner: EmbeddingPlanner,
  ) {}

  /** Each text's vector, in order; `truncated` counts the texts cut to their first 8,192 tokens. */
  async embedTexts(apiKey: string, texts: string[], what: string): Promise<{ vectors: number[][]; truncated: number }> {
    if (texts.length === 0) return { vectors: [], truncated: 0 };
    const quick = batchesWithoutCounting(texts, EMBEDDING_BATCH_INPUTS);
    const plan = quick ? { batches: quick, truncated: 0 } : await this.planner.plan({ texts, model: EMBEDDING_MODEL, maxInputs: EMBEDDING_BATCH_INPUTS });
    return { vectors: await this.embed(apiKey, plan.batches, what), truncated: plan.truncated };
  }

  async embed(apiKey: string, batches: string[][], what = 'embed the sections'): Promise<number[][]> {
    const client = this.clients.create(apiKey, 4);
    const vectors: number[][] = [];
    for (const batch of batches) {
      try {
        const response = await client.embeddings.create({ model: EMBEDDING_MODEL, input: batch, encoding_format: 'float' });
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        if (ordered.length !== batch.length)
          throw new IntegrationError('OpenAI', `answered ${ordered.length} embeddings for ${batch.length} texts; try again.`);
        for (const item of ordered) vectors.push(item.embedding);
      } catch (error) {
        throw openAiError(error, what);
      }
    }
    return vectors;
  }
}
