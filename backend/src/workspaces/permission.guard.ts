import { CanActivate, ExecutionContext, ForbiddenException, Injectable, InternalServerErrorException } from '@nestjs/common';
import type { Request } from 'express';
import { can, PERMISSIONS } from '@quire/shared';

/** Paths outside any workspace: signing in and out, the public config, health, metrics, the backup (the data owners'), the API document. */
const OUTSIDE_WORKSPACES = new Set(['auth', 'health', 'config', 'metrics', 'me', 'logout', 'backup', 'docs', 'docs-json', 'docs-yaml', 'webhooks']);

/** Whether a path is a workspace's, so the role guard checks it. */
export function insideWorkspaces(path: string): boolean {
  return !OUTSIDE_WORKSPACES.has(resourceOf(path));
}

/** The first segment of an /api path. */
export function resourceOf(url: string): string {
  return url.split('?')[0].split('/')[2] ?? '';
}

/** The resource the permission table names for a path: its first two segments where the table has them, else its first. */
export function permissionResourceOf(url: string): string {
  const [first = '', second] = url.split('?')[0].split('/').slice(2);
  return second && `${first}/${second}` in PERMISSIONS ? `${first}/${second}` : first;
}

/**
 * The role check on every route (issue 28): the path's first segment is the resource, GET and HEAD
 * read and everything else writes, and the shared permission table (packages/shared, read by the
 * dashboard too) says which role may. Two writes are anyone's, checked by the service instead:
 * making a new workspace (its maker owns it) and leaving one (DELETE /api/members/{own id}).
 * A route the table does not name is refused (500) rather than left open.
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const user = req.account;
    const resource = permissionResourceOf(req.originalUrl);
    if (!user || OUTSIDE_WORKSPACES.has(resource)) return true;
    const action = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
    if (!(resource in PERMISSIONS)) throw new InternalServerErrorException(`No permission is defined for /api/${resource}.`);
    if (can(user.role, resource, action)) return true;
    if (resource === 'workspaces' && req.method === 'POST' && req.path.replace(/\/$/, '') === '/api/workspaces') return true;
    if (resource === 'members' && req.method === 'DELETE' && req.params.id === user.id) return true;
    throw new ForbiddenException(
      action === 'read' ? `Your role in this workspace (${user.role}) cannot see this.` : `Your role in this workspace (${user.role}) cannot change this.`,
    );
  }
}
