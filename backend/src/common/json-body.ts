import { UnsupportedMediaTypeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { SAFE_METHODS } from './origin-check';

/** The one media type a request body is read as (the JSON parser's in app.setup.ts, `charset` and other parameters allowed). */
export const JSON_MEDIA_TYPE = 'application/json';

/** Whether bytes follow the headers: a POST with nothing to send (a browser's, `fetch`'s) says `Content-Length: 0`. */
function carriesBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Refuses, with a 415, a write whose body the JSON parser would not read (text, a form, multipart,
 * XML, a `+json` type, or no Content-Type at all): left unread it would reach the route as an empty
 * body, and a partial update would answer 200 having taken none of it. `req.is` is the parser's own
 * test (type-is), so what passes here is exactly what the parser reads.
 */
export function refuseNonJsonBody(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE_METHODS.has(req.method) || !carriesBody(req) || req.is(JSON_MEDIA_TYPE)) return next();
  const type = req.headers['content-type'];
  next(
    new UnsupportedMediaTypeException(
      type
        ? `The Content-Type ${JSON.stringify(type.slice(0, 100))} is not supported; send the body as JSON, with Content-Type: ${JSON_MEDIA_TYPE}.`
        : `The request body has no Content-Type; send it as JSON, with Content-Type: ${JSON_MEDIA_TYPE}.`,
    ),
  );
}
