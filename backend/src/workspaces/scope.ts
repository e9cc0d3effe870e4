/**
 * Where a request or a job works: the workspace whose records it reads and writes, and
 * who acts, kept as a record's creator (null: Quire itself, e.g. a Notion row the poll picked up).
 * Services and repositories take a Scope where they once took the operator's id, so a record is
 * only ever found in its own workspace.
 */
export interface Scope {
  workspaceId: string;
  userId: string | null;
}

/** The columns a new record gets from its scope: its workspace and its creator. */
export function ownedBy(scope: Scope): { workspaceId: string; createdBy: string | null } {
  return { workspaceId: scope.workspaceId, createdBy: scope.userId };
}

/** The scope of Quire's own work in a workspace (no person acts). */
export function workspaceScope(workspaceId: string, userId: string | null = null): Scope {
  return { workspaceId, userId };
}

/** The scope a stored record was made in: its workspace, and its creator acting. */
export function scopeOf(row: { workspaceId: string; createdBy: string | null }): Scope {
  return { workspaceId: row.workspaceId, userId: row.createdBy };
}
