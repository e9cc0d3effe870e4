import type { ParameterNote, ReasoningEffort } from '../openai/chat-parameters';
import type { GeminiThinking } from './gemini.client';

/*
 * How a section's reasoning effort is sent to Gemini, and what History says of it. Gemini 3 models
 * take a thinking level and Gemini 2.5 models a thinking budget; which a model refuses is learned
 * from its answer (ProviderChat keeps it beside the model's other learned parameters).
 */

/**
 * The Gemini 3 thinking level for the section's effort: Gemini 3 Pro takes only low and high, so every
 * effort is sent as one of them ('none' never is: no level turns thinking off, so it goes as a budget of 0).
 */
const GEMINI_LEVEL: Record<ReasoningEffort, 'LOW' | 'HIGH'> = {
  none: 'LOW',
  minimal: 'LOW',
  low: 'LOW',
  medium: 'HIGH',
  high: 'HIGH',
  xhigh: 'HIGH',
  max: 'HIGH',
};
/**
 * The thinkingBudget for the section's effort, for the models that take a budget and no level (Gemini
 * 2.5): 0 turns thinking off where the model allows it; 24,576 tokens is the most 2.5 Flash and
 * Flash-Lite take (Pro takes up to 32,768), and each budget is within every 2.5 model's range.
 */
const GEMINI_BUDGET: Record<ReasoningEffort, number> = {
  none: 0,
  minimal: 1024,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 24576,
  max: 24576,
};
/** Where a model's refusal of any thinkingLevel is kept, beside its learned parameters. */
export const GEMINI_LEVEL_REFUSED = 'thinking_level';
/** Gemini refusing the level itself ("Thinking level is not supported for this model."), not one value of it. */
export const GEMINI_LEVEL_REFUSAL = /\bthinking[ _]?level (?:is|are) not supported\b/i;
export const GEMINI_NAMES = {
  temperature: ['temperature'],
  reasoningEffort: ['thinking', 'Thinking', 'thinkingConfig', 'thinking_config', 'thinkingLevel', 'thinking_level', 'thinkingBudget', 'thinking_budget'],
};

/** What History says of an effort sent as the nearest thinking level Quire sends (nothing when the level is the effort's own). */
export function geminiLevelNote(effort: ReasoningEffort): ParameterNote | null {
  const level = GEMINI_LEVEL[effort].toLowerCase();
  return level === effort
    ? null
    : {
        parameter: 'reasoning_effort',
        reason: `Quire sends Gemini the thinking levels every Gemini 3 model takes, 'low' and 'high': '${effort}' was sent as '${level}'.`,
      };
}

/** What History says of an effort sent as a thinkingBudget: 'none' as a budget of 0, another because the model refused a level. */
export function geminiBudgetNote(effort: ReasoningEffort, levelRefusal: string | null): ParameterNote {
  const budget = GEMINI_BUDGET[effort];
  if (effort === 'none')
    return { parameter: 'reasoning_effort', reason: "Gemini has no 'none' thinking level: Quire sent a thinkingBudget of 0, which turns thinking off." };
  return {
    parameter: 'reasoning_effort',
    reason: `${levelRefusal ?? 'This model takes no thinkingLevel.'} Quire sent a thinkingBudget of ${budget} tokens for '${effort}'.`,
  };
}

/** The thinking config for an effort: a level, or a budget when the model refused levels (and always for 'none', which no level turns off). */
export function geminiThinking(effort: ReasoningEffort, byBudget: boolean): GeminiThinking {
  return byBudget || effort === 'none' ? { budget: GEMINI_BUDGET[effort] } : { level: GEMINI_LEVEL[effort] };
}
