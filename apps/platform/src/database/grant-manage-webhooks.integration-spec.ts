import { PERMISSIONS, type Permission } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { PlatformTestApp } from '../testing';
import { GrantManageWebhooks1795506000000 } from './migrations/1795506000000-grant-manage-webhooks';

/**
 * The data migration of issue 14: roles holding every permission there was before
 * `manage-webhooks` gain it, others are left alone, and the users of the changed roles are
 * re-announced (`user.updated`) so the authz replicas learn it — seen here on the platform's own.
 */
let platform: PlatformTestApp;
afterAll(() => platform?.stop());

const replicaPermissions = async (userId: string): Promise<string[]> =>
  (
    (await platform.db.query('SELECT permissions FROM platform.user_replica WHERE id = $1', [userId])) as Array<{
      permissions: string[];
    }>
  )[0]?.permissions ?? [];

it('grants manage-webhooks to the admin roles only and re-announces their users', async () => {
  platform = await PlatformTestApp.start('grant_manage_webhooks');
  const company = await platform.company();
  const earlier = PERMISSIONS.filter((permission): permission is Permission => permission !== 'manage-webhooks');
  const adminRole = await platform.role(company, earlier, 'Admin');
  const narrowRole = await platform.role(company, ['view-users'], 'Narrow');
  const admin = await platform.user(company, { roleId: adminRole });
  const narrow = await platform.user(company, { roleId: narrowRole });
  await platform.replicated();
  expect(await replicaPermissions(admin.id)).not.toContain('manage-webhooks');

  const runner = platform.db.createQueryRunner();
  try {
    await runner.startTransaction();
    await new GrantManageWebhooks1795506000000().up(runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }

  const roles = (await platform.db.query('SELECT id::text, permissions FROM platform.roles WHERE company_id = $1 ORDER BY id', [
    company,
  ])) as Array<{ id: string; permissions: string[] }>;
  expect(roles).toEqual([
    { id: adminRole, permissions: [...earlier, 'manage-webhooks'] },
    { id: narrowRole, permissions: ['view-users'] },
  ]);
  await eventually(
    () => replicaPermissions(admin.id),
    (permissions) => permissions.includes('manage-webhooks'),
    { timeoutMs: 30_000, what: "the admin's user.updated to reach the replica" },
  );
  expect(await replicaPermissions(narrow.id)).toEqual(['view-users']);
});
