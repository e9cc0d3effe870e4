import type { SectionSnapshot } from '../sections/sections.schema';

/**
 * What a section is expected to write when its model has written nothing yet that Quire kept: the
 * first article on a model reserves this many completion tokens a section, and from then on the most
 * the model has written in one section (BudgetsRepository.estimatedModels).
 */
export const FIRST_SECTION_TOKENS = 4_096;

/** About four characters a token, as every tokenizer Quire writes through averages on English prose. */
const CHARS_PER_TOKEN = 4;

/** A section's model as the estimate reads it: its name at the vendor, its price, and what it writes at most. */
export interface EstimatedModel {
  name: string;
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
 * What each section still to write is expected to cost: its prompts and the page's properties at
 * four characters a token, the sections before it where it names {{previous_sections}}, and the
 * most its model has written in a section (FIRST_SECTION_TOKENS before it has written any) —
 * an upper bound on the writing, which is most of the cost.
 */
export function estimateSections(
  sections: SectionSnapshot[],
  properties: Record<string, string | null>,
  done: Set<number>,
  modelOf: (section: SectionSnapshot) => EstimatedModel | null,
): SectionEstimate[] {
  const propertyChars = Object.values(properties).reduce((sum, value) => sum + (value?.length ?? 0), 0);
  const estimates: SectionEstimate[] = [];
  let previous = 0;
  for (const [position, section] of sections.entries()) {
    const model = modelOf(section);
    const completionTokens = model?.mostWritten ?? FIRST_SECTION_TOKENS;
    if (!done.has(position) && model) {
      const prompt = `${section.systemPrompt}\n${section.userPrompt}`;
      const promptTokens =
        Math.ceil((prompt.length + (prompt.includes('{{') ? propertyChars : 0)) / CHARS_PER_TOKEN) + (prompt.includes('{{previous_sections}}') ? previous : 0);
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
