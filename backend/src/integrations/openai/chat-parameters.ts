import { REASONING_EFFORTS, ReasoningEffort } from '@quire/shared';
import type { ParameterRefusal } from './model-parameters.schema';

/**
 * Which of a section's settings a chat request carries, decided by what OpenAI has said of the
 * model, never by a table of Quire's: a parameter is sent until OpenAI refuses it (400
 * `unsupported_parameter` or `unsupported_value` naming it), then the refusal is kept and the
 * request sent again without it (or with a value OpenAI named as supported).
 *
 * What is learned is a *feature* of the request, since OpenAI's answer can depend on the rest of it:
 * - `logit_bias`;
 * - `reasoning_effort` (the parameter at all) and `reasoning_effort=<value>` (one value);
 * - `temperature@<context>`: a temperature, of any value, with `reasoning_effort` absent (`unset`),
 *   `none`, or another value (`effort`) — GPT-6 refuses every temperature, 1 included, unless the
 *   effort is "none"; the gpt-5 family takes only 1 ("Only the default (1) value is supported"),
 *   which the refusal keeps as the value OpenAI named as supported.
 * No value is assumed to be taken by every model, and no effort is added to save a temperature: a
 * temperature OpenAI refuses with the model's own default effort is left out, and the model keeps
 * its default.
 */

export { REASONING_EFFORTS } from '@quire/shared';
export type { ReasoningEffort } from '@quire/shared';

/** What the operator's section asks for. */
export interface DesiredParameters {
  /** Null: none asked (the model's default). */
  temperature: number | null;
  /** Token id → bias, for the model's tokenizer; absent or empty when the section has no list. */
  logitBias?: Record<string, number>;
  /** Unset: the model's default. */
  reasoningEffort: ReasoningEffort | null;
}

/** What OpenAI has told of the model so far. */
export interface KnownParameters {
  refused: Record<string, ParameterRefusal>;
  accepted: string[];
}

/** The settings of a section a model may refuse (and Quire then leaves out). */
export const OMITTABLE_PARAMETERS = ['temperature', 'logit_bias', 'reasoning_effort'] as const;

/** One of the operator's settings not sent as asked, and why (OpenAI's words). */
export interface ParameterNote {
  parameter: (typeof OMITTABLE_PARAMETERS)[number];
  reason: string;
}

export interface ChatPlan {
  temperature?: number;
  logitBias?: Record<string, number>;
  reasoningEffort?: ReasoningEffort;
  /** Settings not sent as the section asks (the History entry names them). */
  notes: ParameterNote[];
  /** The features this request carries (see above). */
  features: string[];
  /** Those OpenAI has neither accepted nor refused for this model yet: the request finds out. */
  unknown: string[];
}

const temperatureFeature = (effort: ReasoningEffort | undefined) => `temperature@${effort === undefined ? 'unset' : effort === 'none' ? 'none' : 'effort'}`;

/** The supported value nearest to `wanted` in effort (the lesser one on a tie). */
function nearestEffort(wanted: ReasoningEffort, supported: string[]): ReasoningEffort | undefined {
  const at = REASONING_EFFORTS.indexOf(wanted);
  const candidates = REASONING_EFFORTS.filter((effort) => supported.includes(effort));
  return candidates.sort(
    (a, b) =>
      Math.abs(REASONING_EFFORTS.indexOf(a) - at) - Math.abs(REASONING_EFFORTS.indexOf(b) - at) || REASONING_EFFORTS.indexOf(a) - REASONING_EFFORTS.indexOf(b),
  )[0];
}

/** The request's parameters for what the section asks, given what OpenAI has said of the model. */
export function planChat(desired: DesiredParameters, known: KnownParameters): ChatPlan {
  const { refused } = known;
  const notes: ParameterNote[] = [];
  let effort: ReasoningEffort | undefined;

  if (desired.reasoningEffort) {
    const wanted = desired.reasoningEffort;
    const whole = refused['reasoning_effort'];
    const value = refused[`reasoning_effort=${wanted}`];
    if (whole) notes.push({ parameter: 'reasoning_effort', reason: whole.reason });
    else if (value) {
      const alternative = nearestEffort(
        wanted,
        (value.supported ?? []).filter((v) => !refused[`reasoning_effort=${v}`]),
      );
      effort = alternative;
      notes.push({ parameter: 'reasoning_effort', reason: alternative ? `${value.reason} Quire sent '${alternative}'.` : value.reason });
    } else effort = wanted;
  }

  let temperature: number | undefined;
  if (desired.temperature !== null) {
    const refusal = refused[temperatureFeature(effort)];
    if (!refusal || refusal.supported?.some((value) => Number(value) === desired.temperature)) temperature = desired.temperature;
    else if (refusal.max !== undefined) {
      temperature = Math.min(desired.temperature, refusal.max);
      if (temperature !== desired.temperature) notes.push({ parameter: 'temperature', reason: `${refusal.reason} Quire sent ${refusal.max}.` });
    } else notes.push({ parameter: 'temperature', reason: refusal.reason });
  }

  let logitBias: Record<string, number> | undefined;
  if (desired.logitBias && Object.keys(desired.logitBias).length > 0) {
    if (refused['logit_bias']) notes.push({ parameter: 'logit_bias', reason: refused['logit_bias'].reason });
    else logitBias = desired.logitBias;
  }

  const features = [
    ...(effort !== undefined ? [`reasoning_effort=${effort}`] : []),
    ...(temperature !== undefined ? [temperatureFeature(effort)] : []),
    ...(logitBias ? ['logit_bias'] : []),
  ];
  // A temperature within the range a refusal named is known to be taken.
  const inRange = (feature: string) => feature.startsWith('temperature@') && refused[feature]?.max !== undefined;
  const unknown = features.filter((feature) => !known.accepted.includes(feature) && !refused[feature] && !inRange(feature));
  return { temperature, logitBias, reasoningEffort: effort, notes, features, unknown };
}

/** OpenAI's refusal of one of the plan's parameters, as OpenAI's error body says it. */
export interface ChatRefusal {
  status: number | undefined;
  code: string | null;
  param: string | null;
  message: string;
}

/** The supported values an "Unsupported value" message names ("Supported values are: 'low', 'medium', and 'high'."). */
function supportedValues(message: string): string[] | undefined {
  const list = /Supported values are:?\s*(.+?)\.?$/i.exec(message)?.[1];
  if (!list) return undefined;
  const values = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
  return values.length > 0 ? values : undefined;
}

/** The one temperature a refusal names as supported ("Only the default (1) value is supported."). */
function supportedTemperatures(message: string): string[] | undefined {
  const value = /Only the default \(([\d.]+)\) value is supported/i.exec(message)?.[1];
  return value === undefined ? undefined : [value];
}

/**
 * Whether an error is OpenAI refusing a parameter the model does not take (`parameter`) or one value
 * of it (`value`): 400 with the code `unsupported_parameter` or `unsupported_value`, or with no code
 * and words that say so ("Unsupported parameter: 'temperature' is not supported with this model.",
 * as GPT-6 Astra answers). A value out of range or a malformed one has a code of its own and is
 * never learned.
 */
function refusalKind(refusal: ChatRefusal): 'parameter' | 'value' | null {
  if (refusal.status !== 400) return null;
  if (refusal.code === 'unsupported_parameter') return 'parameter';
  if (refusal.code === 'unsupported_value') return 'value';
  if (refusal.code !== null) return null;
  const words = /^Unsupported (parameter|value)\b/i.exec(refusal.message)?.[1].toLowerCase();
  return words === 'parameter' || words === 'value' ? words : null;
}

/**
 * The feature OpenAI refused in this answer, when it is one the plan sent and OpenAI names it as a
 * parameter the model does not take; null for any other error (it is reported as usual, never
 * learned).
 */
export function refusedFeature(plan: ChatPlan, refusal: ChatRefusal): { feature: string; refusal: ParameterRefusal } | null {
  const kind = refusalKind(refusal);
  if (!kind) return null;
  const reason = refusal.message;
  if (refusal.param === 'logit_bias' && plan.logitBias) return { feature: 'logit_bias', refusal: { reason } };
  if (refusal.param === 'temperature' && plan.temperature !== undefined) {
    const supported = supportedTemperatures(reason);
    return { feature: temperatureFeature(plan.reasoningEffort), refusal: supported ? { reason, supported } : { reason } };
  }
  if (refusal.param === 'reasoning_effort' && plan.reasoningEffort) {
    if (kind === 'parameter') return { feature: 'reasoning_effort', refusal: { reason } };
    const supported = supportedValues(reason);
    return { feature: `reasoning_effort=${plan.reasoningEffort}`, refusal: supported ? { reason, supported } : { reason } };
  }
  return null;
}

/** How another vendor names the plan's parameters in its requests (and so in its refusals). */
export interface VendorParameterNames {
  temperature: string[];
  reasoningEffort: string[];
}

/**
 * The feature another vendor refused, read from its 400's own words, for the vendors whose
 * refusals carry no parameter field (Anthropic's "`temperature` is deprecated for this model.",
 * "temperature: Input should be less than or equal to 1", an OpenAI-compatible server's "Extra
 * inputs are not permitted" naming `reasoning_effort`): the refusal names one of the parameters the
 * plan sent. A range it names is kept as the value it allows at most.
 */
export function namedRefusal(
  plan: ChatPlan,
  status: number | undefined,
  message: string,
  names: VendorParameterNames,
): { feature: string; refusal: ParameterRefusal } | null {
  if (status !== 400 || !message) return null;
  const mentions = (list: string[]) => list.some((name) => new RegExp(`(^|[^A-Za-z_.])${name.replace(/[.]/g, '\\.')}([^A-Za-z_]|$)`).test(message));
  const reason = message;
  if (plan.temperature !== undefined && mentions(names.temperature)) {
    const max = /less than or equal to ([\d.]+)/i.exec(message)?.[1];
    return { feature: temperatureFeature(plan.reasoningEffort), refusal: max !== undefined ? { reason, max: Number(max) } : { reason } };
  }
  if (plan.reasoningEffort !== undefined && mentions(names.reasoningEffort)) {
    const supported = supportedValues(message);
    return supported
      ? { feature: `reasoning_effort=${plan.reasoningEffort}`, refusal: { reason, supported } }
      : { feature: 'reasoning_effort', refusal: { reason } };
  }
  return null;
}

/** Whether OpenAI's answers so far show the model reasons: null when they show nothing either way. */
export function reasonsFrom(known: KnownParameters): boolean | null {
  if (known.refused['reasoning_effort']) return false;
  const tookEffort = known.accepted.some((feature) => feature.startsWith('reasoning_effort='));
  const refusedLikeOne = Object.keys(known.refused).some(
    (feature) => feature.startsWith('reasoning_effort=') || feature === 'logit_bias' || feature.startsWith('temperature@'),
  );
  return tookEffort || refusedLikeOne ? true : null;
}
