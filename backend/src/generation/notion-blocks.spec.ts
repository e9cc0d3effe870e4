import { sectionBlocks, splitText } from './notion-blocks';

type Rich = { text: { content: string; link: { url: string } | null } }[];
const richOf = (block: Record<string, unknown>) => (block[block.type as string] as { rich_text: Rich }).rich_text;

describe('splitText', () => {
  it('should never end a piece between the halves of a surrogate pair', () => {
    const text = `${'a'.repeat(1999)}😀${'b'.repeat(10)}`;
    const pieces = splitText(text);
    expect(pieces.map((p) => p.length)).toEqual([1999, 12]);
    expect(pieces[1].startsWith('😀')).toBe(true);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => p.isWellFormed())).toBe(true);
  });

  it('should fill pieces to 2,000 units when no pair is cut', () => {
    expect(splitText('😀'.repeat(1500)).map((p) => p.length)).toEqual([2000, 1000]);
  });
});

describe('sectionBlocks', () => {
  it('should send a link URL over 2,000 characters as plain text', () => {
    const long = `https://x.test/${'a'.repeat(2000)}`;
    const [, paragraph] = sectionBlocks('H', `[long](${long}) and [short](https://x.test)`);
    expect(richOf(paragraph).map((r) => [r.text.content, r.text.link])).toEqual([
      ['long', null],
      [' and ', null],
      ['short', { url: 'https://x.test' }],
    ]);
  });

  it('should link every piece of a long linked text', () => {
    const [, paragraph] = sectionBlocks('H', `[${'x'.repeat(2500)}](https://x.test)`);
    expect(richOf(paragraph).map((r) => r.text.link)).toEqual([{ url: 'https://x.test' }, { url: 'https://x.test' }]);
  });
});
