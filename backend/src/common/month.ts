/** The calendar month in UTC that `now` is in: its first instant, the next month's, its name and its key (`2026-11`). */
export function monthOf(now: Date): { start: Date; next: Date; name: string; key: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, next, name: start.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }), key: start.toISOString().slice(0, 7) };
}
