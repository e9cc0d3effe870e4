/** A Notion page property as plain text, for placeholders and for finding templates and clients. */
export function propertyText(property: Record<string, any> | undefined): string {
  if (!property) return '';
  const rich = (items: { plain_text?: string }[] | undefined) => (items ?? []).map((item) => item.plain_text ?? '').join('');
  switch (property.type) {
    case 'title':
      return rich(property.title);
    case 'rich_text':
      return rich(property.rich_text);
    case 'select':
      return property.select?.name ?? '';
    case 'status':
      return property.status?.name ?? '';
    case 'multi_select':
      return (property.multi_select ?? []).map((option: { name: string }) => option.name).join(', ');
    case 'number':
      return property.number === null || property.number === undefined ? '' : String(property.number);
    case 'checkbox':
      return property.checkbox ? 'Yes' : 'No';
    case 'date':
      return property.date ? [property.date.start, property.date.end].filter(Boolean).join(' – ') : '';
    case 'url':
      return property.url ?? '';
    case 'email':
      return property.email ?? '';
    case 'phone_number':
      return property.phone_number ?? '';
    case 'people':
      return (property.people ?? []).map((person: { name?: string }) => person.name ?? '').filter(Boolean).join(', ');
    case 'formula': {
      const formula = property.formula ?? {};
      return String(formula[formula.type] ?? '');
    }
    default:
      return '';
  }
}

/** Every property of a page as text, keyed by its name. */
export function pageProperties(page: { properties?: Record<string, any> }): Record<string, string> {
  return Object.fromEntries(Object.entries(page.properties ?? {}).map(([name, property]) => [name, propertyText(property)]));
}

/** The page's title (its one property of type title). */
export function pageTitle(page: { properties?: Record<string, any> }): string {
  const title = Object.values(page.properties ?? {}).find((property) => property?.type === 'title');
  return propertyText(title).trim() || 'Untitled';
}
