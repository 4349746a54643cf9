import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthenticatedRequest } from '../http/authenticated-request';
import { AppError } from '@suite/http';
import { BaseEnvironment } from '@suite/config';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * The address of the user a suite service acts for (the platform's login-as sends the admin's):
 * read only from a caller that presented a valid INTERNAL_TOKEN_HEADER, never from anyone else,
 * so it is not a second X-Forwarded-For that any client could write.
 */
export const INTERNAL_CLIENT_IP_HEADER = 'x-internal-client-ip';

/**
 * Guards /internal/* routes: operator and service-to-service calls that the gateway never
 * routes. The shared token is compared in constant time (digests of equal length).
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly expected: Buffer | undefined;

  constructor(env: BaseEnvironment) {
    // Without INTERNAL_API_TOKEN the internal routes do not exist (404), rather than being open.
    this.expected = env.INTERNAL_API_TOKEN ? digest(env.INTERNAL_API_TOKEN) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) throw new AppError('not_found', 'Not found.');
    const header = context.switchToHttp().getRequest<AuthenticatedRequest>().headers[INTERNAL_TOKEN_HEADER];
    if (typeof header !== 'string' || header.length === 0) {
      throw new AppError('unauthenticated', `Missing ${INTERNAL_TOKEN_HEADER} header.`);
    }
    if (!timingSafeEqual(digest(header), this.expected)) {
      throw new AppError('unauthenticated', `Invalid ${INTERNAL_TOKEN_HEADER} header.`);
    }
    return true;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();
