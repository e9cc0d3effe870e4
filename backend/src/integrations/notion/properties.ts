/** Reads what a page's properties only point to (NotionClient.propertyReader). */
export interface PropertyReader {
  /** The title of a page, as Notion shows it ("Untitled" when blank). */
  pageTitle(pageId: string): Promise<string>;
  /** Every page a relation property links to, past the 25 a page object holds. */
  relationIds(pageId: string, propertyId: string): Promise<string[]>;
}

/**
 * A property's text, or null when Notion does not give an integration the text a person sees: a
 * person's name without a user-information capability, a formula or rollup result the API does
 * not compute, a button. Null is kept apart from '' (an empty cell) so that a prompt using it fails
 * with the reason instead of being filled with nothing.
 */
export type PropertyText = string | null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Notion's property JSON, read by field
type Value = Record<string, any>;

const richText = (items: { plain_text?: string }[] | undefined) => (items ?? []).map((item) => item.plain_text ?? '').join('');

/** As Notion writes a range: `2026-11-22 → 2026-11-30`; dates and times as Notion gives them (ISO 8601). */
const dateText = (date: { start?: string; end?: string | null } | null | undefined) =>
  date?.start ? (date.end ? `${date.start} → ${date.end}` : date.start) : '';

const yesNo = (value: boolean | null | undefined) => (value === null || value === undefined ? '' : value ? 'Yes' : 'No');

/** A person's (or group's) name; Notion leaves it out unless the integration may read user information. */
const nameOf = (user: { name?: string | null } | null | undefined): PropertyText => (user ? (user.name ?? null) : '');

/** Several texts as a person reads a cell: joined by commas; unreadable if any part is. */
function list(parts: PropertyText[]): PropertyText {
  if (parts.includes(null)) return null;
  return (parts as string[]).filter((part) => part !== '').join(', ');
}

const VERIFICATION: Record<string, string> = { verified: 'Verified', expired: 'Expired', unverified: 'Unverified' };

/** One property value (or a rollup's item) as text; relations need the reader for their titles. */
async function valueText(value: Value, reader: PropertyReader, page?: { id: string; propertyId: string }): Promise<PropertyText> {
  const inner = value[value.type];
  switch (value.type) {
    case 'title':
    case 'rich_text':
      return richText(inner);
    case 'number':
      return inner === null || inner === undefined ? '' : String(inner);
    case 'select':
    case 'status':
      return inner?.name ?? '';
    case 'multi_select':
      return list((inner ?? []).map((option: { name: string }) => option.name));
    case 'checkbox':
      return yesNo(inner);
    case 'date':
      return dateText(inner);
    case 'url':
    case 'email':
    case 'phone_number':
    case 'created_time':
    case 'last_edited_time':
      return inner ?? '';
    case 'people':
      return list((inner ?? []).map(nameOf));
    case 'created_by':
    case 'last_edited_by':
      return nameOf(inner);
    case 'files':
      return list((inner ?? []).map((file: { name?: string }) => file.name ?? ''));
    case 'unique_id':
      if (inner?.number === null || inner?.number === undefined) return '';
      return inner.prefix ? `${inner.prefix}-${inner.number}` : String(inner.number);
    case 'verification':
      return inner ? (VERIFICATION[inner.state] ?? null) : '';
    case 'place':
      return inner ? (inner.name ?? inner.address ?? `${inner.lat}, ${inner.lon}`) : '';
    case 'formula':
      return formulaText(inner ?? {});
    case 'relation': {
      const ids: string[] = page && value.has_more ? await reader.relationIds(page.id, page.propertyId) : (inner ?? []).map((r: { id: string }) => r.id);
      const titles: string[] = [];
      for (const id of ids) titles.push(await reader.pageTitle(id));
      return list(titles);
    }
    case 'rollup':
      return rollupText(inner ?? {}, reader);
    default:
      // A button has no text, and a type Notion adds later is not known yet: neither is guessed as ''.
      return null;
  }
}

function formulaText(formula: Value): PropertyText {
  switch (formula.type) {
    case 'string':
      return formula.string ?? '';
    case 'number':
      return formula.number === null || formula.number === undefined ? '' : String(formula.number);
    case 'boolean':
      return yesNo(formula.boolean);
    case 'date':
      return dateText(formula.date);
    default:
      return null;
  }
}

async function rollupText(rollup: Value, reader: PropertyReader): Promise<PropertyText> {
  switch (rollup.type) {
    case 'number':
      return rollup.number === null || rollup.number === undefined ? '' : String(rollup.number);
    case 'date':
      return dateText(rollup.date);
    case 'array': {
      const parts: PropertyText[] = [];
      for (const item of rollup.array ?? []) parts.push(await valueText(item, reader));
      return list(parts);
    }
    default:
      // 'unsupported' and 'incomplete': Notion did not compute the value for the API.
      return null;
  }
}

/** Every property of a page as the text a person sees in its cell, keyed by the property's name. */
export async function pageProperties(page: { id: string; properties?: Record<string, Value> }, reader: PropertyReader): Promise<Record<string, PropertyText>> {
  const texts: [string, PropertyText][] = [];
  for (const [name, property] of Object.entries(page.properties ?? {})) {
    texts.push([name, await valueText(property, reader, { id: page.id, propertyId: property.id })]);
  }
  // fromEntries, so a property named like __proto__ stays a property.
  return Object.fromEntries(texts);
}

/** The page's title (its one property of type title), "Untitled" when blank, as Notion shows it. */
export function pageTitle(page: { properties?: Record<string, Value> }): string {
  const title = Object.values(page.properties ?? {}).find((property) => property?.type === 'title');
  return richText(title?.title).trim() || 'Untitled';
}
