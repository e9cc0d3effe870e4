import type { TokenizerFamily } from './tokenizer';

/**
 * What Quire knows about OpenAI's models beyond what OpenAI tells. OpenAI is the authority: which
 * models exist, which a key may use and when each shuts down come from `GET /v1/models`
 * (openai-models.ts), and which parameters a model refuses from its answers (chat-parameters.ts).
 * What is here are rules that hold for models nobody has heard of yet (which ids are chat models,
 * which tokenizer a family uses) and facts a table may add (the snapshot fine-tuning takes for an
 * alias, the day a model OpenAI no longer lists was shut down, the ids prices are kept under). No
 * behaviour depends on a model being in the table.
 *
 * Facts read on 2026-11-25 from OpenAI's deprecations page and model pages.
 */

export { SPEC_BASE_MODELS } from '@quire/shared';

export interface ModelFacts {
  /** The alias OpenAI lists (prices are kept under it, see prices.ts). */
  id: string;
  /** Dated ids of the same model (their prices are the alias's). */
  snapshots: string[];
  /** The snapshot OpenAI's supervised fine-tuning takes for this alias (sent in its place); OpenAI decides whether it still does. */
  fineTuneSnapshot?: string;
  /** yyyy-MM-dd: the day OpenAI shut it down, for when the key no longer lists it. */
  shutDown?: string;
}

export const MODEL_FACTS: readonly ModelFacts[] = [
  { id: 'gpt-4o', snapshots: ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'], fineTuneSnapshot: 'gpt-4o-2024-08-06', shutDown: '2027-01-14' },
  { id: 'gpt-4', snapshots: ['gpt-4-0613', 'gpt-4-0314'], fineTuneSnapshot: 'gpt-4-0613', shutDown: '2026-10-23' },
  { id: 'gpt-4-32k', snapshots: ['gpt-4-32k-0613', 'gpt-4-32k-0314'], shutDown: '2025-06-06' },
  {
    id: 'gpt-3.5-turbo',
    snapshots: ['gpt-3.5-turbo-0125', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-0613'],
    fineTuneSnapshot: 'gpt-3.5-turbo-0125',
    shutDown: '2026-10-23',
  },
  { id: 'gpt-3.5-turbo-16k', snapshots: ['gpt-3.5-turbo-16k-0613'], shutDown: '2024-09-13' },
  { id: 'gpt-4o-mini', snapshots: ['gpt-4o-mini-2024-07-18'], fineTuneSnapshot: 'gpt-4o-mini-2024-07-18', shutDown: '2027-01-14' },
  { id: 'gpt-4.1', snapshots: ['gpt-4.1-2025-04-14'], fineTuneSnapshot: 'gpt-4.1-2025-04-14', shutDown: '2027-01-14' },
  { id: 'gpt-4.1-mini', snapshots: ['gpt-4.1-mini-2025-04-14'], fineTuneSnapshot: 'gpt-4.1-mini-2025-04-14', shutDown: '2027-01-14' },
  { id: 'gpt-4.1-nano', snapshots: ['gpt-4.1-nano-2025-04-14'], fineTuneSnapshot: 'gpt-4.1-nano-2025-04-14', shutDown: '2026-10-23' },
  { id: 'gpt-5', snapshots: ['gpt-5-2025-08-07'], shutDown: '2026-12-11' },
  { id: 'gpt-5-mini', snapshots: ['gpt-5-mini-2025-08-07'], shutDown: '2026-12-11' },
  { id: 'gpt-5-nano', snapshots: ['gpt-5-nano-2025-08-07'], shutDown: '2026-12-11' },
  { id: 'o3', snapshots: ['o3-2025-04-16'], shutDown: '2026-12-11' },
  { id: 'o4-mini', snapshots: ['o4-mini-2025-04-16'], shutDown: '2026-10-23' },
  { id: 'o3-mini', snapshots: ['o3-mini-2025-01-31'], shutDown: '2026-10-23' },
  { id: 'o1', snapshots: ['o1-2024-12-17'], shutDown: '2026-10-23' },
];

/** OpenAI's embedding limits: tokens per input, tokens summed over one request, inputs per request. */
export const EMBEDDING_LIMITS = { inputTokens: 8_192, requestTokens: 300_000, inputs: 2_048 } as const;
/** The embeddings model training data and example-guided sections use. */
export const EMBEDDING_MODEL = 'text-embedding-3-small';

const byId = new Map<string, ModelFacts>();
for (const model of MODEL_FACTS) for (const id of [model.id, ...model.snapshots]) byId.set(id, model);

/** The base of a fine-tuned model's name (`ft:gpt-4o-2024-08-06:acme:blog:abc` → `gpt-4o-2024-08-06`). */
export function baseName(model: string): string {
  return model.startsWith('ft:') ? (model.split(':')[1] ?? '') : model;
}

/** The table's facts for a model, one of its snapshots, or a model fine-tuned from one. */
export function modelFacts(model: string): ModelFacts | undefined {
  return byId.get(baseName(model));
}

/**
 * Ids OpenAI lists that are not chat models: embeddings, speech, transcription, realtime, audio,
 * images, video, moderation, the completions-only base models and the agents' own models.
 */
const NOT_CHAT =
  /(embedding|whisper|tts|transcribe|realtime|audio|dall-e|image|sora|moderation|search|computer-use|codex|deep-research)|^(babbage|davinci|ada|curie)(-|$)/;

/** Whether an id OpenAI lists is a chat model a section may write with (a rule, so it holds for new families). */
export function isChatModelId(id: string): boolean {
  return !id.startsWith('ft:') && !NOT_CHAT.test(id);
}

/** The families before gpt-4o: gpt-4 (and -turbo, -32k), gpt-3.5 and the embeddings of their day. */
const CL100K = /^(gpt-4(-|$)|gpt-3\.5|text-embedding-(3|ada))/;

/** cl100k_base for gpt-4, gpt-3.5 and their embeddings; o200k_base for gpt-4o and every later family (new ones included). */
export function tokenizerFor(model: string): TokenizerFamily {
  return CL100K.test(baseName(model)) ? 'cl100k_base' : 'o200k_base';
}

/**
 * Whether a model's name says it reasons (the o-series, gpt-5 and later), before OpenAI has said
 * anything about it: only what the section form offers first depends on it (reasoning_effort);
 * what is sent is learned from OpenAI's answers (chat-parameters.ts).
 */
export function nameSuggestsReasoning(model: string): boolean {
  return /^(o\d|gpt-([5-9]|\d{2,}))/.test(baseName(model));
}

/** The id a fine-tuning job is created with: the alias's fine-tunable snapshot where the table knows one, else the model as named. */
export function fineTuneModelFor(baseModel: string): string {
  const facts = byId.get(baseModel);
  return facts?.id === baseModel && facts.fineTuneSnapshot ? facts.fineTuneSnapshot : baseModel;
}
