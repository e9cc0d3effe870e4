/** The placeholder names a prompt may use besides any Notion property (PRODUCT.md, step 4). */
export const BUILT_IN_PLACEHOLDERS = ['title', 'article_title', 'article_type', 'client', 'section_heading', 'previous_sections'] as const;

export class UnknownPlaceholderError extends Error {}

/**
 * Fills `{{name}}` from the built-in values, then from the page's properties (exact name first,
 * then ignoring case). An unknown name fails with a message naming it.
 */
export function fillPlaceholders(text: string, builtIns: Record<string, string>, properties: Record<string, string>, where: string): string {
  const lower = new Map(Object.entries(properties).map(([key, value]) => [key.toLowerCase(), value]));
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (_, name: string) => {
    if (name in builtIns) return builtIns[name];
    if (name in properties) return properties[name];
    const found = lower.get(name.toLowerCase());
    if (found !== undefined) return found;
    throw new UnknownPlaceholderError(`Unknown placeholder {{${name}}} in ${where}: it is neither a built-in placeholder nor a property of the Notion page.`);
  });
}
