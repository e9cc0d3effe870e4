/** OpenAI's reasoning efforts (chat completions' `reasoning_effort`), least effort first. Not every model takes every value. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];
