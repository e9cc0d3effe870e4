import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Role } from '@quire/shared';
import type { Scope } from './scope';

/**
 * Who is signed in, as routes see it (never the user's row, whose other columns hold secrets), and
 * the session's current workspace with their role in it: a Scope, so a route hands it to services
 * as it is.
 */
export interface AuthUser extends Scope {
  id: string;
  /** The same as `id`: the person acting, as a Scope names them. */
  userId: string;
  name: string;
  email: string;
  avatar: string | null;
  workspaceName: string;
  role: Role;
  /**
   * Set when the request carries one of the person's API tokens (not a session): its name, for the
   * audit log; `role` is then the lower of the token's and the person's role in its workspace.
   */
  tokenName?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in operator, set by the authentication middleware. */
    account?: AuthUser;
  }
}

/** The signed-in operator; the middleware has already answered 401 when there is none. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const account = context.switchToHttp().getRequest<Request>().account;
  if (!account) throw new Error('CurrentUser used on a route the authentication middleware does not cover');
  return account;
});
