/** Visible ASCII only: what API keys, integration secrets and database ids are made of. */
const PRINTABLE = /^[\x21-\x7e]*$/;

/**
 * What is wrong with a pasted key or secret, in the words a field shows, or null when it can be
 * kept: keys travel in HTTP headers, where anything else would fail at every use.
 */
export function secretTextProblem(
  value: string,
): 'looks like a redacted hint' | 'must not contain spaces or line breaks' | 'may only contain letters, digits and punctuation' | null {
  if (value.includes('…')) return 'looks like a redacted hint';
  if (/\s/.test(value)) return 'must not contain spaces or line breaks';
  if (!PRINTABLE.test(value)) return 'may only contain letters, digits and punctuation';
  return null;
}
