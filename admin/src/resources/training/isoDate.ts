/** Dates of the cluster screens travel as `yyyy-MM-dd` (spec §9), in the URL and to the API. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A picked day (local midnight) as `yyyy-MM-dd`; null for no date or an unfinished one. */
export function toIsoDate(date: Date | null | undefined): string | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `yyyy-MM-dd` as a local date for the pickers; null when absent or not a real day. */
export function fromIsoDate(value: string | null | undefined): Date | null {
  const match = value ? ISO_DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Spec §5 "Cluster inclusion": a published date is present and within start..end inclusive. */
export function isWithin(publishedDate: string | null | undefined, start: string, end: string): boolean {
  if (!publishedDate) return false;
  const day = publishedDate.slice(0, 10);
  return ISO_DATE.test(day) && day >= start && day <= end;
}
