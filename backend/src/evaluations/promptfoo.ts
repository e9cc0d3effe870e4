import { stringify } from 'yaml';
import { EMBEDDING_MODEL } from '../integrations/openai/model-catalogue';
import { pairOf } from '../examples/example-chooser';
import type { ChatMessage } from '../models/models.schema';

/** The similarity a Promptfoo test asks of an output (cosine, as Quire scores it); change it to taste. */
export const PROMPTFOO_THRESHOLD = 0.8;

export interface ExportedVariant {
  label: string;
  /** The vendor's model it writes with. */
  openAiModel: string;
  /** Its model provider's vendor and address (an OpenAI-compatible server's); absent: OpenAI. */
  provider?: { kind: 'anthropic' | 'gemini' | 'openai-compatible'; baseUrl: string | null };
}

/** Promptfoo's provider for a variant: its id and the config that points it at the variant's vendor. */
function promptfooProvider(variant: ExportedVariant): { id: string; config: Record<string, unknown> } {
  // No temperature and no token limit, as Quire asks: each model writes at its own defaults
  // (without omitDefaults Promptfoo's OpenAI provider would send its own, temperature 0 and max_tokens 1024).
  switch (variant.provider?.kind) {
    case 'anthropic':
      return { id: `anthropic:messages:${variant.openAiModel}`, config: {} };
    case 'gemini':
      return { id: `google:${variant.openAiModel}`, config: {} };
    case 'openai-compatible':
      return { id: `openai:chat:${variant.openAiModel}`, config: { omitDefaults: true, apiBaseUrl: variant.provider.baseUrl } };
    default:
      return { id: `openai:chat:${variant.openAiModel}`, config: { omitDefaults: true } };
  }
}

export interface ExportedItem {
  exampleUuid: string;
  system: string;
  prompt: string;
  original: string;
  /** Per variant label: the in-context examples it was given (user/assistant pairs), as Quire sent them. */
  examples: Record<string, ChatMessage[]>;
}

/**
 * Each held-out example with the in-context examples each variant's output was sent, as they were
 * sent (the nearest last), read from the examples' messages by uuid.
 */
export function exportedItems(
  items: { id: string; exampleUuid: string; system: string; prompt: string; original: string }[],
  outputs: { itemId: string; label: string; examples: string[] }[],
  messages: Map<string, ChatMessage[]>,
): ExportedItem[] {
  return items.map((item) => ({
    exampleUuid: item.exampleUuid,
    system: item.system,
    prompt: item.prompt,
    original: item.original,
    examples: Object.fromEntries(
      outputs
        .filter((o) => o.itemId === item.id)
        .map((o) => [
          o.label,
          [...o.examples].reverse().flatMap((uuid) => {
            const pair = pairOf(messages.get(uuid) ?? []);
            return pair.user === null || pair.assistant === null
              ? []
              : [
                  { role: 'user' as const, content: pair.user },
                  { role: 'assistant' as const, content: pair.assistant },
                ];
          }),
        ]),
    ),
  }));
}

/** A variable name for a variant's messages (labels may hold any character). */
const messagesVar = (index: number) => `messages_${index + 1}`;

/**
 * An evaluation as a Promptfoo configuration that reruns it outside Quire: one chat prompt and one
 * provider per variant, of its vendor (OpenAI, `anthropic:messages`, `google`, or OpenAI's at an
 * OpenAI-compatible server's address) (the provider runs only its own prompt), each held-out example a test
 * whose variables hold every variant's messages (the example's system message, the in-context
 * examples Quire sent, its user message) and whose assertion is the similarity of the output's
 * embedding to the original's (text-embedding-3-small, as Quire scores). Run: `npx promptfoo eval -c <file>`.
 */
export function promptfooConfig(evaluation: { id: string; modelName: string; createdAt: Date }, variants: ExportedVariant[], items: ExportedItem[]): string {
  const config = {
    description: `Quire evaluation ${evaluation.id}: examples of "${evaluation.modelName}", ${evaluation.createdAt.toISOString().slice(0, 10)}`,
    prompts: variants.map((variant, i) => ({ label: variant.label, raw: `{{ ${messagesVar(i)}.messages | dump }}` })),
    providers: variants.map((variant) => {
      const { id, config } = promptfooProvider(variant);
      return { id, label: variant.label, prompts: [variant.label], config };
    }),
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
    ...(variants.some((v) => v.provider?.kind === 'anthropic') ? ['# with ANTHROPIC_API_KEY=… for the Anthropic setups'] : []),
    ...(variants.some((v) => v.provider?.kind === 'gemini') ? ['# with GOOGLE_API_KEY=… (a Gemini API key) for the Gemini setups'] : []),
    ...(variants.some((v) => v.provider?.kind === 'openai-compatible')
      ? ["# An OpenAI-compatible server's setup sends OPENAI_API_KEY to its address: set its own key there if it takes one."]
      : []),
    "# Each provider writes with its variant's messages only; each test asks the output to be similar to the original.",
  ].join('\n');
  return `${header}\n${stringify(config, { lineWidth: 0 })}`;
}
