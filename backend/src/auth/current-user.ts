import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is signed in, as routes see it: never the user's row, whose other columns hold secrets. */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
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
