import type { ExecutionContext } from '@nestjs/common';
import { effectivePermissions, type Permission } from '@suite/contracts';
import type { Principal } from '../principal';
import { FakeReplicaReader } from '../testing/fake-replica-reader';
import { PermissionGuard, permissionsOf } from './permission.guard';

const principal = (change: Partial<Principal> = {}): Principal => ({
  via: 'personal_access_token',
  companyId: '42',
  userId: '7',
  scopes: ['*'],
  credentialId: 'cred-1',
  ...change,
});

const contextFor = (user: Principal | undefined) =>
  ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as unknown as ExecutionContext;

function setup(permissions: Permission[]) {
  const reader = new FakeReplicaReader().addUser({ id: '7', companyId: '42', permissions });
  return { reader };
}

describe('effective permissions', () => {
  it("are the scopes intersected with the user's current permissions", async () => {
    const { reader } = setup(['view-users', 'edit-users']);
    await expect(permissionsOf(reader, principal({ scopes: ['*'] }))).resolves.toEqual(['view-users', 'edit-users']);
    await expect(permissionsOf(reader, principal({ scopes: ['view-users', 'delete-users'] }))).resolves.toEqual(['view-users']);
    await expect(permissionsOf(reader, principal({ scopes: [] }))).resolves.toEqual([]);
    expect(effectivePermissions(['delete-users'], ['view-users'])).toEqual([]);
  });

  it("follow the user's role now, not when the token was issued", async () => {
    const { reader } = setup(['view-users', 'edit-users']);
    reader.addUser({ id: '7', companyId: '42', permissions: ['view-users'] });
    await expect(permissionsOf(reader, principal({ scopes: ['*'] }))).resolves.toEqual(['view-users']);
  });

  it('are empty for an API key, an inactive user and a user not in the replica; unknown names are dropped', async () => {
    const { reader } = setup(['view-users']);
    await expect(permissionsOf(reader, principal({ via: 'api_key', userId: null }))).resolves.toEqual([]);
    await expect(permissionsOf(reader, principal({ userId: '8' }))).resolves.toEqual([]);
    reader.addUser({ id: '7', companyId: '42', permissions: ['view-users', 'root'], status: 'Inactive' });
    await expect(permissionsOf(reader, principal())).resolves.toEqual([]);
    reader.addUser({ id: '7', companyId: '42', permissions: ['view-users', 'root'] });
    await expect(permissionsOf(reader, principal())).resolves.toEqual(['view-users']);
  });
});

describe('PermissionGuard(...)', () => {
  it('lets through a principal holding every required permission', async () => {
    const { reader } = setup(['view-users', 'edit-users']);
    const Guard = PermissionGuard('view-users', 'edit-users');
    await expect(new Guard(reader).canActivate(contextFor(principal()))).resolves.toBe(true);
  });

  it('refuses (403) when a permission is missing from the scopes or from the user', async () => {
    const { reader } = setup(['view-users']);
    const Guard = PermissionGuard('edit-users');
    await expect(new Guard(reader).canActivate(contextFor(principal()))).rejects.toMatchObject({
      kind: 'forbidden',
      message: 'This action needs the edit-users permission.',
    });
    const viewGuard = new (PermissionGuard('view-users'))(reader);
    await expect(viewGuard.canActivate(contextFor(principal({ scopes: ['edit-users'] })))).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('never lets an API key through, and asks for credentials when none were verified', async () => {
    const { reader } = setup(['view-users']);
    const guard = new (PermissionGuard('view-users'))(reader);
    await expect(guard.canActivate(contextFor(principal({ via: 'api_key', userId: null })))).rejects.toMatchObject({
      kind: 'forbidden',
    });
    await expect(guard.canActivate(contextFor(undefined))).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});
