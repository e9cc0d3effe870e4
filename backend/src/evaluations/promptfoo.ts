import { stringify } from 'yaml';
import { EMBEDDING_MODEL } from '../integrations/openai/model-catalogue';
import type { ChatMessage } from '../models/models.schema';

/** The similarity a Promptfoo test asks of an output (cosine, as Quire scores it); change it to taste. */
export const PROMPTFOO_THRESHOLD = 0.8;

export interface ExportedVariant {
  label: string;
  /** The OpenAI model it writes with. */
  openAiModel: string;
}

export interface ExportedItem {
  exampleUuid: string;
  system: string;
  prompt: string;
  original: string;
  /** Per variant label: the in-context examples it was given (user/assistant pairs), as Quire sent them. */
  examples: Record<string, ChatMessage[]>;
}

/** A variable name for a variant's messages (labels may hold any character). */
const messagesVar = (index: number) => `messages_${index + 1}`;

/**
 * An evaluation as a Promptfoo configuration that reruns it outside Quire: one chat prompt and one
 * OpenAI provider per variant (the provider runs only its own prompt), each held-out example a test
 * whose variables hold every variant's messages (the example's system message, the in-context
 * examples Quire sent, its user message) and whose assertion is the similarity of the output's
 * embedding to the original's (text-embedding-3-small, as Quire scores). Run: `npx promptfoo eval -c <file>`.
 */
export function promptfooConfig(evaluation: { id: string; modelName: string; createdAt: Date }, variants: ExportedVariant[], items: ExportedItem[]): string {
  const config = {
    description: `Quire evaluation ${evaluation.id}: examples of "${evaluation.modelName}", ${evaluation.createdAt.toISOString().slice(0, 10)}`,
    prompts: variants.map((variant, i) => ({ label: variant.label, raw: `{{ ${messagesVar(i)}.messages | dump }}` })),
    // No temperature and no token limit, as Quire asks: each model writes at its own defaults
    // (without omitDefaults Promptfoo would send its own, temperature 0 and max_tokens 1024).
    providers: variants.map((variant) => ({
      id: `openai:chat:${variant.openAiModel}`,
      label: variant.label,
      prompts: [variant.label],
      config: { omitDefaults: true },
    })),
    defaultTest: { options: { provider: { embedding: { id: `openai:embedding:${EMBEDDING_MODEL}` } } } },
    tests: items.map((item) => ({
      description: `Example ${item.exampleUuid}`,
      vars: Object.fromEntries(
        // In an object: Promptfoo makes one test per value of a variable that is a list.
        variants.map((variant, i) => [
          messagesVar(i),
          { messages: [{ role: 'system', content: item.system }, ...(item.examples[variant.label] ?? []), { role: 'user', content: item.prompt }] },
        ]),
      ),
      assert: [{ type: 'similar', value: item.original, threshold: PROMPTFOO_THRESHOLD }],
    })),
  };
  const header = [
    '# A Promptfoo configuration (https://www.promptfoo.dev) exported by Quire: rerun the evaluation with',
    '#   OPENAI_API_KEY=… npx promptfoo@latest eval -c <this file>',
    "# Each provider writes with its variant's messages only; each test asks the output to be similar to the original.",
  ].join('\n');
  return `${header}\n${stringify(config, { lineWidth: 0 })}`;
}
