import { ChatMessage } from '../models/models.schema';

/** OpenAI's chat fine-tuning format: one {"messages": [...]} object per line. */
export function toTrainingJsonl(examples: { messages: ChatMessage[] }[]): string {
  return examples.map((example) => JSON.stringify({ messages: example.messages })).join('\n') + '\n';
}

/** OpenAI accepts up to 64 letters, digits, "-" and "_" as a model-name suffix. */
export function cleanSuffix(suffix: string): string {
  const cleaned = suffix
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/[-_]*-[-_]*/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 64);
  return cleaned || 'quire';
}
