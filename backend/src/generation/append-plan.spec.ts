import { appendedPrefix, blockText } from './append-plan';
import { sectionBlocks } from './notion-blocks';

describe('appendedPrefix', () => {
  const article = [...sectionBlocks('Intro', 'Hello **there**.\n\n- one\n- two'), ...sectionBlocks('FAQ', 'Q and A.')];
  const listed = (count: number) => article.slice(0, count).map((block, i) => ({ id: `b${i}`, type: block.type, text: blockText(block) }));

  it('should count the blocks of the article already on the page, in order', () => {
    expect(appendedPrefix([], article)).toBe(0);
    expect(appendedPrefix(listed(3), article)).toBe(3);
    expect(appendedPrefix(listed(article.length), article)).toBe(article.length);
  });

  it('should stop at the first block that is not the article’s', () => {
    const present = listed(4);
    present[2] = { ...present[2], text: 'edited by hand' };
    expect(appendedPrefix(present, article)).toBe(2);
  });

  it('should read a block’s text as Notion lists it (its rich text joined)', () => {
    expect(blockText(article[1])).toBe('Hello there.');
  });
});
