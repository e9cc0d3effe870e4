import { BadRequestException } from '@nestjs/common';
import fc from 'fast-check';
import { LIST_CAP, listOrder, ListQueryPipe, MAX_LIST_OFFSET, readPageFromNearerEnd } from './list-query';

describe(ListQueryPipe.name, () => {
  const pipe = new ListQueryPipe({ sortable: ['name'], filterable: { q: 'search', id: 'uuid', status: 'text' } });
  const id = '6F1C2B3A-0000-4000-8000-000000000001';
  const refusal = (query: Record<string, unknown>) => {
    try {
      pipe.transform(query);
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestException);
      return (error as BadRequestException).getResponse() as { message: string };
    }
    throw new Error(`accepted ${JSON.stringify(query)}`);
  };

  describe('transform', () => {
    it('should read ra-data-simple-rest parameters, ids in lower case', () => {
      expect(pipe.transform({ sort: '["name","DESC"]', range: '[0,24]', filter: JSON.stringify({ q: 'fa', id: [id], status: 'queued' }) })).toEqual({
        sort: { field: 'name', order: 'DESC' },
        range: { start: 0, end: 24 },
        filter: { q: 'fa', id: [id.toLowerCase()], status: 'queued' },
      });
      expect(pipe.transform({})).toEqual({ sort: null, range: { start: 0, end: LIST_CAP - 1 }, filter: {} });
    });

    it.each([
      ['an id that is not a uuid', { filter: '{"id":"x"}' }, /filter id must be an id \(uuid\)/],
      ['an id list holding a non-uuid', { filter: `{"id":["${id}",7]}` }, /filter id must be an id/],
      ['a search that is not text', { filter: '{"q":["a"]}' }, /filter q must be text/],
      ['a NUL in the search', { filter: '{"q":"a\\u0000"}' }, /^filter\.q must not contain control characters/],
      ['a line break in a value', { filter: '{"status":"a\\nb"}' }, /^filter\.status must not contain control characters/],
      ['a prototype key', { filter: '{"__proto__":{"q":"x"}}' }, /property __proto__ should not exist/],
      ['an unknown filter', { filter: '{"owner":"x"}' }, /^Cannot filter by owner; filterable fields: q, id, status$/],
      ['a filter that is a list', { filter: '[1]' }, /^filter must be a JSON object$/],
      ['a filter that is null', { filter: 'null' }, /^filter must be a JSON object$/],
      ['a start past any list', { range: '[1e20,1e20]' }, /^range must look like/],
      ['an end past the largest offset', { range: `[0,${MAX_LIST_OFFSET + 1}]` }, /^range must look like/],
      ['a range of three numbers', { range: '[0,1,2]' }, /^range must look like/],
      ['a range wider than the cap', { range: `[0,${LIST_CAP}]` }, /^range may cover at most 1000 rows$/],
      ['a sort of three items', { sort: '["name","ASC","x"]' }, /^sort must look like/],
      ['an unknown sort field, quoted when odd', { sort: '["na me","ASC"]' }, /^Cannot sort by "na me"/],
      ['an unknown parameter', { foo: '1' }, /^Unknown query parameter: foo$/],
    ])('should refuse %s', (_, query, message) => {
      expect(refusal(query).message).toMatch(message);
    });
  });
});

describe(readPageFromNearerEnd.name, () => {
  it("should answer a range's rows in the list's order whichever end it reads them from, and read a later-half page from the other end", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 70 }), fc.integer({ min: 0, max: 30 }), async (length, start, size) => {
        const list = Array.from({ length }, (_, i) => i);
        const reads: boolean[] = [];
        const page = await readPageFromNearerEnd(
          { sort: null, filter: {}, range: { start, end: start + size } },
          async (offset, limit, reversed) => {
            reads.push(reversed);
            return (reversed ? [...list].reverse() : list).slice(offset, offset + limit);
          },
          async () => length,
        );
        expect(page).toEqual({ rows: list.slice(start, start + size + 1), total: length, start });
        // No read for a range past the end; from the far end for a page starting in the second half.
        expect(reads).toEqual(start >= length ? [] : [start >= length / 2]);
      }),
    );
  });
});

describe(listOrder.name, () => {
  const own = [
    { field: 'timestamp', order: 'DESC' },
    { field: 'id', order: 'DESC' },
  ] as const;
  const query = (sort: ['timestamp' | 'title' | 'id', 'ASC' | 'DESC'] | null) => ({
    sort: sort && { field: sort[0], order: sort[1] },
    range: { start: 0, end: 24 },
    filter: {},
  });

  it("should be the list's own order unsorted, and the same sorted by its first field its own way", () => {
    expect(listOrder(query(null), own)).toEqual(own);
    expect(listOrder(query(['timestamp', 'DESC']), own)).toEqual(own);
  });

  it('should turn the whole own order round, tie-breakers too, when sorted by its first field the other way', () => {
    expect(listOrder(query(['timestamp', 'ASC']), own)).toEqual([
      { field: 'timestamp', order: 'ASC' },
      { field: 'id', order: 'ASC' },
    ]);
  });

  it('should put another sort first and keep the own order as tie-breakers, without the sorted field twice', () => {
    expect(listOrder(query(['title', 'DESC']), own)).toEqual([{ field: 'title', order: 'DESC' }, ...own]);
    expect(listOrder(query(['id', 'ASC']), own)).toEqual([
      { field: 'id', order: 'ASC' },
      { field: 'timestamp', order: 'DESC' },
    ]);
  });
});
