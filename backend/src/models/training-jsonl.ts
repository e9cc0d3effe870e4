import { ChatMessage } from './models.schema';

/** OpenAI's chat fine-tuning format: one {"messages": [...]} object per line. */
export function toTrainingJsonl(examples: { messages: ChatMessage[] }[]): string {
  return examples.map((example) => JSON.stringify({ messages: example.messages })).join('\n') + '\n';
}
