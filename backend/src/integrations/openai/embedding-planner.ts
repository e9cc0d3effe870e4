import type { EmbeddingPlan } from './embedding-batches';

/**
 * Plans embedding requests that need counting with the tokenizer (planEmbeddingBatches), off the
 * main thread. Declared here and provided by the CPU pool's module (cpu-pool/), which runs it in a
 * worker thread: the pool depends on this folder, never the other way.
 */
export interface EmbeddingPlanner {
  plan(input: { texts: string[]; model: string; maxInputs: number }): Promise<EmbeddingPlan>;
}

export const EMBEDDING_PLANNER = Symbol('EmbeddingPlanner');
