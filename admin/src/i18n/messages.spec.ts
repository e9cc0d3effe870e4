import englishRa from 'ra-language-english';
import { messages as de } from './de';
import { messages as en } from './en';

/**
 * English (bound by the specification) and German, key for key: a key one language has and the
 * other lacks, a differing %{placeholder}, an empty value or a plural with a form missing fails
 * here, and so does a react-admin key (ra.*) of ra-language-english without its German.
 */
type Tree = { [key: string]: string | Tree };

/** Every key of a tree, dotted, with its value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}

/** The %{names} a value takes, each once, sorted. */
const placeholders = (text: string) => [...new Set(text.match(/%\{[^}]+\}/g) ?? [])].sort();
/** Polyglot's plural forms, split by ||||. */
const forms = (text: string) => text.split('||||').length;

const english = leaves(en as unknown as Tree);
const german = leaves(de as unknown as Tree);

describe('The dashboard in English and German', () => {
  it('should have every English key in German', () => {
    expect([...english.keys()].filter((key) => !german.has(key))).toEqual([]);
  });

  it('should have no German key that English lacks', () => {
    expect([...german.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('should have every react-admin key (ra.*) of ra-language-english in both', () => {
    const ra = [...leaves(englishRa as unknown as Tree).keys()];
    expect(ra.length).toBeGreaterThan(150);
    expect(ra.filter((key) => !english.has(key))).toEqual([]);
    expect(ra.filter((key) => !german.has(key))).toEqual([]);
  });

  it('should take the same %{placeholders} in both languages', () => {
    const differing = [...english]
      .filter(([key, text]) => german.has(key) && placeholders(text).join() !== placeholders(german.get(key)!).join())
      .map(([key, text]) => `${key}: ${placeholders(text).join(' ')} ≠ ${placeholders(german.get(key)!).join(' ')}`);
    expect(differing).toEqual([]);
  });

  it('should give a plural the same number of forms in both languages', () => {
    expect([...english].filter(([key, text]) => german.has(key) && forms(text) !== forms(german.get(key)!)).map(([key]) => key)).toEqual([]);
  });

  it('should leave no value empty (ra.boolean.null, a deliberate blank, aside)', () => {
    const blank = (map: Map<string, string>) => [...map].filter(([key, text]) => text.trim() === '' && key !== 'ra.boolean.null').map(([key]) => key);
    expect(blank(english)).toEqual([]);
    expect(blank(german)).toEqual([]);
  });

  it('should have the German differ from the English where words are written (a key merely copied is an untranslated one)', () => {
    // Names, codes and symbols read the same in both languages; so do these names of products.
    const names = new Set(['quire.home.providerKindGemini']);
    const same = [...english].filter(([key, text]) => german.get(key) === text && /[a-z]{3,} [a-z]{3,}/i.test(text) && !names.has(key)).map(([key]) => key);
    expect(same).toEqual([]);
  });
});
