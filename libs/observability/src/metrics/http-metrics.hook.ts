import type { FastifyInstance } from 'fastify';
import { httpRequestDuration } from './metrics.registry';

/**
 * Records one observation per answered request, labelled by route template (never the raw URL:
 * ids would explode cardinality); requests no route matched are `unmatched`. Fastify measures
 * the time itself (`reply.elapsedTime`), so nothing is kept per request.
 */
export function registerHttpMetrics(instance: FastifyInstance, app: string): void {
  const histogram = httpRequestDuration();
  instance.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      { app, method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
