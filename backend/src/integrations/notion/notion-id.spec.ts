import { notionId } from './notion-id';

const ID = '1f0c2b3a4d5e4f60a7b8c9d0e1f2a3b4';

describe('notionId', () => {
  it.each([
    ['a dashless id', ID],
    ['a dashed id', '1f0c2b3a-4d5e-4f60-a7b8-c9d0e1f2a3b4'],
    ['an upper-case id with spaces around it', `  ${ID.toUpperCase()} `],
    ['a database link with a view', `https://www.notion.so/acme/Articles-${ID}?v=0123456789abcdef0123456789abcdef&pvs=4`],
    ['a link without a workspace', `https://www.notion.so/${ID}?v=0123456789abcdef0123456789abcdef`],
    ['a public notion.site link', `https://acme.notion.site/${ID}`],
    ['a link with a dashed id and a trailing slash', 'https://notion.so/1f0c2b3a-4d5e-4f60-a7b8-c9d0e1f2a3b4/'],
    ['a link whose title has non-ASCII words', `https://www.notion.so/acme/Artikel-%C3%9Cbersicht-${ID}`],
  ])('should give the bare id when given %s', (_case, value) => {
    expect(notionId(value)).toBe(ID);
  });

  it.each([
    ['an empty value', ''],
    ['a name', 'Articles'],
    ['33 hexadecimal digits', `${ID}0`],
    ['31 hexadecimal digits', ID.slice(1)],
    ['an id inside other text', `db-${ID}-x`],
    ['a link with the id only in the view parameter', `https://www.notion.so/acme/Articles?v=${ID}`],
    ['a link of another scheme', `ftp://notion.so/${ID}`],
    ['a link whose path holds no id', 'https://www.notion.so/acme/Articles'],
  ])('should give null when given %s', (_case, value) => {
    expect(notionId(value)).toBeNull();
  });
});
