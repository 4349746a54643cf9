import type { FastifyReply } from 'fastify';

/**
 * Marks an answer that holds a token, a code or a consent page as never to be cached, by any
 * cache old or new — RFC 6749 §5.1 asks both headers of the token endpoint's answers.
 */
export function noStore(response: FastifyReply): void {
  response.header('Cache-Control', 'no-store');
  response.header('Pragma', 'no-cache');
}
