import type { Request, Response, NextFunction } from 'express';
import { httpRequestDuration } from './metrics.registry';

/** Records one observation per request, labelled by route template (never the raw URL: ids would explode cardinality). */
export function httpMetricsMiddleware(app: string) {
  const histogram = httpRequestDuration();
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = histogram.startTimer({ app, method: req.method });
    res.on('finish', () => {
      const template = (req.route as { path?: string } | undefined)?.path;
      end({ route: template ? `${req.baseUrl}${template}` : 'unmatched', status: String(res.statusCode) });
    });
    next();
  };
}
