import { BUILT_IN_PLACEHOLDERS, propertyPlaceholders } from './placeholders';

describe('propertyPlaceholders', () => {
  it('should name the page properties the prompts use, in order of first use, each once whatever its case', () => {
    expect(propertyPlaceholders(['Write {{title}} about {{ Keyword }} for {{Audience}}.', 'Again {{keyword}}, then {{Tone}} and {{client}}.'])).toEqual([
      'Keyword',
      'Audience',
      'Tone',
    ]);
  });

  it('should leave out every built-in placeholder', () => {
    expect(propertyPlaceholders([BUILT_IN_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ')])).toEqual([]);
  });
});
