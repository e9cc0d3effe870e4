import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';

/**
 * Counts and times every request once its answer has gone. The route label is the pattern the
 * request matched (`/api/sections/:id`), so ids never become labels; what matched none is
 * `unmatched` under /api (refused before routing, or unknown) and `dashboard` elsewhere.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : req.originalUrl.startsWith('/api') ? 'unmatched' : 'dashboard';
      metrics.httpRequest(req.method, route, res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
