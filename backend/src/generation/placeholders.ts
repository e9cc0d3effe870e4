import { UserFacingError } from '../common/user-facing-error';

/** A placeholder the page cannot fill; the message names it, for History. */
export class UnknownPlaceholderError extends UserFacingError {}

/**
 * Fills `{{name}}` from the built-in values, then from the page's properties (exact name first,
 * then ignoring case). An unknown name fails with a message naming it; so does a property whose
 * text Notion does not give the integration (null, see PropertyText), rather than filling nothing.
 */
export function fillPlaceholders(text: string, builtIns: Record<string, string>, properties: Record<string, string | null>, where: string): string {
  const lower = new Map(Object.entries(properties).map(([key, value]) => [key.toLowerCase(), { key, value }]));
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_, name: string) => {
    if (Object.hasOwn(builtIns, name)) return builtIns[name];
    const found = Object.hasOwn(properties, name) ? { key: name, value: properties[name] } : lower.get(name.toLowerCase());
    if (!found)
      throw new UnknownPlaceholderError(`Unknown placeholder {{${name}}} in ${where}: it is neither a built-in placeholder nor a property of the Notion page.`);
    if (found.value === null) {
      throw new UnknownPlaceholderError(
        `Placeholder {{${name}}} in ${where}: Notion does not give Quire the text of the page's "${found.key}" property. A person's name needs the integration's "Read user information" capability in Notion; buttons, and formulas or rollups Notion's API does not compute, have no text to use.`,
      );
    }
    return found.value;
  });
}

/** The placeholders Quire fills itself (see SectionWriter); every other name is a page property. */
export const BUILT_IN_PLACEHOLDERS = ['title', 'article_title', 'article_type', 'client', 'section_heading', 'previous_sections'] as const;

/** The names of the page properties `texts` use, in order of first use, each once (any case counts as one). */
export function propertyPlaceholders(texts: string[]): string[] {
  const names = new Map<string, string>();
  for (const text of texts) {
    for (const match of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
      const name = match[1];
      if ((BUILT_IN_PLACEHOLDERS as readonly string[]).includes(name) || names.has(name.toLowerCase())) continue;
      names.set(name.toLowerCase(), name);
    }
  }
  return [...names.values()];
}
