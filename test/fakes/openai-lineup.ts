/**
 * OpenAI's model lineup as it stands on 2026-11-25 (its deprecations page and model pages; GPT-6's
 * parameters read again on 2026-11-27 from the "Using GPT-6" guide and the deployment checklist),
 * for the simulator: what `GET /v1/models` lists
 * (with `created` and `shutdown_date`), how each chat model treats the sampling and reasoning
 * parameters, and what has already been shut down.
 *
 * - Shut down 2026-10-23: gpt-3.5-turbo, gpt-4, gpt-4-32k (2025-06-06), gpt-3.5-turbo-16k
 *   (2024-09-13), o1, o3-mini, o4-mini, gpt-4.1-nano. Shut down 2026-12-11: gpt-5, gpt-5-mini,
 *   gpt-5-nano, o3. Shut down 2027-01-14: gpt-4o, gpt-4o-mini, gpt-4.1, gpt-4.1-mini, every
 *   snapshot, and every model fine-tuned from them.
 * - The gpt-5.4 and gpt-5.6 families reason: they refuse `logit_bias`, `max_tokens`, `top_p` and the
 *   penalties, and take a temperature other than 1 only with `reasoning_effort: "none"`, their
 *   default (gpt-5.1 and later default to "none").
 * - GPT-6 (gpt-6-astra, gpt-6-sol, gpt-6-luna, gpt-6.1-sol) reasons by default ("No GPT-6 model
 *   defaults to none"): "When reasoning effort is not none, remove temperature, top_p, and
 *   top_logprobs; also remove logprobs" — a request carrying one is refused at any value, a
 *   temperature of 1 included. gpt-6-sol and gpt-6-luna take "none" (and with it the sampling
 *   parameters); gpt-6-astra and gpt-6.1-sol refuse "none"; no GPT-6 takes "minimal"; Chat
 *   Completions takes gpt-6-astra's efforts up to "xhigh" ("max" only on the Responses API). They
 *   refuse `logit_bias`, `max_tokens` and the penalties too. None of them can be fine-tuned.
 * - The gpt-5 family and o3 reason too, refuse `reasoning_effort: "none"` and any temperature but 1.
 */

/** How a chat model treats Quire's parameters. */
export type Behaviour =
  /** gpt-4o and gpt-4.1: every sampling parameter; no reasoning_effort. */
  | 'sampling'
  /** gpt-5 and o-series: reasoning, effort never "none", temperature only 1. */
  | 'reasoning'
  /** gpt-5.1 to gpt-5.6: reasoning, effort "none" by default, and with it a temperature of one's choice. */
  | 'reasoning-none'
  /** GPT-6: reasoning by default ("medium"); the sampling parameters only with effort "none", where the model takes it. */
  | 'reasoning-gpt6';

export interface LineupModel {
  id: string;
  /** Unix seconds, as OpenAI lists it. */
  created: number;
  /** yyyy-MM-dd, or null when none is announced. */
  shutdown: string | null;
  /** Chat models only. */
  behaviour?: Behaviour;
  /** The reasoning_effort values it accepts (reasoning models). */
  efforts?: string[];
}

/** The day this lineup was read: the simulator's day unless a test moves it. */
export const LINEUP_DAY = '2026-11-25';

const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 1000);
const GPT5_EFFORTS = ['minimal', 'low', 'medium', 'high'];
const O_EFFORTS = ['low', 'medium', 'high'];
const NONE_EFFORTS = ['none', 'low', 'medium', 'high', 'xhigh'];
const GPT6_EFFORTS = [...NONE_EFFORTS, 'max'];
const GPT6_WITHOUT_NONE = GPT6_EFFORTS.filter((effort) => effort !== 'none');

function family(ids: string[], created: string, shutdown: string | null, behaviour?: Behaviour, efforts?: string[]): LineupModel[] {
  return ids.map((id) => ({ id, created: day(created), shutdown, behaviour, efforts }));
}

export const LINEUP: LineupModel[] = [
  ...family(['gpt-3.5-turbo', 'gpt-3.5-turbo-0125'], '2023-03-01', '2026-10-23', 'sampling'),
  ...family(['gpt-3.5-turbo-16k'], '2023-05-10', '2024-09-13', 'sampling'),
  ...family(['gpt-4', 'gpt-4-0613'], '2023-06-27', '2026-10-23', 'sampling'),
  ...family(['gpt-4-32k'], '2023-06-27', '2025-06-06', 'sampling'),
  ...family(['gpt-4o', 'gpt-4o-2024-05-13', 'gpt-4o-2024-08-06', 'gpt-4o-2024-11-20'], '2024-05-13', '2027-01-14', 'sampling'),
  ...family(['gpt-4o-mini', 'gpt-4o-mini-2024-07-18'], '2024-07-18', '2027-01-14', 'sampling'),
  ...family(['o1', 'o1-2024-12-17', 'o3-mini', 'o3-mini-2025-01-31', 'o4-mini', 'o4-mini-2025-04-16'], '2024-12-17', '2026-10-23', 'reasoning', O_EFFORTS),
  ...family(['gpt-4.1', 'gpt-4.1-2025-04-14', 'gpt-4.1-mini', 'gpt-4.1-mini-2025-04-14'], '2025-04-14', '2027-01-14', 'sampling'),
  ...family(['gpt-4.1-nano', 'gpt-4.1-nano-2025-04-14'], '2025-04-14', '2026-10-23', 'sampling'),
  ...family(['o3', 'o3-2025-04-16'], '2025-04-16', '2026-12-11', 'reasoning', O_EFFORTS),
  ...family(
    ['gpt-5', 'gpt-5-2025-08-07', 'gpt-5-mini', 'gpt-5-mini-2025-08-07', 'gpt-5-nano', 'gpt-5-nano-2025-08-07'],
    '2025-08-07',
    '2026-12-11',
    'reasoning',
    GPT5_EFFORTS,
  ),
  ...family(['gpt-5.4', 'gpt-5.4-2026-02-24', 'gpt-5.4-mini'], '2026-02-24', null, 'reasoning-none', NONE_EFFORTS),
  ...family(['gpt-5.6', 'gpt-5.6-2026-06-09', 'gpt-5.6-mini'], '2026-06-09', null, 'reasoning-none', NONE_EFFORTS),
  ...family(['gpt-6-astra'], '2026-09-03', null, 'reasoning-gpt6', ['low', 'medium', 'high', 'xhigh']),
  ...family(['gpt-6-sol', 'gpt-6-luna'], '2026-09-15', null, 'reasoning-gpt6', GPT6_EFFORTS),
  ...family(['gpt-6.1-sol'], '2026-11-03', null, 'reasoning-gpt6', GPT6_WITHOUT_NONE),
  // Not chat models: a client must never offer them as one.
  ...family(['text-embedding-3-small', 'text-embedding-3-large'], '2024-01-25', null),
  ...family(['text-embedding-ada-002'], '2022-12-16', null),
  ...family(['whisper-1', 'tts-1', 'tts-1-hd', 'dall-e-3', 'babbage-002', 'davinci-002'], '2023-11-06', null),
  ...family(['gpt-4o-mini-tts', 'gpt-4o-transcribe', 'gpt-4o-realtime-preview', 'gpt-4o-audio-preview'], '2024-10-01', null),
  ...family(['gpt-realtime', 'gpt-audio', 'gpt-image-1', 'omni-moderation-latest'], '2025-08-28', null),
];

export const LINEUP_BY_ID = new Map(LINEUP.map((model) => [model.id, model]));

/** Snapshots supervised fine-tuning accepts (gpt-4.1-nano's went with its model on 2026-10-23). */
export const FINE_TUNABLE_SNAPSHOTS = ['gpt-4o-2024-08-06', 'gpt-4o-mini-2024-07-18', 'gpt-4.1-2025-04-14', 'gpt-4.1-mini-2025-04-14'];

/** From this day OpenAI creates no fine-tuning job for anyone. */
export const FINE_TUNING_ENDS = '2027-01-06';

/** A model fine-tuned from a snapshot (`ft:gpt-4o-2024-08-06:org:name:id`) stops with it. */
export function lineupEntry(model: string): LineupModel | undefined {
  return LINEUP_BY_ID.get(model.startsWith('ft:') ? (model.split(':')[1] ?? '') : model);
}
