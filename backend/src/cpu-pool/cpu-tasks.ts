import type { EmbeddingPlan } from '../integrations/openai/embedding-batches';
import type { LogitBiasMaps, TokenizerFamily, WordTokens } from '../integrations/openai/tokenizer';
import type { PageToParse, ParsedPage } from '../training-data/parser/parse-page';
import type { ClusteredPool, SectionItem } from '@quire/shared';

/**
 * The CPU-bound work that runs in worker threads, never on the server's event loop. Each task
 * loads its code on first use, so a thread that only tokenises never loads the HTML parser.
 */
export const CPU_TASKS = {
  /** A bias list's `logit_bias` for every tokenizer family, or the first family in which it passes `limit` tokens (the making stops there). */
  async logitBiasMaps(input: { entries: { words: string[]; bias: number }[]; limit: number }): Promise<{ maps: LogitBiasMaps } | { over: TokenizerFamily }> {
    const { logitBiasMaps } = await import('../integrations/openai/tokenizer');
    return logitBiasMaps(input.entries, input.limit);
  },

  /** The token ids of each word's forms, and how many distinct ids the words give together. */
  async previewTokens(input: { words: string[]; family: TokenizerFamily }): Promise<{ words: WordTokens[]; tokenCount: number }> {
    const { tokensOfWord } = await import('../integrations/openai/tokenizer');
    const words = input.words.map((word) => tokensOfWord(word, input.family));
    const ids = new Set(words.flatMap((word) => word.forms.flatMap((form) => form.tokens)));
    return { words, tokenCount: ids.size };
  },

  /** How many tokens each text is, in a tokenizer family (an estimate's counting). */
  async countTokens(input: { texts: string[]; family: TokenizerFamily }): Promise<number[]> {
    const { encodeText } = await import('../integrations/openai/tokenizer');
    return input.texts.map((text) => encodeText(text, input.family).length);
  },

  /** Embedding requests within OpenAI's token limits, over-long texts cut (counted with the model's tokenizer). */
  async embeddingBatches(input: { texts: string[]; model: string; maxInputs: number }): Promise<EmbeddingPlan> {
    const { planEmbeddingBatches } = await import('../integrations/openai/embedding-batches');
    return planEmbeddingBatches(input.texts, input.model, input.maxInputs);
  },

  async parsePage(input: PageToParse): Promise<ParsedPage> {
    const { parsePage } = await import('../training-data/parser/parse-page');
    return parsePage(input);
  },

  async clusterPool(input: { items: SectionItem[]; vectors?: number[][] }): Promise<ClusteredPool> {
    const { clusterPool } = await import('../training-data/snapshot-pools');
    return clusterPool(input.items, input.vectors);
  },
};

type CpuTasks = typeof CPU_TASKS;
export type CpuTaskName = keyof CpuTasks;
export type CpuTaskInput<K extends CpuTaskName> = Parameters<CpuTasks[K]>[0];
export type CpuTaskOutput<K extends CpuTaskName> = Awaited<ReturnType<CpuTasks[K]>>;
