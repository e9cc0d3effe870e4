import type { ContentBlock, ParsedArticle } from '@quire/shared';
import { articleItems, blocksToPlainText, nameUuid, normaliseHeading } from './section-items';

const URL = 'http://example.test/blog/a.html';
const article: ParsedArticle = {
  url: URL,
  title: 'How to Brew Coffee',
  intro: [{ type: 'p', text: 'Coffee is easy.' }],
  publishedDate: '2024-03-05',
  sections: [
    { heading: '1. What You Need:', children: [{ type: 'ul', items: ['Beans'] }] },
    {
      heading: 'FAQ',
      children: [
        { type: 'h3', text: 'Why?' },
        { type: 'p', text: 'Because.' },
      ],
    },
  ],
};

describe(normaliseHeading.name, () => {
  it.each([
    ['  Frequently   Asked Questions ', 'frequently asked questions'],
    ['1. Introduction', 'introduction'],
    ['2) Pros and Cons', 'pros and cons'],
    ['3: Tips', 'tips'],
    ['Step 3: Grind the Beans', 'grind the beans'],
    ['step 4 - Pour', 'pour'],
    ['#4 Keep It Dry', 'keep it dry'],
    ['1.2. Details', 'details'],
    ['Key Features:', 'key features'],
    ['Why Cast Iron?', 'why cast iron?'],
    ['7 Tips for Your First Session', '7 tips for your first session'],
    ['2024: A Year in Review', '2024: a year in review'],
    ['42.', '42.'],
  ])('should normalise it when the heading is %j', (heading, normalised) => {
    expect(normaliseHeading(heading)).toBe(normalised);
  });
});

describe(articleItems.name, () => {
  it('should make the title and intro item 0 and each section an item after it when given an article', () => {
    const { intro, sections } = articleItems(article);
    const articleUuid = nameUuid(URL);
    expect(intro).toEqual({
      published_date: '2024-03-05',
      heading: 'how to brew coffee',
      originalHeading: 'How to Brew Coffee',
      children: article.intro,
      uuid: nameUuid(`${URL}#0`),
      article_uuid: articleUuid,
    });
    expect(sections).toEqual([
      {
        published_date: '2024-03-05',
        heading: 'what you need',
        originalHeading: '1. What You Need:',
        children: article.sections[0].children,
        uuid: nameUuid(`${URL}#1`),
        article_uuid: articleUuid,
      },
      {
        published_date: '2024-03-05',
        heading: 'faq',
        originalHeading: 'FAQ',
        children: article.sections[1].children,
        uuid: nameUuid(`${URL}#2`),
        article_uuid: articleUuid,
      },
    ]);
  });

  it('should give the same ids when the same URL is parsed again', () => {
    const ids = (a: ParsedArticle) => {
      const { intro, sections } = articleItems(a);
      return [intro, ...sections].map((item) => [item.uuid, item.article_uuid]);
    };
    expect(ids({ ...article, title: 'Retitled', sections: article.sections.map((s) => ({ ...s, heading: 'Changed' })) })).toEqual(ids(article));
  });

  it('should give different ids when the URL or the position differs', () => {
    const first = articleItems(article);
    const other = articleItems({ ...article, url: 'http://example.test/blog/b.html' });
    const all = [first.intro, ...first.sections, other.intro, ...other.sections].map((item) => item.uuid);
    expect(new Set(all).size).toBe(all.length);
    expect(other.intro.article_uuid).not.toBe(first.intro.article_uuid);
  });
});

describe(nameUuid.name, () => {
  // Reference values from Python's uuid.uuid5(uuid.NAMESPACE_URL, name).
  it.each([
    [URL, '314f0d33-3d16-5efb-86a3-cb1867c8048e'],
    [`${URL}#0`, '62207a51-1a45-5a7f-8415-d579d4f4bf53'],
    [`${URL}#1`, '2118ee63-3f15-55d0-b905-5a661df7e693'],
  ])('should give the RFC 4122 version 5 URL-namespace id when the name is %s', (name, uuid) => {
    expect(nameUuid(name)).toBe(uuid);
  });
});

describe(blocksToPlainText.name, () => {
  const blocks: ContentBlock[] = [
    { type: 'p', text: 'First paragraph.' },
    { type: 'h3', text: 'A question?' },
    { type: 'ul', items: ['one', 'two'] },
    { type: 'ol', items: ['grind', 'pour'] },
    { type: 'blockquote', text: 'Patience.' },
    { type: 'code', text: 'brew --strong\n  --cups 2' },
    { type: 'hr' },
    { type: 'p', text: 'Last.' },
  ];

  it('should write the heading, a blank line, then each block as a paragraph when given every kind of block', () => {
    expect(blocksToPlainText('How to Brew', blocks)).toBe(
      ['How to Brew', 'First paragraph.', 'A question?', '- one\n- two', '1. grind\n2. pour', 'Patience.', 'brew --strong\n  --cups 2', '---', 'Last.'].join(
        '\n\n',
      ),
    );
  });

  it.each([null, '', '   '])('should write "Untitled" when the heading is %j', (heading) => {
    expect(blocksToPlainText(heading, [{ type: 'p', text: 'Body.' }])).toBe('Untitled\n\nBody.');
  });

  it('should write only the heading when there are no blocks', () => {
    expect(blocksToPlainText('FAQ', [])).toBe('FAQ');
  });
});
