import { linkTarget, parseInline, toHtml } from '@quire/shared';

describe('parseInline', () => {
  it('should keep a link whose URL holds balanced parentheses whole', () => {
    expect(parseInline('See [Mercury](https://en.wikipedia.org/wiki/Mercury_(planet)) now.')).toEqual([
      { text: 'See ' },
      { text: 'Mercury', link: 'https://en.wikipedia.org/wiki/Mercury_(planet)' },
      { text: ' now.' },
    ]);
  });

  it('should read a destination in angle brackets and drop a link title', () => {
    expect(parseInline('[spec](<https://x.test/a b> "The spec") and [home](https://x.test "Home")')).toEqual([
      { text: 'spec', link: 'https://x.test/a%20b' },
      { text: ' and ' },
      { text: 'home', link: 'https://x.test' },
    ]);
  });

  it.each([
    ['a mail address', '[write](mailto:ada@acme.test)'],
    ['a relative path', '[docs](/docs/start)'],
    ['an anchor', '[below](#faq)'],
    ['a scheme with no host', '[x](https:example)'],
    ['script', '[x](javascript:alert(1))'],
    ['a malformed address', '[x](http://[::1)'],
  ])('should keep only the text of a link to %s', (_case, markdown) => {
    expect(parseInline(markdown)).toEqual([{ text: markdown.slice(1, markdown.indexOf(']')) }]);
  });
});

describe('linkTarget', () => {
  it('should write a URL with characters outside visible ASCII as the URL standard does', () => {
    expect(linkTarget('https://de.wikipedia.org/wiki/Übersicht')).toBe('https://de.wikipedia.org/wiki/%C3%9Cbersicht');
    expect(linkTarget('https://x.test/a?b=c')).toBe('https://x.test/a?b=c');
  });
});

describe('toHtml', () => {
  it('should link only what a link may point to', () => {
    const html = toHtml([{ heading: 'Links', markdown: '[ok](https://x.test/(a)) [no](javascript:alert(1))' }], 'T');
    expect(html).toContain('<p><a href="https://x.test/(a)">ok</a> no</p>');
  });
});
