import type { Api } from '../../api/client';

/** GET /api/audit: one change to the workspace, as it was made. */
export type AuditEntry = Api<'AuditEventResponse'>;

/** The resources whose changes the log records, for its filter. */
export const AUDITED_RESOURCES = [
  'sections',
  'articles',
  'logit-bias-groups',
  'clients',
  'models',
  'fine-tune-jobs',
  'training-jobs',
  'evaluations',
  'previews',
  'history',
  'generation',
  'settings',
  'workspaces',
  'members',
  'invitations',
  'budgets',
  'tokens',
];

/** No value: null, absent, or empty text. */
export const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** A value of a change, short enough for a table cell: text as it is, anything else as JSON. */
export function shortValue(value: unknown, nothing: string, length = 60): string {
  if (isEmpty(value)) return nothing;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
