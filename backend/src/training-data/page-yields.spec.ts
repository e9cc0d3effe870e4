import { yieldSummary } from './page-yields';

describe(yieldSummary.name, () => {
  it('should count the pages by what they gave and name the commonest skip reasons when pages were skipped', () => {
    const reasons = [
      { reason: 'listing page', pages: 3 },
      { reason: 'noindex', pages: 2 },
      { reason: 'HTTP 404', pages: 1 },
      { reason: 'not HTML (application/pdf)', pages: 1 },
    ];
    expect(yieldSummary({ withSections: 12, introOnly: 4, nothing: 7 }, reasons)).toBe(
      '12 pages gave sections, 4 intro only, 7 nothing (3 × listing page; 2 × noindex; 1 × HTTP 404).',
    );
  });

  it('should say "1 page" and leave out the reasons when no page was skipped', () => {
    expect(yieldSummary({ withSections: 1, introOnly: 0, nothing: 0 }, [])).toBe('1 page gave sections, 0 intro only, 0 nothing.');
  });
});
