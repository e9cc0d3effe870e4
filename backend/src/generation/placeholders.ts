import { PLACEHOLDER } from '@quire/shared';
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
  return text.replace(PLACEHOLDER, (_, name: string) => {
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
