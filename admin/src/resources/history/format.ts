import { formatDecimal } from '../../i18n/format';

/** A duration: "850 ms", "12.4 s" ("12,4 s" in German), "3 min 5 s". */
export function formatDuration(ms: number | null | undefined, none: string): string {
  if (ms === null || ms === undefined) return none;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${formatDecimal(ms / 1000, 1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
