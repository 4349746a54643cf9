import { applyDecorators, createParamDecorator, UseGuards, type ExecutionContext } from '@nestjs/common';
import { ApiBearerAuth, ApiSecurity } from '@nestjs/swagger';
import type { AuthenticatedRequest } from './authenticated-request';
import type { Permission } from '@suite/contracts';
import { AppError } from '@suite/runtime';
import type { Principal } from '../principal';
import { ApiKeyGuard } from './api-key.guard';
import { BearerAuthGuard } from './bearer-auth.guard';
import { PermissionGuard } from './permission.guard';

/** A bearer token (access token or personal access token) is required; no permission. */
export const Authenticated = () => applyDecorators(UseGuards(BearerAuthGuard), ApiBearerAuth());

/**
 * A bearer token whose effective rights (scopes ∩ the user's current permissions) include every
 * permission listed: 401 without a valid token, 403 when a permission is missing.
 */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) =>
  applyDecorators(UseGuards(BearerAuthGuard, PermissionGuard(...permissions)), ApiBearerAuth());

/** A workspace API key in `x-api-key` is required (the messaging API). */
export const ApiKeyAuthenticated = () => applyDecorators(UseGuards(ApiKeyGuard), ApiSecurity('api-key'));

/** The verified Principal of the request; use only behind one of the decorators above. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  // A route without an authentication guard is a programming error; fail closed.
  if (!principal) throw new AppError('unauthenticated', 'Missing credentials.');
  return principal;
});
