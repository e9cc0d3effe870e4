import type { AuditChanges } from './workspaces.schema';

/** Fields that change with every write and say nothing about what was changed. */
const NOISE = new Set(['_id', 'id', 'updated_at', 'version']);

type Fields = Record<string, unknown> | null | undefined;

const asFields = (value: unknown): Fields => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/**
 * The fields that differ between a record before and after a change, as the API answers them (so
 * secrets are already their redacted hints). A create has only `after`s, a delete only `before`s.
 */
export function auditChanges(before: unknown, after: unknown): AuditChanges {
  const from = asFields(before) ?? {};
  const to = asFields(after) ?? {};
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (NOISE.has(field)) continue;
    const was = field in from ? from[field] : null;
    const is = field in to ? to[field] : null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}
