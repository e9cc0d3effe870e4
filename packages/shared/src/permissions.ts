/**
 * Who may do what in a workspace: the one table both the server's guard
 * (backend/src/workspaces/permission.guard.ts) and the dashboard's `authProvider.canAccess` read.
 *
 * A resource is what a route declares (`@Access('sections', 'write')`, backend/src/common/access.ts),
 * or a dashboard resource of the same name; an action is `read` or `write`. Each entry names the least role that
 * may: roles are ordered viewer < editor < owner.
 */
export const ROLES = ['viewer', 'editor', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export type Action = 'read' | 'write';

/** Records of the workspace: everyone reads, editors and owners change. */
const RECORD = { read: 'viewer', write: 'editor' } as const;
/** What only owners change (every member reads it, secrets as redacted hints). */
const OWNED = { read: 'viewer', write: 'owner' } as const;
/** What only owners see at all. */
const OWNERS_ONLY = { read: 'owner', write: 'owner' } as const;

export const PERMISSIONS = {
  // Records (spec screens).
  sections: RECORD,
  articles: RECORD,
  'logit-bias-groups': RECORD,
  biaswords: RECORD,
  clients: RECORD,
  'google-drive-token': RECORD,
  history: RECORD,
  usage: RECORD,
  models: RECORD,
  'base-models': RECORD,
  'model-shutdowns': RECORD,
  evaluations: RECORD,
  previews: RECORD,
  training: RECORD,
  'training-jobs': RECORD,
  'training-snapshots': RECORD,
  'fine-tune-jobs': RECORD,
  // Generation: the state of the Notion check is read by all; "Check now" is an editor's.
  generation: RECORD,
  // Bulk writing (OpenAI's Batch API): what is in flight is read by all; "Cancel bulk" is an editor's.
  bulk: RECORD,
  // Shared connections: the Notion secret, database id, OpenAI key and status configuration; testing them is the owners'.
  user: OWNED,
  settings: OWNED,
  'generation/test-notion': OWNED,
  'generation/test-openai': OWNED,
  // Model providers beside OpenAI (Anthropic, Gemini, OpenAI-compatible servers): every member reads them, keys as hints; owners add, test and remove.
  connections: OWNED,
  // Monthly spending limits of the workspace and its clients: every member sees them and the spend against them; owners set them.
  budgets: OWNED,
  // The Notion webhook's address and state (every member), its reset (owners).
  'notion-webhook': OWNED,
  // The workspace itself and who is in it.
  workspaces: OWNED,
  members: OWNED,
  invitations: OWNERS_ONLY,
  audit: OWNERS_ONLY,
} as const satisfies Record<string, Record<Action, Role>>;

export type Resource = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether `role` is `least` or above it. */
export function atLeast(role: Role, least: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** Whether a member with `role` may `action` on `resource`; an unknown resource is nobody's. */
export function can(role: Role, resource: string, action: Action): boolean {
  const entry = (PERMISSIONS as Record<string, Record<Action, Role>>)[resource];
  return entry !== undefined && atLeast(role, entry[action]);
}

/** react-admin's actions (list, show, export, create, edit, delete, …) as read or write. */
export function actionOf(raAction: string): Action {
  return ['list', 'show', 'read', 'export'].includes(raAction) ? 'read' : 'write';
}
