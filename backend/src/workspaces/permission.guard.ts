import { CanActivate, ExecutionContext, ForbiddenException, Injectable, InternalServerErrorException, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { can } from '@quire/shared';
import { accessOf } from '../common/access';

/**
 * The role check on every route, as the route declares it (common/access.ts): a workspace's route
 * asks the shared permission table (packages/shared, read by the dashboard too) whether the
 * member's role may read or write its resource; a route declared for anyone in the workspace or
 * outside any workspace needs no role (and is closed to a request made with an API token, which acts
 * only on a workspace's routes). A route that declares nothing is refused (500) rather than
 * left open; start-up refuses it first (DeclaredAccessCheck).
 */
@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const access = accessOf(this.reflector, context);
    if (!access) throw new InternalServerErrorException(`No access is declared for ${context.getClass().name}.${context.getHandler().name}.`);
    const req = context.switchToHttp().getRequest<Request>();
    // An API token opens a workspace's routes only: never the session's, the tokens' or any other a person must be signed in for.
    if (req.account?.tokenName !== undefined && access.scope !== 'workspace') throw new UnauthorizedException('Please sign in.');
    if (access.scope === 'outside') return true;
    const user = req.account;
    if (!user) throw new UnauthorizedException('Please sign in.');
    if (access.scope === 'anyone' || can(user.role, access.resource, access.action)) return true;
    if (access.self && req.params[access.self] === user.id) return true;
    throw new ForbiddenException(
      access.action === 'read'
        ? `Your role in this workspace (${user.role}) cannot see this.`
        : `Your role in this workspace (${user.role}) cannot change this.`,
    );
  }
}
