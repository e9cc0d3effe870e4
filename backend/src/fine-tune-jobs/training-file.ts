/** OpenAI accepts up to 64 letters, digits, "-" and "_" as a model-name suffix. */
export function cleanSuffix(suffix: string): string {
  const cleaned = suffix
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/[-_]*-[-_]*/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 64);
  return cleaned || 'quire';
}
