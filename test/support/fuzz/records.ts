/**
 * Record ids the fuzzed requests can name: the fuzzing operator's own (so bodies are often valid)
 * and another operator's (which must never be accepted), read from the list routes' `_id`s.
 */
import type { Response } from 'supertest';
import type { IdSource } from './bodies';

export type ById = Record<string, string[]>;

/** Every list route's `_id`s, by route (`/api/models` → ids). */
export async function idsOfLists(get: (path: string) => Promise<Response>, lists: string[]): Promise<ById> {
  const byList: ById = {};
  for (const path of lists) {
    const res = await get(`${path}?range=${encodeURIComponent('[0,999]')}`);
    byList[path] = Array.isArray(res.body) ? res.body.map((row: { _id?: unknown }) => row._id).filter((id): id is string => typeof id === 'string') : [];
  }
  return byList;
}

/**
 * The ids whose list route the field names: `model` and `modelId` → /api/models, `section` →
 * /api/sections, `logit_bias_group` → /api/logit-bias-groups, `jobId` → every `…-jobs` list.
 * A field that names no list gets any id.
 */
export function idsFor(field: string | undefined, byList: ById): string[] {
  const noun = (field ?? '')
    .replace(/_?ids?$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  const named = Object.entries(byList).filter(([path]) => {
    const last = path.split('/').pop() ?? '';
    return noun !== '' && (last === `${noun}s` || last.endsWith(`-${noun}s`));
  });
  return (named.length ? named : Object.entries(byList)).flatMap(([, ids]) => ids);
}

export class RecordIds implements IdSource {
  constructor(
    public mine: ById,
    readonly theirs: ById,
  ) {}

  own(field: string | undefined): string[] {
    return idsFor(field, this.mine);
  }

  foreign(field: string | undefined): string[] {
    return idsFor(field, this.theirs);
  }
}
