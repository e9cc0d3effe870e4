/** A message as a simulator hands it over: its role and its content (a string, or whatever the vendor's body held). */
export interface ChatTurn {
  role: string;
  content: unknown;
}

/**
 * What a simulated model writes for a conversation, the same for every simulator that writes text
 * (OpenAI's chat completions, Anthropic's messages, an OpenAI-compatible server):
 * `Written by <model> for: <the last user message, 120 characters>`; a model shown examples (an
 * assistant message before the last message) then writes like the last one shown (400 characters);
 * and a model told which words to avoid ("Avoid these words: a, b." in any message, or in
 * `instructions` — Anthropic's top-level `system`) takes those words out of its answer, unless
 * `disobey()` says it slips this time (asked only when words to avoid were named, so a counter of
 * slips counts only requests that named some).
 */
export function writtenText(model: string, messages: readonly ChatTurn[], options: { instructions?: string; disobey?: () => boolean } = {}): string {
  const user = [...messages].reverse().find((m) => m.role === 'user');
  let content = `Written by ${model} for: ${String(user?.content ?? '').slice(0, 120)}`;
  const shown = messages.slice(0, -1).findLast((m) => m.role === 'assistant');
  if (shown) content += `\n\n${String(shown.content).slice(0, 400)}`;
  const texts = [...(options.instructions === undefined ? [] : [options.instructions]), ...messages.map((m) => String(m.content))];
  return followAvoidInstruction(texts, content, options.disobey ?? (() => false));
}

/** Every word the texts name after "Avoid these words:" is taken out of the answer (unless the model slips). */
function followAvoidInstruction(texts: string[], content: string, disobey: () => boolean): string {
  const named = texts.flatMap((text) => [...text.matchAll(/Avoid these words: ([^\n]+?)\.(?:\n|$)/g)].flatMap((match) => match[1].split(', ')));
  if (named.length === 0 || disobey()) return content;
  const words = new Set(named.map((word) => word.replace(/^"|"$/g, '').toLowerCase()));
  return content.replace(/[\p{L}\p{N}'-]+/gu, (word) => (words.has(word.toLowerCase()) ? '' : word)).replace(/ {2,}/g, ' ');
}

/**
 * A prompt's tokens as the Anthropic and Gemini simulators count them, in a message's usage and at
 * their count endpoints alike: a token a word and a token a mark of punctuation. Neither vendor's
 * tokenizer, and deliberately not four characters a token (Quire's own guess where it has no
 * count), so that a test can tell a vendor's count from Quire's guess.
 */
export function promptTokens(texts: readonly string[]): number {
  return texts.reduce((sum, text) => sum + (text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}\s]/gu)?.length ?? 0), 0);
}
