/** Longest message kept on a job (a vendor's or a website's words included). */
export const MAX_STORED_MESSAGE = 2_000;

/**
 * Text that came from outside (a vendor, a website, an error) made storable: PostgreSQL's text
 * and jsonb refuse NUL and unpaired UTF-16 surrogates, and a failure must always be recordable.
 */
export function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex -- NUL is what PostgreSQL refuses
  return text.toWellFormed().replace(/\u0000/g, '');
}

/** A job's message: storable and of a sensible length. */
export function storableMessage(text: string): string {
  const clean = storableText(text);
  return clean.length > MAX_STORED_MESSAGE ? `${clean.slice(0, MAX_STORED_MESSAGE - 1)}…` : clean;
}

/** storableText applied to every string (values and keys) inside a JSON-shaped value. */
export function storableDeep<T>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (Array.isArray(value)) return value.map(storableDeep) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [storableText(key), storableDeep(inner)])) as T;
  }
  return value;
}
