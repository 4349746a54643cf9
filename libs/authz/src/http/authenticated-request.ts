import type { FastifyRequest } from 'fastify';
import type { Principal } from '../principal';

/** A request as guards and handlers see it: Fastify's, with the Principal an authentication guard put on it. */
export type AuthenticatedRequest = FastifyRequest & { user?: Principal };
