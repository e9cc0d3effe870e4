/** Spec §5: drop a trailing " (n)", then append the first " (n)" not yet taken, from 1. */
export function copyName(name: string, taken: Iterable<string>): string {
  const base = name.replace(/ \(\d+\)$/, '');
  const names = new Set(taken);
  for (let n = 1; ; n++) {
    const candidate = `${base} (${n})`;
    if (!names.has(candidate)) return candidate;
  }
}
