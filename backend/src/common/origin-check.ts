import type { NextFunction, Request, Response } from 'express';
import { answerError } from './http-exception.filter';

/** Methods that change nothing: their requests are never refused as cross-site, and their bodies never read. */
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser says come from another site, so a page elsewhere
 * cannot act with the operator's cookie. Requests without those headers (curl, server to server)
 * carry no ambient cookie risk and pass.
 */
export function createOriginCheck(appUrl: string) {
  const appOrigin = new URL(appUrl).origin;
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    // A request bearing an API token (tokens/tokens.service.ts) is no browser's ambient credential: no site can make a browser add it.
    if (/^Bearer\s+qk_/i.test(req.get('authorization') ?? '')) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    const crossSiteFetch = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    const foreignOrigin = origin !== undefined && origin !== appOrigin && origin !== ownOrigin;
    if (crossSiteFetch || foreignOrigin) {
      answerError(res, { statusCode: 403, error: 'Forbidden', message: 'Cross-site requests are refused.' });
      return;
    }
    next();
  };
}
