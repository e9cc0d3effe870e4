import { BadRequestException, PipeTransform } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Response } from 'express';

/** Without `range`, a list answers at most this many rows. */
export const LIST_CAP = 1000;

export interface ListQuery {
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  range: { start: number; end: number };
  filter: Record<string, unknown>;
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
 * parameters, checked against the fields a resource allows.
 */
export class ListQueryPipe implements PipeTransform<Record<string, unknown>, ListQuery> {
  constructor(private readonly fields: { sortable: readonly string[]; filterable: readonly string[] }) {}

  transform(query: Record<string, unknown>): ListQuery {
    const unknown = Object.keys(query).filter((key) => !['sort', 'range', 'filter'].includes(key));
    if (unknown.length > 0) throw new BadRequestException(`Unknown query parameter: ${unknown.join(', ')}`);

    const sortValue = parseJson('sort', query.sort);
    let sort: ListQuery['sort'] = null;
    if (sortValue !== undefined) {
      const [field, order] = Array.isArray(sortValue) ? sortValue : [];
      if (typeof field !== 'string' || (order !== 'ASC' && order !== 'DESC')) {
        throw new BadRequestException('sort must look like ["field","ASC"] or ["field","DESC"]');
      }
      if (!this.fields.sortable.includes(field)) {
        throw new BadRequestException(`Cannot sort by ${field}; sortable fields: ${this.fields.sortable.join(', ')}`);
      }
      sort = { field, order };
    }

    const rangeValue = parseJson('range', query.range);
    let range = { start: 0, end: LIST_CAP - 1 };
    if (rangeValue !== undefined) {
      const [start, end] = Array.isArray(rangeValue) ? rangeValue : [];
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start) {
        throw new BadRequestException('range must look like [start,end] with 0 <= start <= end');
      }
      if (end - start + 1 > LIST_CAP) throw new BadRequestException(`range may cover at most ${LIST_CAP} rows`);
      range = { start, end };
    }

    const filterValue = parseJson('filter', query.filter) ?? {};
    if (typeof filterValue !== 'object' || filterValue === null || Array.isArray(filterValue)) {
      throw new BadRequestException('filter must be a JSON object');
    }
    const badFilter = Object.keys(filterValue).filter((key) => !this.fields.filterable.includes(key));
    if (badFilter.length > 0) {
      throw new BadRequestException(
        `Cannot filter by ${badFilter.join(', ')}; filterable fields: ${this.fields.filterable.join(', ')}`,
      );
    }
    return { sort, range, filter: filterValue as Record<string, unknown> };
  }
}

/**
 * Drizzle conditions and ordering for a list query. `q` searches the text column given as
 * `search`; `id` (react-admin's getMany) matches a list of ids; other fields match exactly.
 */
export function listClauses(
  query: ListQuery,
  columns: Record<string, AnyPgColumn>,
  defaults: { orderBy: SQL | AnyPgColumn; search?: AnyPgColumn },
): { where: SQL[]; orderBy: (SQL | AnyPgColumn)[] } {
  const where: SQL[] = [];
  for (const [field, value] of Object.entries(query.filter)) {
    if (field === 'q') {
      if (typeof value !== 'string') throw new BadRequestException('filter q must be text');
      if (defaults.search && value.trim()) where.push(ilike(defaults.search, `%${value.trim().replace(/[%_\\]/g, '\\$&')}%`));
    } else if (Array.isArray(value)) {
      if (value.length > LIST_CAP || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
        throw new BadRequestException(`filter ${field} must be a list of at most ${LIST_CAP} values`);
      }
      where.push(value.length > 0 ? inArray(columns[field], value) : inArray(columns[field], ['']));
    } else {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new BadRequestException(`filter ${field} must be a single value or a list`);
      }
      where.push(eq(columns[field], value));
    }
  }
  const orderBy = query.sort
    ? [query.sort.order === 'ASC' ? asc(columns[query.sort.field]) : desc(columns[query.sort.field]), defaults.orderBy]
    : [defaults.orderBy];
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

/** A list's page and its total, read one after the other (PGlite has one connection). */
export async function readPage<T>(
  query: ListQuery,
  rows: (offset: number, limit: number) => Promise<T[]>,
  total: () => Promise<number>,
): Promise<Page<T>> {
  const page = await rows(query.range.start, query.range.end - query.range.start + 1);
  return { rows: page, total: await total(), start: query.range.start };
}
