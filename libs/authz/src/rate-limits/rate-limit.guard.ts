import { Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { AppError, RATE_LIMIT_HEADER_NAMES, rateLimitClassOfMethod, type RateLimitClassName } from '@suite/http';
import type { AuthenticatedRequest } from '../http/authenticated-request';
import { RATE_LIMIT_CLASS_METADATA } from './rate-limit.decorators';
import { RateLimiter } from './rate-limiter';

/**
 * Spends one request of the caller's budgets (decision 0045). Runs right after the authentication
 * guard of `@ApiKeyAuthenticated()`, `@Authenticated()` and `@RequirePermission()`, before the
 * permission check, so every answer from there on — success, 400, 403, 404, 429 — carries the
 * RateLimit fields. An app without rate limits (auth; RATE_LIMITS_ENABLED=false) has no RateLimiter.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() private readonly limiter?: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.limiter) return true;
    const declared = this.reflector.getAllAndOverride<RateLimitClassName | false | undefined>(RATE_LIMIT_CLASS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    const http = context.switchToHttp();
    const request = http.getRequest<AuthenticatedRequest>();
    // No principal means no authentication guard ran before this one: nothing to count against.
    if (declared === false || !request.user) return true;
    const rateClass = declared ?? rateLimitClassOfMethod(request.method);
    const decision = await this.limiter.admit(request.user, rateClass);
    if (!decision.known) return true;
    const reply = http.getResponse<FastifyReply>();
    reply.header(RATE_LIMIT_HEADER_NAMES.limit, decision.limit);
    reply.header(RATE_LIMIT_HEADER_NAMES.remaining, decision.remaining);
    reply.header(RATE_LIMIT_HEADER_NAMES.reset, decision.resetSeconds);
    reply.header(RATE_LIMIT_HEADER_NAMES.policy, decision.policy);
    if (decision.admitted) return true;
    reply.header(RATE_LIMIT_HEADER_NAMES.retryAfter, decision.retryAfterSeconds);
    const plural = decision.retryAfterSeconds === 1 ? '' : 's';
    throw new AppError(
      'rate_limited',
      `Too many ${rateClass} requests: the budget of this credential or of its company is spent; retry in ${decision.retryAfterSeconds} second${plural}.`,
    );
  }
}
