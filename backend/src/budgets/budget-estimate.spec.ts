import type { SectionSnapshot } from '../sections/sections.schema';
import { EstimatedModel, estimateSections, FIRST_SECTION_TOKENS, textsToCount, tokensByLength, totalUsd } from './budget-estimate';

const section = (heading: string, systemPrompt: string, userPrompt: string, model = 'm-1'): SectionSnapshot => ({
  section: heading,
  heading,
  systemPrompt,
  userPrompt,
  model,
  temperature: 0.5,
  logit_bias_group: null,
});
/** A model at $1 a million prompt tokens and $2 a million written. */
const model = (mostWritten: number | null, name = 'gpt-x', tokens = tokensByLength): EstimatedModel => ({
  name,
  mostWritten,
  tokens,
  cost: (prompt, completion) => (prompt * 1 + completion * 2) / 1e6,
});

describe('estimateSections', () => {
  it("should count the prompts with the model's tokens (four characters a token without a tokenizer), and the most it has written", () => {
    const [estimate] = estimateSections([section('Intro', 'abcd', 'abcdefg')], {}, new Set(), () => model(500));
    expect(estimate).toEqual({ position: 0, heading: 'Intro', model: 'gpt-x', promptTokens: 3, completionTokens: 500, usd: (3 + 1000) / 1e6 });
  });

  it('should reserve FIRST_SECTION_TOKENS for a model that has written nothing yet', () => {
    const [estimate] = estimateSections([section('Intro', '', 'Hi')], {}, new Set(), () => model(null));
    expect(estimate.completionTokens).toBe(FIRST_SECTION_TOKENS);
  });

  it("should add the page's properties to a prompt with placeholders, and the sections before to one naming {{previous_sections}}", () => {
    const sections = [section('Intro', '', 'Introduce {{title}}'), section('Body', '', 'After {{previous_sections}}')];
    const estimates = estimateSections(sections, { Keyword: 'x'.repeat(40) }, new Set(), () => model(300));
    expect(estimates[0].promptTokens).toBe(Math.ceil((1 + 'Introduce {{title}}'.length) / 4) + 40 / 4);
    expect(estimates[1].promptTokens).toBe(Math.ceil((1 + 'After {{previous_sections}}'.length) / 4) + 40 / 4 + 300);
  });

  it("should ask the model's tokenizer for each prompt still to write (textsToCount), and count the properties at four characters a token", () => {
    const sections = [section('Intro', 'You write.', 'Introduce {{title}}'), section('Body', 'You write.', 'More')];
    const properties = { Name: 'Laptops', Keyword: 'cheap' };
    const counts = new Map([
      ['You write.\nIntroduce {{title}}', 7],
      ['You write.\nMore', 5],
    ]);
    expect(textsToCount(sections, new Set())).toEqual([...counts.keys()]);
    expect(textsToCount(sections, new Set([0]))).toEqual(['You write.\nMore']);
    const tokens = (text: string) => counts.get(text) ?? Number.NaN;
    const estimates = estimateSections(sections, properties, new Set(), () => model(100, 'gpt-x', tokens));
    // The properties count where the prompt has placeholders.
    expect(estimates.map((e) => e.promptTokens)).toEqual([7 + Math.ceil('Laptops\ncheap'.length / 4), 5]);
  });

  it('should leave out the sections written already, still counting them as what came before', () => {
    const sections = [section('Intro', '', 'One'), section('Body', '', '{{previous_sections}}')];
    const estimates = estimateSections(sections, {}, new Set([0]), () => model(250));
    expect(estimates.map((e) => e.heading)).toEqual(['Body']);
    expect(estimates[0].promptTokens).toBe(Math.ceil((1 + '{{previous_sections}}'.length) / 4) + 250);
  });

  it('should leave out a section whose model is gone (the writing refuses it in words)', () => {
    expect(estimateSections([section('Intro', '', 'One')], {}, new Set(), () => null)).toEqual([]);
  });
});

describe('totalUsd', () => {
  it('should sum the sections, and answer null when any price is unknown', () => {
    const estimate = { position: 0, heading: 'A', model: 'm', promptTokens: 1, completionTokens: 1 };
    expect(
      totalUsd([
        { ...estimate, usd: 0.25 },
        { ...estimate, usd: 0.5 },
      ]),
    ).toBe(0.75);
    expect(
      totalUsd([
        { ...estimate, usd: 0.25 },
        { ...estimate, usd: null },
      ]),
    ).toBeNull();
    expect(totalUsd([])).toBe(0);
  });
});
