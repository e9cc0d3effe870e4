import { pageProperties, pageTitle, PropertyReader } from './properties';

const text = (content: string) => [{ type: 'text', plain_text: content, text: { content, link: null } }];
const person = (name?: string) => ({ object: 'user', id: 'u-1', ...(name === undefined ? {} : { name }) });

/** Related pages by id, and what was asked of the reader. */
function reader(titles: Record<string, string>, longLists: Record<string, string[]> = {}) {
  const asked: string[] = [];
  const read: PropertyReader = {
    pageTitle: async (id) => {
      asked.push(`title ${id}`);
      return titles[id];
    },
    relationIds: async (pageId, propertyId) => {
      asked.push(`relation ${pageId} ${propertyId}`);
      return longLists[propertyId];
    },
  };
  return { read, asked };
}

const textOf = async (property: Record<string, unknown>, r = reader({}).read) =>
  (await pageProperties({ id: 'page-1', properties: { P: { id: 'p', ...property } } }, r)).P;

describe('pageProperties', () => {
  it.each([
    ['title', { type: 'title', title: text('Best laptops') }, 'Best laptops'],
    ['rich_text', { type: 'rich_text', rich_text: [...text('gaming '), ...text('laptops')] }, 'gaming laptops'],
    ['number', { type: 'number', number: 1200.5 }, '1200.5'],
    ['an empty number', { type: 'number', number: null }, ''],
    ['select', { type: 'select', select: { name: 'Guide' } }, 'Guide'],
    ['status', { type: 'status', status: { name: 'Start Generating' } }, 'Start Generating'],
    ['multi_select', { type: 'multi_select', multi_select: [{ name: 'SEO' }, { name: 'B2B' }] }, 'SEO, B2B'],
    ['checkbox', { type: 'checkbox', checkbox: true }, 'Yes'],
    ['date', { type: 'date', date: { start: '2026-11-22', end: null, time_zone: null } }, '2026-11-22'],
    ['a date range', { type: 'date', date: { start: '2026-11-22', end: '2026-11-30', time_zone: null } }, '2026-11-22 → 2026-11-30'],
    ['url', { type: 'url', url: 'https://acme.test' }, 'https://acme.test'],
    ['email', { type: 'email', email: 'ada@acme.test' }, 'ada@acme.test'],
    ['phone_number', { type: 'phone_number', phone_number: '+44 20 7946 0000' }, '+44 20 7946 0000'],
    ['people', { type: 'people', people: [person('Ada Lovelace'), { object: 'group', id: 'g', name: 'Editors' }] }, 'Ada Lovelace, Editors'],
    ['created_by', { type: 'created_by', created_by: person('Grace Hopper') }, 'Grace Hopper'],
    ['last_edited_by', { type: 'last_edited_by', last_edited_by: person('Ada Lovelace') }, 'Ada Lovelace'],
    ['created_time', { type: 'created_time', created_time: '2026-11-20T09:30:00.000Z' }, '2026-11-20T09:30:00.000Z'],
    ['last_edited_time', { type: 'last_edited_time', last_edited_time: '2026-11-21T10:00:00.000Z' }, '2026-11-21T10:00:00.000Z'],
    [
      'files',
      {
        type: 'files',
        files: [
          { name: 'brief.pdf', type: 'file', file: { url: 'https://s3.test/x' } },
          { name: 'logo.png', type: 'external', external: { url: 'https://x.test' } },
        ],
      },
      'brief.pdf, logo.png',
    ],
    ['unique_id with a prefix', { type: 'unique_id', unique_id: { prefix: 'ART', number: 12 } }, 'ART-12'],
    ['unique_id without a prefix', { type: 'unique_id', unique_id: { prefix: null, number: 7 } }, '7'],
    ['a string formula', { type: 'formula', formula: { type: 'string', string: 'Q4 plan' } }, 'Q4 plan'],
    ['a number formula', { type: 'formula', formula: { type: 'number', number: 42 } }, '42'],
    ['a boolean formula', { type: 'formula', formula: { type: 'boolean', boolean: false } }, 'No'],
    ['a date formula', { type: 'formula', formula: { type: 'date', date: { start: '2026-12-01', end: null, time_zone: null } } }, '2026-12-01'],
    ['a number rollup', { type: 'rollup', rollup: { type: 'number', number: 3, function: 'count' } }, '3'],
    [
      'a date rollup',
      { type: 'rollup', rollup: { type: 'date', date: { start: '2026-10-01', end: '2026-10-31' }, function: 'date_range' } },
      '2026-10-01 → 2026-10-31',
    ],
    [
      'an array rollup',
      {
        type: 'rollup',
        rollup: {
          type: 'array',
          array: [
            { type: 'rich_text', rich_text: text('alpha') },
            { type: 'number', number: 2 },
          ],
          function: 'show_original',
        },
      },
      'alpha, 2',
    ],
    ['verification', { type: 'verification', verification: { state: 'verified', date: null, verified_by: null } }, 'Verified'],
    ['place', { type: 'place', place: { lat: 51.5, lon: -0.12, name: 'London office' } }, 'London office'],
  ])('should read %s as the text a person sees', async (_type, property, expected) => {
    expect(await textOf(property)).toBe(expected);
  });

  it('should read a relation as the titles of the related pages, in order', async () => {
    const { read, asked } = reader({ a: 'Laptops hub', b: 'Buying guides' });
    const page = { id: 'page-1', properties: { Hub: { id: 'h', type: 'relation', relation: [{ id: 'a' }, { id: 'b' }], has_more: false } } };
    expect(await pageProperties(page, read)).toEqual({ Hub: 'Laptops hub, Buying guides' });
    expect(asked).toEqual(['title a', 'title b']);
  });

  it('should read every related page when the page object holds only the first 25', async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `r${i}`);
    const { read, asked } = reader(Object.fromEntries(ids.map((id) => [id, id.toUpperCase()])), { rel: ids });
    const relation = { id: 'rel', type: 'relation', relation: ids.slice(0, 25).map((id) => ({ id })), has_more: true };
    const texts = await pageProperties({ id: 'page-1', properties: { Related: relation } }, read);
    expect(texts.Related!.split(', ')).toHaveLength(30);
    expect(asked[0]).toBe('relation page-1 rel');
  });

  it('should read relations inside a rollup as titles', async () => {
    const { read } = reader({ a: 'Acme' });
    expect(
      await textOf({ type: 'rollup', rollup: { type: 'array', array: [{ type: 'relation', relation: [{ id: 'a' }] }], function: 'show_original' } }, read),
    ).toBe('Acme');
  });

  it.each([
    ['a person whose name Notion withholds', { type: 'people', people: [person('Ada'), person()] }],
    ['a creator whose name Notion withholds', { type: 'created_by', created_by: person() }],
    ['an unsupported formula', { type: 'formula', formula: { type: 'unsupported', unsupported: {} } }],
    ['an incomplete rollup', { type: 'rollup', rollup: { type: 'incomplete', incomplete: {}, function: 'sum' } }],
    ['a rollup of withheld names', { type: 'rollup', rollup: { type: 'array', array: [{ type: 'people', people: [person()] }], function: 'show_original' } }],
    ['a button', { type: 'button', button: {} }],
    ['a type Quire does not know', { type: 'hologram', hologram: { shape: 'cube' } }],
  ])('should give null, never an empty text, for %s', async (_case, property) => {
    expect(await textOf(property)).toBeNull();
  });

  it('should keep a property named like an Object.prototype key as a property', async () => {
    const texts = await pageProperties(
      { id: 'p', properties: JSON.parse('{"__proto__": {"id": "x", "type": "rich_text", "rich_text": []}}') },
      reader({}).read,
    );
    expect(Object.keys(texts)).toEqual(['__proto__']);
  });
});

describe('pageTitle', () => {
  it('should give the title property, or "Untitled" when it is blank', () => {
    expect(pageTitle({ properties: { Name: { type: 'title', title: text(' Best laptops ') } } })).toBe('Best laptops');
    expect(pageTitle({ properties: { Name: { type: 'title', title: [] } } })).toBe('Untitled');
  });
});
