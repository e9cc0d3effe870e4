/** A name without its trailing " (n)": what a copy's name is built on. */
export function copyBase(name: string): string {
  return name.replace(/ \(\d+\)$/, '');
}

/** Spec §5: drop a trailing " (n)", then append the first " (n)" not yet taken, from 1. */
export function copyName(name: string, taken: Iterable<string>): string {
  const base = copyBase(name);
  const names = new Set(taken);
  for (let n = 1; ; n++) {
    const candidate = `${base} (${n})`;
    if (!names.has(candidate)) return candidate;
  }
}
