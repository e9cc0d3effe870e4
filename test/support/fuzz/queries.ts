/**
 * Query strings for list routes (ra-data-simple-rest's `sort`, `range` and `filter`, given as JSON)
 * and for the query parameters the OpenAPI document lists: INVALID ones must be a 400, WILD ones
 * may be valid or not but never a 5xx.
 */
import fc from 'fast-check';
import { clip, wildString } from './json';

/** What a list route showed when asked (see `discoverList` in the spec). */
export interface ListRoute {
  path: string;
  /** Fields it sorts by: `sort=["field","ASC"]` answered 200. */
  sortable: string[];
  /** Keys of its rows, for wild sorts and filters. */
  keys: string[];
  /** A value seen in a row, per key. */
  samples: Record<string, unknown>;
  /** `id` and the row keys that hold record ids (uuids), e.g. a section's `model`. */
  idFields: string[];
}

export interface QueryCase {
  expect: 'invalid' | 'wild';
  change: string;
  query: Record<string, string>;
}

const LIST_PARAMS = ['sort', 'range', 'filter'];
const UNKNOWN_PARAMS = ['foo', 'page', 'perPage', '_start', '_end', 'limit', 'offset', 'q', 'id', 'zz_nope'];
const NOT_JSON = ['{', 'x', '{"q":', "{'q':'a'}", '{"q":"a"}}', 'undefined', 'NaN', '[0,'];
const NOT_OBJECTS = ['[]', '1', '"q"', 'null', 'true', '[{"q":"a"}]', '-1'];
const BAD_RANGES = [
  '[0]',
  '[]',
  '[5,2]',
  '[-1,3]',
  '[0,1000]',
  '[0,5000]',
  '[0,1e20]',
  '[1e19,1e19]',
  '[1e20,1e20]',
  '[100000000000000000000,100000000000000000005]',
  '[1e300,1e300]',
  '[0.5,2]',
  '["0","5"]',
  '[0,"x"]',
  '[0,1,2]',
  '{}',
  '5',
  'null',
];
/** U+0000–U+001F and U+007F. */
const CONTROL_CODES = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f];
const WILD_DATES = ['2024-01-01', '2024-02-30', '2024-13-01', '1970-01-01T00:00:00Z', '0000-00-00', '9999-12-31', '-1', 'x', '2024-01-01T25:61:00Z'];

export class QueryCases {
  constructor(
    private readonly g: fc.GeneratorValue,
    private readonly ownIds: string[],
  ) {}

  /** A list query with one invalid part (the rest valid), or a wild one. */
  list(route: ListRoute, documented: string[]): QueryCase {
    return this.g(fc.nat, 9) < 6 ? this.invalidList(route, documented) : this.wildList(route);
  }

  /** The documented query parameters of a GET: one with U+0000 or an unknown one, or wild values. */
  documented(params: string[], invalid: boolean): QueryCase {
    const { g } = this;
    const query: Record<string, string> = {};
    for (const name of params) if (g(fc.boolean)) query[name] = this.wildParam();
    if (!invalid) return { expect: 'wild', change: 'wild values for the documented parameters', query };
    if (g(fc.boolean) || params.length === 0) {
      const name = this.pick(UNKNOWN_PARAMS.filter((p) => !params.includes(p)));
      return { expect: 'invalid', change: `unknown query parameter ${name}`, query: { ...query, [name]: '1' } };
    }
    const name = this.pick(params);
    query[name] = this.withNul(query[name] ?? '2024-01-01');
    return { expect: 'invalid', change: `U+0000 in the query parameter ${name}`, query };
  }

  private invalidList(route: ListRoute, documented: string[]): QueryCase {
    const { g } = this;
    const query = this.validList(route);
    const sortable = route.sortable.length ? this.pick(route.sortable) : undefined;
    const mutations: [string, () => Record<string, string>][] = [
      ['filter that is not JSON', () => ({ filter: g(fc.constantFrom, ...NOT_JSON) })],
      ['filter that is not a JSON object', () => ({ filter: g(fc.constantFrom, ...NOT_OBJECTS) })],
      ...(route.idFields.length === 0
        ? []
        : ([
            [
              'filter on an id field with something that is not a uuid or a list of uuids',
              () => {
                const uuid = g(fc.uuid);
                const value = this.pick<unknown>([
                  'x',
                  1,
                  true,
                  {},
                  ['x'],
                  [this.pick([...this.ownIds, uuid]), 'x'],
                  [1],
                  [[]],
                  [null],
                  `${uuid}x`,
                  uuid.slice(0, -1),
                  "1' OR '1'='1",
                ]);
                return { filter: JSON.stringify({ [this.pick(route.idFields)]: value }) };
              },
            ],
          ] as [string, () => Record<string, string>][])),
      ['range that is not [start,end] with 0 <= start <= end, at most 1000 rows', () => ({ range: g(fc.constantFrom, ...BAD_RANGES) })],
      [
        'sort that is not ["field","ASC"|"DESC"] on an existing field',
        () => {
          const bogus = ['["zz_nope","ASC"]', '["zz_nope","DESC"]', '["zz_nope"]', 'x', '{}', '[]', '"name"', 'null', '[1,"ASC"]'];
          const onField = sortable
            ? [`["${sortable}","asc"]`, `["${sortable}"]`, `["${sortable}","ASC","x"]`, `["${sortable}","UP"]`, `["${sortable}",1]`]
            : [];
          return { sort: g(fc.constantFrom, ...bogus, ...onField) };
        },
      ],
      [
        'filter.q with a control character',
        () => {
          const code = g(fc.constantFrom, ...CONTROL_CODES);
          return { filter: JSON.stringify({ q: `a${String.fromCharCode(code)}b` }) };
        },
      ],
      [
        'unknown query parameter',
        () => {
          const name = this.pick(UNKNOWN_PARAMS.filter((p) => !documented.includes(p)));
          return { [name]: g(fc.constantFrom, '1', '', 'x') };
        },
      ],
      [
        'U+0000 in a query parameter',
        () => {
          const name = this.pick([...LIST_PARAMS, ...documented]);
          return { [name]: this.withNul(query[name] ?? (name === 'range' ? '[0,9]' : name === 'sort' ? `["${sortable ?? 'name'}","ASC"]` : '{"q":"a"}')) };
        },
      ],
    ];
    const [change, mutate] = this.pick(mutations);
    const changed = mutate();
    return { expect: 'invalid', change: `${change}: ${clip(JSON.stringify(changed), 200)}`, query: { ...query, ...changed } };
  }

  private wildList(route: ListRoute): QueryCase {
    const { g } = this;
    const query = this.validList(route);
    const key = route.keys.length ? this.pick(route.keys) : 'name';
    const filters: [string, () => Record<string, unknown>][] = [
      ['wild search text', () => ({ q: g(() => wildString(500)) })],
      ['id list of own and random ids', () => ({ id: Array.from({ length: g(fc.nat, 5) }, () => this.pick([g(fc.uuid), ...this.ownIds])) })],
      ['id field with an own id', () => ({ [this.pick(route.idFields.length ? route.idFields : ['id'])]: this.pick([g(fc.uuid), ...this.ownIds]) })],
      ['a row field with a value seen', () => ({ [key]: route.samples[key] ?? 'x' })],
      ['empty values', () => ({ q: '', id: [] })],
    ];
    const [what, filter] = this.pick(filters);
    query.filter = JSON.stringify(filter());
    if (g(fc.boolean)) query.sort = JSON.stringify([key, g(fc.constantFrom, 'ASC', 'DESC')]);
    if (g(fc.boolean)) {
      const start = g(fc.constantFrom, 0, 1, 999, 1_000_000, 2 ** 31);
      query.range = JSON.stringify([start, start + g(fc.constantFrom, 0, 9, 999)]);
    }
    return { expect: 'wild', change: `${what}: ${clip(JSON.stringify(query), 200)}`, query };
  }

  /** Parameters a react-admin list sends: all valid for this route. */
  private validList(route: ListRoute): Record<string, string> {
    const { g } = this;
    const query: Record<string, string> = {};
    if (route.sortable.length && g(fc.boolean)) query.sort = JSON.stringify([this.pick(route.sortable), g(fc.constantFrom, 'ASC', 'DESC')]);
    if (g(fc.boolean)) {
      const start = g(fc.nat, 50);
      query.range = JSON.stringify([start, start + g(fc.nat, 50)]);
    }
    if (g(fc.boolean)) query.filter = '{}';
    return query;
  }

  private wildParam(): string {
    const { g } = this;
    return g(() => fc.oneof(fc.constantFrom(...WILD_DATES), fc.uuid(), fc.constantFrom('', ...this.ownIds), wildString(200)));
  }

  /** U+0000 sent raw (percent-encoded as %00 in the URL). */
  private withNul(value: string): string {
    const at = this.g(fc.nat, value.length);
    return value.slice(0, at) + '\u0000' + value.slice(at);
  }

  private pick<T>(items: T[]): T {
    return items[this.g(fc.nat, items.length - 1)];
  }
}
