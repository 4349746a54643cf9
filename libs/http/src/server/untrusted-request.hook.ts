import type { FastifyInstance } from 'fastify';
import { untrustedInputError } from './untrusted-input-error';

/**
 * Path parameters and the query string pass the same check as bodies (untrusted-input.ts)
 * before anything else runs, authentication included: `DELETE /oauth/clients/a%00b` reached
 * PostgreSQL with a NUL in it. Both are parsed by the time onRequest runs (the router found
 * the route); a request that matched no route has neither and goes to the 404 handler.
 */
export function registerUntrustedRequestCheck(instance: FastifyInstance): void {
  instance.addHook('onRequest', async (request) => {
    const error = untrustedInputError(request.params) ?? untrustedInputError(request.query);
    if (error) throw error;
  });
}
