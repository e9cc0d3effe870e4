import { parseMarkdown, toHtml } from '@quire/shared';
import { chunkBlocks, sectionBlocks } from './notion-blocks';
import { fillPlaceholders } from './placeholders';

describe('parseMarkdown', () => {
  it('should read headings, lists, quotes, code, dividers and inline styles', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and *italic* and `code` with [a link](https://x.test).\nSame paragraph.\n\n- one\n- two\n1. first\n> quoted\n\n```js\nlet a = 1;\n```\n---',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'bullet', 'bullet', 'number', 'quote', 'code', 'divider']);
    const paragraph = blocks[1] as { spans: unknown[] };
    expect(paragraph.spans).toEqual([
      { text: 'Some ' },
      { text: 'bold', bold: true },
      { text: ' and ' },
      { text: 'italic', italic: true },
      { text: ' and ' },
      { text: 'code', code: true },
      { text: ' with ' },
      { text: 'a link', link: 'https://x.test' },
      { text: '. Same paragraph.' },
    ]);
    expect(blocks[6]).toEqual({ kind: 'code', text: 'let a = 1;', language: 'js' });
  });
});

describe('sectionBlocks', () => {
  it('should start with the heading and turn the markdown into Notion blocks', () => {
    const blocks = sectionBlocks('FAQ', 'Intro line\n\n- a\n- b');
    expect(blocks.map((b) => b.type)).toEqual(['heading_2', 'paragraph', 'bulleted_list_item', 'bulleted_list_item']);
    expect(blocks[0]).toMatchObject({ heading_2: { rich_text: [{ text: { content: 'FAQ' } }] } });
  });

  it('should split text over 2,000 characters into several text objects', () => {
    const [, paragraph] = sectionBlocks('H', 'x'.repeat(4500));
    const rich = (paragraph.paragraph as { rich_text: { text: { content: string } }[] }).rich_text;
    expect(rich.map((r) => r.text.content.length)).toEqual([2000, 2000, 500]);
  });

  it('should continue in a new block after 100 text objects', () => {
    const blocks = sectionBlocks('H', 'y'.repeat(2000 * 150));
    expect(blocks.map((b) => b.type)).toEqual(['heading_2', 'paragraph', 'paragraph']);
  });
});

describe('chunkBlocks', () => {
  it('should send at most 100 blocks per request', () => {
    const blocks = sectionBlocks('H', Array.from({ length: 250 }, (_, i) => `- item ${i}`).join('\n'));
    expect(chunkBlocks(blocks).map((c) => c.length)).toEqual([100, 100, 51]);
  });
});

describe('toHtml', () => {
  it('should write each section under an h2 with lists grouped and text escaped', () => {
    const html = toHtml([{ heading: 'Pros & cons', markdown: '- <fast>\n- cheap\n\nDone.' }], 'Laptops');
    expect(html).toContain('<h2>Pros &amp; cons</h2>\n<ul>\n<li>&lt;fast&gt;</li>\n<li>cheap</li>\n</ul>\n<p>Done.</p>');
    expect(html).toContain('<title>Laptops</title>');
  });
});

describe('fillPlaceholders', () => {
  const builtIns = { title: 'Best laptops', client: 'Acme', previous_sections: '' };
  it('should fill built-ins and Notion properties, ignoring case for properties', () => {
    expect(
      fillPlaceholders(
        'Write {{title}} for {{ client }} about {{Keyword}} ({{audience}}).',
        builtIns,
        { Keyword: 'gaming', Audience: 'students' },
        'section "Intro"',
      ),
    ).toBe('Write Best laptops for Acme about gaming (students).');
  });

  it('should fail naming an unknown placeholder', () => {
    expect(() => fillPlaceholders('Hi {{tone}}', builtIns, {}, 'section "Intro"')).toThrow(
      'Unknown placeholder {{tone}} in section "Intro": it is neither a built-in placeholder nor a property of the Notion page.',
    );
    expect(() => fillPlaceholders('Hi {{toString}}', builtIns, {}, 'section "Intro"')).toThrow('Unknown placeholder {{toString}}');
  });

  it('should fail naming the property when Notion gives no text for it, instead of filling nothing', () => {
    expect(() => fillPlaceholders('By {{author}}', builtIns, { Author: null }, 'section "Intro"')).toThrow(
      'Placeholder {{author}} in section "Intro": Notion does not give Quire the text of the page\'s "Author" property.',
    );
    expect(fillPlaceholders('Notes: "{{Notes}}"', builtIns, { Notes: '' }, 'section "Intro"')).toBe('Notes: ""');
  });
});
