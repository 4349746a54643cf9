import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppError } from '@suite/http';
import type { Principal } from '../principal';
import type { AuthenticatedRequest } from './authenticated-request';
import { BEARER_STRATEGY, BearerStrategy } from './bearer.strategy';

/** RFC 6750 §3: the challenge a resource server sends with a refused bearer token. */
export const BEARER_CHALLENGE = 'Bearer error="invalid_token"';

/**
 * Runs the app's BearerStrategy through passport (in the strategy's own registry, see
 * BearerStrategy.getPassportInstance) and puts the Principal on `request.user`. Every refusal is
 * an `unauthenticated` AppError (401 in the app's error body) with `WWW-Authenticate` set.
 * Tokens in the URL are refused: URLs end up in logs.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly strategy: BearerStrategy) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    const response = http.getResponse<FastifyReply>();
    try {
      request.user = await this.authenticate(request, response);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.kind === 'unauthenticated' && !response.sent) {
        response.header('WWW-Authenticate', BEARER_CHALLENGE);
      }
      throw error;
    }
  }

  private authenticate(request: AuthenticatedRequest, response: FastifyReply): Promise<Principal> {
    if (request.query && typeof request.query === 'object' && 'access_token' in request.query) {
      return Promise.reject(new AppError('unauthenticated', 'Send the token in the Authorization header, not in the URL.'));
    }
    if (!request.headers.authorization) return Promise.reject(new AppError('unauthenticated', 'Missing bearer token.'));
    return new Promise<Principal>((resolve, reject) => {
      const middleware = this.strategy
        .getPassportInstance()
        .authenticate(BEARER_STRATEGY, { session: false }, (error: unknown, principal: Principal | false | null) => {
          if (error) return reject(error);
          if (!principal) {
            return reject(new AppError('unauthenticated', 'The Authorization header must be "Bearer <token>".'));
          }
          resolve(principal);
        });
      middleware(request, response, (error?: unknown) =>
        reject(error ?? new AppError('unauthenticated', 'Missing bearer token.')),
      );
    });
  }
}
