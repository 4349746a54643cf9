import { Inject, Injectable, mixin, type CanActivate, type ExecutionContext, type Type } from '@nestjs/common';
import type { AuthenticatedRequest } from './authenticated-request';
import { effectivePermissions, isPermission, type Permission } from '@suite/contracts';
import { AppError } from '@suite/http';
import type { Principal } from '../principal';
import { AuthzReplicaReader } from '../replicas/authz-replica.reader';

/**
 * What a principal may do now: its scopes intersected with its user's current permissions in
 * this app's replica. A principal without a user (a workspace API key) may do nothing here.
 */
export async function permissionsOf(reader: AuthzReplicaReader, principal: Principal): Promise<Permission[]> {
  if (principal.userId === null) return [];
  const user = await reader.findUser(principal.userId);
  if (!user || user.deletedAt || user.status !== 'Active') return [];
  return effectivePermissions(principal.scopes, user.permissions.filter(isPermission));
}

/**
 * A guard class requiring every one of `permissions` (Twenty's `SettingsPermissionGuard(flag)`
 * built with `mixin`). Runs after an authentication guard has put the Principal on `request.user`;
 * use it through `@RequirePermission(...)`.
 */
export function PermissionGuard(...permissions: Permission[]): Type<CanActivate> {
  @Injectable()
  class PermissionGuardMixin implements CanActivate {
    constructor(@Inject(AuthzReplicaReader) private readonly reader: AuthzReplicaReader) {}

    async canActivate(context: ExecutionContext): Promise<boolean> {
      const principal = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
      if (!principal) throw new AppError('unauthenticated', 'Missing bearer token.');
      if (principal.userId === null) {
        throw new AppError('forbidden', 'An API key cannot be used here; use an access token or a personal access token.');
      }
      const granted = await permissionsOf(this.reader, principal);
      const missing = permissions.filter((permission) => !granted.includes(permission));
      if (missing.length > 0) {
        throw new AppError(
          'forbidden',
          `This action needs the ${missing.join(', ')} permission${missing.length > 1 ? 's' : ''}.`,
        );
      }
      return true;
    }
  }
  return mixin(PermissionGuardMixin);
}
