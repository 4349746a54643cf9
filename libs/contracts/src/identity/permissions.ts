/**
 * Permission names, as the spec spells them, declared once. Roles grant them; guards require
 * them (`@RequirePermission('edit-users')`); token scopes select among them.
 * The first six are the spec's; the rest name the operations the spec only mentions
 * (listing and creating users, roles, teams; managing OAuth clients, credentials and webhooks; the
 * CRM's contacts, lists, pipelines and appointments; the company's settings; AI agents, calls,
 * dialer campaigns, phone numbers, the editing of spam-protected numbers; automation workflows; the
 * business dashboard and the ad accounts whose spend it shows; erasing a contact everywhere, GDPR Art. 17).
 */
export const PERMISSIONS = [
  'view-spam-protected-numbers',
  'view-teams',
  'edit-users',
  'view-users',
  'delete-users',
  'delete-role',
  'create-users',
  'view-roles',
  'edit-roles',
  'edit-teams',
  'manage-companies',
  'manage-oauth-clients',
  'manage-api-keys',
  'manage-webhooks',
  'view-contacts',
  'edit-contacts',
  'view-pipelines',
  'edit-pipelines',
  'view-appointments',
  'edit-appointments',
  'manage-company-settings',
  'view-agents',
  'edit-agents',
  'view-calls',
  'edit-calls',
  'view-campaigns',
  'edit-campaigns',
  'view-phone-numbers',
  'edit-phone-numbers',
  'edit-spam-protected-numbers',
  'view-workflows',
  'edit-workflows',
  'view-dashboard',
  'manage-ad-accounts',
  'erase-contacts',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);

/** The scope that grants everything the user may do. Other scopes are permission names. */
export const FULL_ACCESS_SCOPE = '*';

export type Scope = Permission | typeof FULL_ACCESS_SCOPE;

export const isScope = (value: unknown): value is Scope => value === FULL_ACCESS_SCOPE || isPermission(value);

/**
 * What a credential may do: its scopes intersected with its user's current permissions.
 * A token never grants more than its user has now, whatever it was issued with.
 */
export function effectivePermissions(scopes: readonly string[], userPermissions: readonly Permission[]): Permission[] {
  if (scopes.includes(FULL_ACCESS_SCOPE)) return [...userPermissions];
  return userPermissions.filter((permission) => scopes.includes(permission));
}

/**
 * The permissions of `wanted` that `held` lacks (in `wanted`'s order): empty when `held` covers
 * them all. What a caller may grant, and whom it may act on, are both decided by it.
 */
export function permissionsBeyond(wanted: readonly string[], held: readonly string[]): string[] {
  return [...new Set(wanted)].filter((permission) => !held.includes(permission));
}
