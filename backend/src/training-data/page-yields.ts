/** What the crawled pages of a job gave: sections, only a title and intro, or nothing. */
export interface PageYields {
  withSections: number;
  introOnly: number;
  nothing: number;
}

/** How many skip reasons the job's message names: enough to explain the common cases, short enough to read. */
export const REASONS_IN_SUMMARY = 3;

const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

/**
 * The job's closing line on what its pages gave, with the commonest reasons pages gave nothing:
 * "15 pages gave sections, 1 intro only, 5 nothing (2 × listing page; 1 × noindex)."
 */
export function yieldSummary(yields: PageYields, reasons: { reason: string; pages: number }[]): string {
  const why = reasons
    .slice(0, REASONS_IN_SUMMARY)
    .map((r) => `${r.pages} × ${r.reason}`)
    .join('; ');
  return `${pages(yields.withSections)} gave sections, ${yields.introOnly} intro only, ${yields.nothing} nothing${why ? ` (${why})` : ''}.`;
}
