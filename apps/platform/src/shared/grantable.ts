import { permissionsBeyond, type Permission } from '@suite/contracts';
import { AppError } from '@suite/http';

/**
 * No privilege escalation: a caller may only hand out permissions it holds itself (through a
 * role it creates or edits, or a role it assigns to a user). `held` undefined = a system call
 * (seeding, operators), which is not limited.
 */
export function assertGrantable(requested: readonly string[], held: readonly Permission[] | undefined): void {
  refuseBeyond('You cannot grant permissions you do not hold', requested, held);
}

/** What a caller does to another user, as the refusal names it. */
export type ActionOnUser = 'edit' | 'delete' | 'log in as';

/**
 * Nobody acts on a user who outranks them: a caller may edit, delete or log in as a user only if
 * every permission the user holds through their role — whatever their status: a suspended admin
 * still outranks an editor — is among the caller's effective permissions (scopes ∩ role, as
 * `permissionsOf` computes them). Equal is allowed, and so is oneself with a credential carrying
 * all of one's rights; a credential narrowed by its scopes (a personal access token, a login-as
 * token) is compared by what it carries, so it cannot act on its own, stronger, user either.
 * `held` undefined = a system call (seeding, the admin CLI), which is not limited.
 */
export function assertMayActOnUser(
  action: ActionOnUser,
  userPermissions: readonly string[],
  held: readonly Permission[] | undefined,
): void {
  refuseBeyond(`You cannot ${action} a user who holds permissions you do not`, userPermissions, held);
}

/**
 * The same rule for roles: a caller may edit a role only if it holds every permission the role
 * grants now. Editing it changes the rights of everyone who holds it, so a weaker caller could
 * otherwise strip a stronger user's role (and then, that user no longer outranking them, edit
 * their password and email).
 */
export function assertMayEditRole(rolePermissions: readonly string[], held: readonly Permission[] | undefined): void {
  refuseBeyond('You cannot edit a role that grants permissions you do not hold', rolePermissions, held);
}

function refuseBeyond(refusal: string, permissions: readonly string[], held: readonly Permission[] | undefined): void {
  if (!held) return;
  const missing = permissionsBeyond(permissions, held);
  if (missing.length > 0) throw new AppError('forbidden', `${refusal}: ${missing.join(', ')}.`);
}
