/** A value as JSON with every object's keys sorted: equal texts, equal content (as jsonb compares it). */
function canonical(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/**
 * Whether a record already holds every value of an update, compared as stored (lists and objects by
 * content, keys in any order; whatever object made them, a worker thread's included): such an
 * update is no write, its `updated_at` stays, and the audit log records nothing. `{}` on a PUT is
 * the plainest case.
 */
export function holdsAlready<T extends object>(current: T, values: Partial<T>): boolean {
  return (Object.keys(values) as (keyof T)[]).every((field) => values[field] === undefined || canonical(current[field]) === canonical(values[field]));
}

const UNCHANGED = new WeakSet<object>();

/** Marks the answer of a write that found the record as asked and left it be: the audit interceptor records no event for it. */
export function unchanged<T extends object>(answer: T): T {
  UNCHANGED.add(answer);
  return answer;
}

export function isUnchanged(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && UNCHANGED.has(answer);
}
