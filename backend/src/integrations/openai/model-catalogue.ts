import type { TokenizerFamily } from './tokenizer';

/**
 * What Quire knows about OpenAI's models, in one table: the tokenizer, whether a model reasons
 * (and so refuses `temperature` other than 1 and `logit_bias`), the snapshot supervised
 * fine-tuning accepts, and the shut-down date OpenAI announced. Which models a key may use is not
 * here: that is OpenAI's `GET /v1/models` for the key (see base-models.service.ts).
 *
 * Sources, read on 2026-11-22: OpenAI's deprecations page (platform.openai.com/docs/deprecations,
 * including its 2026-04-22 "Legacy GPT model snapshots" table), its fine-tuning guide and model pages.
 */

export { SPEC_BASE_MODELS } from '@quire/shared';

export interface CatalogueModel {
  /** The alias OpenAI lists in `GET /v1/models` and Quire offers. */
  id: string;
  kind: 'chat' | 'embedding';
  tokenizer: TokenizerFamily;
  /** o-series and the gpt-5 family: no `temperature` other than 1, no `logit_bias`, `max_completion_tokens`. */
  reasoning: boolean;
  /** The snapshot OpenAI's supervised fine-tuning accepts for this model; null when there is none. */
  fineTuneSnapshot: string | null;
  /** A condition OpenAI puts on fine-tuning it, shown with the model. */
  fineTuneNote?: string;
  /** yyyy-MM-dd: the day OpenAI shut (or shuts) it down, when announced. */
  shutDown: string | null;
  /** Dated ids of the same model, so a snapshot or a model fine-tuned from one is recognised. */
  snapshots: string[];
  // Prices are in prices.ts (replaceable by OPENAI_PRICES_FILE), keyed by these ids.
}

const chat = (id: string, facts: Partial<CatalogueModel> & Pick<CatalogueModel, 'tokenizer'>): CatalogueModel => ({
  id,
  kind: 'chat',
  reasoning: false,
  fineTuneSnapshot: null,
  shutDown: null,
  snapshots: [],
  ...facts,
});

/** In the order the New Model screens offer them: spec §9's five first, then newest families first. */
export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  chat('gpt-4o', {
    tokenizer: 'o200k_base',
    fineTuneSnapshot: 'gpt-4o-2024-08-06',
    snapshots: ['gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'],
  }),
  chat('gpt-4', {
    tokenizer: 'cl100k_base',
    fineTuneSnapshot: 'gpt-4-0613',
    fineTuneNote: 'OpenAI fine-tunes gpt-4-0613 only for organisations it has given experimental access.',
    shutDown: '2026-10-23',
    snapshots: ['gpt-4-0613', 'gpt-4-0314'],
  }),
  chat('gpt-4-32k', { tokenizer: 'cl100k_base', shutDown: '2025-06-06', snapshots: ['gpt-4-32k-0613', 'gpt-4-32k-0314'] }),
  chat('gpt-3.5-turbo', {
    tokenizer: 'cl100k_base',
    fineTuneSnapshot: 'gpt-3.5-turbo-0125',
    shutDown: '2026-10-23',
    snapshots: ['gpt-3.5-turbo-0125', 'gpt-3.5-turbo-1106', 'gpt-3.5-turbo-0613'],
  }),
  chat('gpt-3.5-turbo-16k', { tokenizer: 'cl100k_base', shutDown: '2024-09-13', snapshots: ['gpt-3.5-turbo-16k-0613'] }),
  chat('gpt-5', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['gpt-5-2025-08-07'] }),
  chat('gpt-5-mini', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['gpt-5-mini-2025-08-07'] }),
  chat('gpt-5-nano', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['gpt-5-nano-2025-08-07'] }),
  chat('gpt-4.1', { tokenizer: 'o200k_base', fineTuneSnapshot: 'gpt-4.1-2025-04-14', snapshots: ['gpt-4.1-2025-04-14'] }),
  chat('gpt-4.1-mini', { tokenizer: 'o200k_base', fineTuneSnapshot: 'gpt-4.1-mini-2025-04-14', snapshots: ['gpt-4.1-mini-2025-04-14'] }),
  chat('gpt-4.1-nano', { tokenizer: 'o200k_base', fineTuneSnapshot: 'gpt-4.1-nano-2025-04-14', snapshots: ['gpt-4.1-nano-2025-04-14'] }),
  chat('gpt-4o-mini', { tokenizer: 'o200k_base', fineTuneSnapshot: 'gpt-4o-mini-2024-07-18', snapshots: ['gpt-4o-mini-2024-07-18'] }),
  chat('o3', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['o3-2025-04-16'] }),
  chat('o4-mini', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['o4-mini-2025-04-16'] }),
  chat('o3-mini', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['o3-mini-2025-01-31'] }),
  chat('o1', { tokenizer: 'o200k_base', reasoning: true, snapshots: ['o1-2024-12-17'] }),
  { id: 'text-embedding-3-small', kind: 'embedding', tokenizer: 'cl100k_base', reasoning: false, fineTuneSnapshot: null, shutDown: null, snapshots: [] },
];

/** OpenAI's embedding limits: tokens per input, tokens summed over one request, inputs per request. */
export const EMBEDDING_LIMITS = { inputTokens: 8_192, requestTokens: 300_000, inputs: 2_048 } as const;

/** The chat models a model may be built on (the ids `POST /api/models` accepts). */
export const CHAT_MODEL_IDS: readonly string[] = MODEL_CATALOGUE.filter((m) => m.kind === 'chat').map((m) => m.id);

/** Models the table does not name fall back to their family's facts. */
const FAMILIES: { pattern: RegExp; tokenizer: TokenizerFamily; reasoning: boolean }[] = [
  { pattern: /^o\d/, tokenizer: 'o200k_base', reasoning: true },
  { pattern: /^gpt-5/, tokenizer: 'o200k_base', reasoning: true },
  { pattern: /^gpt-4(o|\.1|\.5)/, tokenizer: 'o200k_base', reasoning: false },
];

const byId = new Map<string, CatalogueModel>();
for (const model of MODEL_CATALOGUE) for (const id of [model.id, ...model.snapshots]) byId.set(id, model);

/** The base of a fine-tuned model's name (`ft:gpt-4o-2024-08-06:acme:blog:abc` → `gpt-4o-2024-08-06`). */
function baseName(model: string): string {
  return model.startsWith('ft:') ? (model.split(':')[1] ?? '') : model;
}

/** The table's entry for a model, one of its snapshots, or a model fine-tuned from one. */
export function catalogueEntry(model: string): CatalogueModel | undefined {
  return byId.get(baseName(model));
}

function family(model: string) {
  const base = baseName(model);
  return FAMILIES.find((f) => f.pattern.test(base));
}

/** o200k_base for gpt-4o and newer (and models tuned from them); cl100k_base for gpt-4 and gpt-3.5. */
export function tokenizerFor(model: string): TokenizerFamily {
  return catalogueEntry(model)?.tokenizer ?? family(model)?.tokenizer ?? 'cl100k_base';
}

export function isReasoningModel(model: string): boolean {
  return catalogueEntry(model)?.reasoning ?? family(model)?.reasoning ?? false;
}

/** The sampling parameters a chat request to this model may carry. */
export function chatParametersFor(model: string): { temperature: boolean; logitBias: boolean } {
  const reasoning = isReasoningModel(model);
  return { temperature: !reasoning, logitBias: !reasoning };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The shut-down date, when it has passed on `today`. */
export function shutDownOn(model: CatalogueModel, today = new Date()): string | null {
  return model.shutDown !== null && model.shutDown <= isoDay(today) ? model.shutDown : null;
}

/** The snapshot to fine-tune for a base model, or why there is none. */
export function fineTuneTarget(baseModel: string, today = new Date()): { snapshot: string } | { refused: string } {
  const model = catalogueEntry(baseModel);
  if (!model || model.kind !== 'chat') return { refused: `${baseModel} is not a chat model Quire knows, so it cannot be fine-tuned.` };
  const shut = shutDownOn(model, today);
  if (shut) return { refused: `${model.id} cannot be fine-tuned: OpenAI shut it down on ${shut}.` };
  if (!model.fineTuneSnapshot) {
    return {
      refused: `${model.id} cannot be fine-tuned: OpenAI offers no snapshot of it for fine-tuning. Fine-tunable base models: ${fineTunableIds(today).join(', ')}.`,
    };
  }
  return { snapshot: model.fineTuneSnapshot };
}

export function isFineTunable(baseModel: string, today = new Date()): boolean {
  return 'snapshot' in fineTuneTarget(baseModel, today);
}

function fineTunableIds(today: Date): string[] {
  return MODEL_CATALOGUE.filter((m) => m.kind === 'chat' && m.fineTuneSnapshot && !shutDownOn(m, today)).map((m) => m.id);
}
