import { BadRequestException, PipeTransform } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, sql, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Response } from 'express';
import { findUnsafeInput, unsafeInputError } from './input-safety';

/** Without `range`, a list answers at most this many rows. */
export const LIST_CAP = 1000;
/** Far past any list of ours, and far below PostgreSQL's bigint offsets. */
export const MAX_LIST_OFFSET = 1_000_000_000;
/** A filter's text (a search or an exact value). */
const MAX_FILTER_TEXT = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a filter field takes: `search` (the `q` text search), `uuid` (a record id, or a list of
 * them, as react-admin's getMany sends), or `text` (an exact value, or a list of them).
 */
type FilterKind = 'search' | 'uuid' | 'text';
export type Filterable = Readonly<Record<string, FilterKind>>;

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  range: { start: number; end: number };
  filter: Record<string, string | string[]>;
}

export interface Page<T> {
  rows: T[];
  total: number;
  start: number;
}

function parseJson(name: string, value: unknown): unknown {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequestException(`${name} must be given once, as JSON`);
  try {
    return JSON.parse(value);
  } catch {
    throw new BadRequestException(`${name} is not valid JSON`);
  }
}

/**
 * ra-data-simple-rest's `sort=["field","ASC"]`, `range=[0,24]` and `filter={...}` query
 * parameters, checked against the fields a resource allows; every value is checked here, so the
 * query that is built from it cannot fail.
 */
export class ListQueryPipe implements PipeTransform<Record<string, unknown>, ListQuery> {
  constructor(private readonly fields: { sortable: readonly string[]; filterable: Filterable }) {}

  transform(query: Record<string, unknown>): ListQuery {
    const unknown = Object.keys(query).filter((key) => !['sort', 'range', 'filter'].includes(key));
    if (unknown.length > 0) throw new BadRequestException(`Unknown query parameter: ${unknown.join(', ')}`);
    return {
      sort: this.sort(parseJson('sort', query.sort)),
      range: this.range(parseJson('range', query.range)),
      filter: this.filter(parseJson('filter', query.filter)),
    };
  }

  private sort(value: unknown): ListQuery['sort'] {
    if (value === undefined) return null;
    const [field, order] = Array.isArray(value) && value.length === 2 ? value : [];
    if (typeof field !== 'string' || (order !== 'ASC' && order !== 'DESC')) {
      throw new BadRequestException('sort must look like ["field","ASC"] or ["field","DESC"]');
    }
    // react-admin sorts by `id` unless told otherwise (ReferenceInput, a bare <List>): every record has one.
    const name = field === '_id' ? 'id' : field;
    if (name !== 'id' && !this.fields.sortable.includes(name)) {
      throw new BadRequestException(`Cannot sort by ${printable(field)}; sortable fields: ${['id', ...this.fields.sortable].join(', ')}`);
    }
    return { field: name, order };
  }

  private range(value: unknown): ListQuery['range'] {
    if (value === undefined) return { start: 0, end: LIST_CAP - 1 };
    const [start, end] = Array.isArray(value) && value.length === 2 ? value : [];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start || end > MAX_LIST_OFFSET) {
      throw new BadRequestException(`range must look like [start,end] with 0 <= start <= end <= ${MAX_LIST_OFFSET}`);
    }
    if (end - start + 1 > LIST_CAP) throw new BadRequestException(`range may cover at most ${LIST_CAP} rows`);
    return { start, end };
  }

  private filter(value: unknown): ListQuery['filter'] {
    const filter = value === undefined ? {} : value;
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw new BadRequestException('filter must be a JSON object');
    const unsafe = findUnsafeInput(filter, { controlCharacters: true });
    if (unsafe) throw unsafeInputError({ ...unsafe, field: `filter.${unsafe.field}`, summary: `filter.${unsafe.summary}` });
    const named = Object.fromEntries(Object.entries(filter as Record<string, unknown>).map(([key, value]) => [key === '_id' ? 'id' : key, value]));
    const bad = Object.keys(named).filter((key) => !Object.hasOwn(this.fields.filterable, key));
    if (bad.length > 0) {
      throw new BadRequestException(`Cannot filter by ${bad.map(printable).join(', ')}; filterable fields: ${Object.keys(this.fields.filterable).join(', ')}`);
    }
    const checked: ListQuery['filter'] = {};
    for (const [field, raw] of Object.entries(named)) {
      checked[field] = filterValue(field, this.fields.filterable[field], raw);
    }
    return checked;
  }
}

/** One filter value, of the kind its field takes. */
function filterValue(field: string, kind: FilterKind, value: unknown): string | string[] {
  if (kind === 'search') {
    if (typeof value !== 'string' || value.length > MAX_FILTER_TEXT)
      throw new BadRequestException(`filter ${field} must be text of at most ${MAX_FILTER_TEXT} characters`);
    return value;
  }
  const valid = kind === 'uuid' ? (v: unknown) => typeof v === 'string' && UUID.test(v) : (v: unknown) => typeof v === 'string' && v.length <= MAX_FILTER_TEXT;
  const what = kind === 'uuid' ? 'an id (uuid)' : `text of at most ${MAX_FILTER_TEXT} characters`;
  if (Array.isArray(value)) {
    if (value.length > LIST_CAP || !value.every(valid))
      throw new BadRequestException(`filter ${field} must be ${what} or a list of at most ${LIST_CAP} of them`);
    return kind === 'uuid' ? value.map((id: string) => id.toLowerCase()) : (value as string[]);
  }
  if (!valid(value)) throw new BadRequestException(`filter ${field} must be ${what} or a list of them`);
  return kind === 'uuid' ? (value as string).toLowerCase() : (value as string);
}

/** A name from the query, quoted when it holds anything unusual, for an error message. */
function printable(name: string): string {
  return /^[\w.-]{1,64}$/.test(name) ? name : JSON.stringify(name.slice(0, 64));
}

/** A field's filter: its one value, any of a list of them (none: no row), or, absent, any value. */
export function matchingValue(column: AnyPgColumn, value: string | string[]): SQL;
export function matchingValue(column: AnyPgColumn, value: string | string[] | undefined): SQL | undefined;
export function matchingValue(column: AnyPgColumn, value: string | string[] | undefined): SQL | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return eq(column, value);
  return value.length > 0 ? inArray(column, value) : sql`false`;
}

/**
 * Drizzle conditions and ordering for a list query. `q` searches the text column given as
 * `search`; `id` (react-admin's getMany) matches a list of ids; other fields match exactly.
 */
export function listClauses(
  query: ListQuery,
  columns: Record<string, AnyPgColumn | SQL>,
  defaults: { orderBy?: SQL | AnyPgColumn; search?: AnyPgColumn | SQL },
): { where: SQL[]; orderBy: (SQL | AnyPgColumn)[] } {
  // A column, or the SQL of one (a union's field): drizzle's operators take either.
  const column = (field: string) => columns[field] as AnyPgColumn;
  const where: SQL[] = [];
  for (const [field, value] of Object.entries(query.filter)) {
    if (field === 'q') {
      const text = (value as string).trim();
      if (defaults.search && text) where.push(ilike(defaults.search as AnyPgColumn, `%${text.replace(/[%_\\]/g, '\\$&')}%`));
    } else {
      where.push(matchingValue(column(field), value));
    }
  }
  const own = defaults.orderBy ? [defaults.orderBy] : [];
  const orderBy = query.sort ? [query.sort.order === 'ASC' ? asc(column(query.sort.field)) : desc(column(query.sort.field)), ...own] : own;
  return { where, orderBy };
}

export function whereAll(conditions: (SQL | undefined)[]): SQL | undefined {
  return and(...conditions.filter((c): c is SQL => c !== undefined));
}

/** Sets `Content-Range: <resource> a-b/total` and answers the rows. */
export function sendPage<T>(res: Response, resource: string, page: Page<T>): T[] {
  const range = page.rows.length > 0 ? `${page.start}-${page.start + page.rows.length - 1}` : '*';
  res.setHeader('Content-Range', `${resource} ${range}/${page.total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  return page.rows;
}

/**
 * A list's page read from whichever end of the list it is nearer: its total first, then, for a page
 * in the list's second half, the same rows in the opposite order from the other end (`reversed`:
 * each sort, tie-breakers too, the other way round), put back in the list's order. An offset costs
 * every row it skips, so the last page of a long list costs what its first does. `sorted` gives each
 * field's direction of the list's order (the caller's sort, then its tie-breakers).
 */
export async function readPageFromNearerEnd<T>(
  query: ListQuery,
  rows: (offset: number, limit: number, reversed: boolean) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<Page<T>> {
  const count = await total();
  const { start, end } = query.range;
  const last = Math.min(end, count - 1);
  if (start > last) return { rows: [], total: count, start };
  if (start < count / 2) return { rows: await rows(start, last - start + 1, false), total: count, start };
  return { rows: (await rows(count - 1 - last, last - start + 1, true)).reverse(), total: count, start };
}

/** An order's direction, the other way round when `reversed`. */
export const direction = (order: 'ASC' | 'DESC', reversed: boolean) => ((order === 'ASC') !== reversed ? asc : desc);

/** One field of a list's order, by the name its list query uses, and its direction. */
export interface OrderTerm {
  field: string;
  order: 'ASC' | 'DESC';
}

/**
 * A list's order: the caller's sort, then the list's own order (`own`, which ends in a unique
 * field) to break ties. A sort by the own order's first field turns the whole own order round
 * (oldest first, ties too), so one index on the own order serves both, read either way.
 */
export function listOrder(query: ListQuery, own: readonly OrderTerm[]): OrderTerm[] {
  if (!query.sort) return [...own];
  const sort = query.sort;
  if (sort.field === own[0].field) {
    const flip = sort.order !== own[0].order;
    return own.map((term) => ({ field: term.field, order: flip ? (term.order === 'ASC' ? 'DESC' : 'ASC') : term.order }));
  }
  return [sort, ...own.filter((term) => term.field !== sort.field)];
}

/** The ORDER BY of `terms` over a relation's `columns`, each the other way round when `reversed`. */
export function orderClauses(terms: readonly OrderTerm[], columns: Record<string, AnyPgColumn | SQL>, reversed = false): SQL[] {
  return terms.map((term) => direction(term.order, reversed)(columns[term.field] as AnyPgColumn));
}

/** A list's page and its total, read one after the other (PGlite has one connection). */
export async function readPage<T>(query: ListQuery, rows: (offset: number, limit: number) => Promise<T[]>, total: () => Promise<number>): Promise<Page<T>> {
  const page = await rows(query.range.start, query.range.end - query.range.start + 1);
  return { rows: page, total: await total(), start: query.range.start };
}
