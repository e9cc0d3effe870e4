import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { UserRow } from '../users/users.schema';

declare module 'express-serve-static-core' {
  interface Request {
    /** The signed-in operator, set by the authentication middleware. */
    account?: UserRow;
  }
}

/** The signed-in operator; the middleware has already answered 401 when there is none. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): UserRow => {
  const account = context.switchToHttp().getRequest<Request>().account;
  if (!account) throw new Error('CurrentUser used on a route the authentication middleware does not cover');
  return account;
});
