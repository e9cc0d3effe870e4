/** `{{name}}` in a prompt: the name, spaces around it ignored. */
export const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The placeholders Quire fills itself (the server's SectionWriter); every other name is a page property. */
export const BUILT_IN_PLACEHOLDERS = ['title', 'article_title', 'article_type', 'client', 'section_heading', 'previous_sections'] as const;

/** The names of the page properties `texts` use, in order of first use, each once (any case counts as one). */
export function propertyPlaceholders(texts: string[]): string[] {
  const names = new Map<string, string>();
  for (const text of texts) {
    for (const match of text.matchAll(PLACEHOLDER)) {
      const name = match[1];
      if ((BUILT_IN_PLACEHOLDERS as readonly string[]).includes(name) || names.has(name.toLowerCase())) continue;
      names.set(name.toLowerCase(), name);
    }
  }
  return [...names.values()];
}
