import { isChromeLine, withoutChromeLines } from './chrome-lines';
import type { Piece } from './content-pieces';

const p = (text: string) => ({ type: 'p' as const, text });

describe(isChromeLine.name, () => {
  it.each([
    'By Ann Lee',
    'By Ann Lee - 11/18/19 11:04 PM EST',
    'Updated: Sat 8:31 PM, Feb 17, 2018',
    'Posted at 6:45 PM',
    'November 18, 2019 | 4:10pm',
    '(Image: © NASA)',
    'Traders on the floor of the exchange. REUTERS/Jane Doe',
    'Advertisement',
    'Related: Last year’s floods in pictures',
    'Subscribe to our newsletter for more.',
    'This post may contain affiliate links.',
  ])('should take %j for chrome', (text) => {
    expect(isChromeLine(p(text))).toBe(true);
  });

  it.each([
    'By Monday, the river had risen two metres.',
    'Published in 1990, the book sold a million copies.',
    'The minister told AFP the talks would resume.',
    'Readers who subscribe early pay less, the company said.',
    `By Ann Lee ${'and a very long paragraph that goes on '.repeat(6)}`,
  ])('should keep %j as the article’s own sentence', (text) => {
    expect(isChromeLine(p(text))).toBe(false);
  });
});

describe(withoutChromeLines.name, () => {
  const body = 'A paragraph of the article that says something worth keeping for training. '.repeat(3);

  it('should cut the page where a "related stories" heading follows most of the text', () => {
    const pieces: Piece[] = [p(body), p(body), { type: 'heading', level: 2, text: 'More Great Example Stories', link: null }, p('Another story')];
    expect(withoutChromeLines(pieces)).toEqual([p(body), p(body)]);
  });

  it('should keep a section whose heading only starts like a tail marker', () => {
    const pieces: Piece[] = [p(body), { type: 'heading', level: 2, text: 'Comments from the minister', link: null }, p(body)];
    expect(withoutChromeLines(pieces)).toEqual(pieces);
  });
});
