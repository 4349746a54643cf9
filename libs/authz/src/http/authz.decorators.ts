import { applyDecorators, createParamDecorator, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import type { AuthenticatedRequest } from './authenticated-request';
import type { Permission } from '@suite/contracts';
import { ApiErrors, AppError } from '@suite/http';
import type { Principal } from '../principal';
import { InternalTokenGuard } from '../internal/internal-token.guard';
import { ApiKeyGuard } from './api-key.guard';
import { BearerAuthGuard } from './bearer-auth.guard';
import { PermissionGuard } from './permission.guard';
import { RateLimitGuard } from '../rate-limits/rate-limit.guard';

/** An access token is checked against auth's signing keys; while they are out of reach the answer is 503, not 401. */
const KEYS_UNREACHABLE = {
  503: "Access tokens cannot be verified right now (auth's signing keys are out of reach); retry shortly.",
};

/**
 * A bearer token (access token or personal access token) is required; no permission. Like the
 * other credential decorators, it spends one request of the credential's rate limits (decision 0045).
 */
export const Authenticated = () =>
  applyDecorators(UseGuards(BearerAuthGuard, RateLimitGuard), ApiBearerAuth(), ApiErrors(401, KEYS_UNREACHABLE));

/**
 * A bearer token whose effective rights (scopes ∩ the user's current permissions) include every
 * permission listed: 401 without a valid token, 403 when a permission is missing.
 */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) =>
  applyDecorators(
    UseGuards(BearerAuthGuard, RateLimitGuard, PermissionGuard(...permissions)),
    ApiBearerAuth(),
    ApiErrors({
      401: 'Missing or refused bearer token.',
      403: `Needs the permission${permissions.length > 1 ? 's' : ''} ${permissions.join(', ')}.`,
    }),
    ApiErrors(KEYS_UNREACHABLE),
  );

/** A workspace API key in `x-api-key` is required (the messaging API). */
export const ApiKeyAuthenticated = () =>
  applyDecorators(
    UseGuards(ApiKeyGuard, RateLimitGuard),
    ApiSecurity('api-key'),
    ApiErrors({ 401: 'Missing or refused x-api-key.' }),
  );

/**
 * Operator and service-to-service routes under `/internal` (decision 0004): `x-internal-token`
 * must be INTERNAL_API_TOKEN; without one configured, the routes answer 404 as if absent.
 */
export const InternalTokenAuthenticated = () =>
  applyDecorators(
    UseGuards(InternalTokenGuard),
    ApiSecurity('internal-token'),
    ApiErrors({
      401: 'Missing or wrong x-internal-token.',
      404: 'Internal routes are off (no INTERNAL_API_TOKEN configured).',
    }),
  );

/** The verified Principal of the request; use only behind one of the user or API key decorators above. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  // A route without an authentication guard is a programming error; fail closed.
  if (!principal) throw new AppError('unauthenticated', 'Missing credentials.');
  return principal;
});
