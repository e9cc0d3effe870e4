import type { SectionSnapshot } from '../sections/sections.schema';

/**
 * What a section is expected to write when its model has written nothing yet that Quire kept: the
 * first article on a model reserves this many completion tokens a section, and from then on the most
 * the model has written in one section (BudgetsRepository.estimatedModels).
 */
export const FIRST_SECTION_TOKENS = 4_096;

/** About four characters a token, as every tokenizer Quire writes through averages on English prose. */
const CHARS_PER_TOKEN = 4;

/** A text's tokens where the model's tokenizer is not at hand: about four characters a token. */
export const tokensByLength = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * The texts an estimate counts with the model's tokenizer: each prompt of the sections still to
 * write, the same from row to row of a template (counted once a server keeps them). A row's
 * properties, a few words that differ on every row, are counted at four characters a token: sending
 * them to the tokenizer would cost every reservation a round trip to the CPU pool.
 */
export function textsToCount(sections: SectionSnapshot[], done: Set<number>): string[] {
  return sections.filter((_, position) => !done.has(position)).map(promptOf);
}

const promptOf = (section: SectionSnapshot) => `${section.systemPrompt}\n${section.userPrompt}`;
const propertiesText = (properties: Record<string, string | null>) => Object.values(properties).filter(Boolean).join('\n');

/** A section's model as the estimate reads it: its name at the vendor, its price, and what it writes at most. */
export interface EstimatedModel {
  name: string;
  /** A text's tokens: with the model's tokenizer where Quire has it (OpenAI's), else tokensByLength. */
  tokens(text: string): number;
  /** What it costs for these tokens (the batch price where the section goes in a batch); null when its price is unknown. */
  cost(promptTokens: number, completionTokens: number): number | null;
  mostWritten: number | null;
}

/** One section's estimate: its tokens and its cost (null: the model's price is unknown). */
export interface SectionEstimate {
  position: number;
  heading: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  usd: number | null;
}

/**
 * What each section still to write is expected to cost: its prompts as its model's tokenizer counts
 * them and the page's properties at four characters a token (textsToCount), the sections before it where it names {{previous_sections}}, and the
 * most its model has written in a section (FIRST_SECTION_TOKENS before it has written any) —
 * an upper bound on the writing, which is most of the cost.
 */
export function estimateSections(
  sections: SectionSnapshot[],
  properties: Record<string, string | null>,
  done: Set<number>,
  modelOf: (section: SectionSnapshot) => EstimatedModel | null,
): SectionEstimate[] {
  const values = propertiesText(properties);
  const estimates: SectionEstimate[] = [];
  let previous = 0;
  for (const [position, section] of sections.entries()) {
    const model = modelOf(section);
    const completionTokens = model?.mostWritten ?? FIRST_SECTION_TOKENS;
    if (!done.has(position) && model) {
      const prompt = promptOf(section);
      const promptTokens =
        model.tokens(prompt) + (prompt.includes('{{') ? tokensByLength(values) : 0) + (prompt.includes('{{previous_sections}}') ? previous : 0);
      estimates.push({
        position,
        heading: section.heading,
        model: model.name,
        promptTokens,
        completionTokens,
        usd: model.cost(promptTokens, completionTokens),
      });
    }
    previous += completionTokens;
  }
  return estimates;
}

/** The sum of the estimates; null when any section's price is unknown. */
export function totalUsd(estimates: SectionEstimate[]): number | null {
  let total = 0;
  for (const estimate of estimates) {
    if (estimate.usd === null) return null;
    total += estimate.usd;
  }
  return total;
}
