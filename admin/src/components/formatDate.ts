/** A timestamp in the browser's local format, or "-" when there is none. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString();
}
