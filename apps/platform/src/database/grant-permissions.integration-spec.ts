import type { MigrationInterface } from 'typeorm';
import { PERMISSIONS, type Permission } from '@suite/contracts';
import { eventually } from '@suite/testing';
import { PlatformTestApp } from '../testing';
import { BEFORE_WEBHOOKS, GrantManageWebhooks1795506000000 } from './migrations/1795506000000-grant-manage-webhooks';
import { CRM_PERMISSIONS, GrantCrmPermissions1795520400000 } from './migrations/1795520400000-grant-crm-permissions';
import { GrantVoicePermissions1795528600000, VOICE_PERMISSIONS } from './migrations/1795528600000-grant-voice-permissions';
import {
  GrantWorkflowPermissions1795541000000,
  WORKFLOW_PERMISSIONS,
} from './migrations/1795541000000-grant-workflow-permissions';
import {
  GrantReportingPermissions1795549800000,
  REPORTING_PERMISSIONS,
} from './migrations/1795549800000-grant-reporting-permissions';
import {
  BEFORE_ERASURE,
  ERASURE_PERMISSIONS,
  GrantEraseContacts1795817413600,
} from './migrations/1795817413600-grant-erase-contacts';

/**
 * The data migrations that grant new permissions (grant-to-admin-roles.ts): roles holding every
 * permission there was before gain the new ones, others are left alone, and the users of the
 * changed roles are re-announced (`user.updated`) so the authz replicas learn it — seen here on
 * the platform's own replicas.
 */
let platform: PlatformTestApp;
beforeAll(async () => {
  platform = await PlatformTestApp.start('grant_permissions');
});
afterAll(() => platform?.stop());

const replicaPermissions = async (userId: string): Promise<string[]> =>
  (
    (await platform.db.query('SELECT permissions FROM platform.user_replica WHERE id = $1', [userId])) as Array<{
      permissions: string[];
    }>
  )[0]?.permissions ?? [];

const CASES: Array<{ name: string; migration: MigrationInterface; before: string[]; granted: string[] }> = [
  {
    name: 'manage-webhooks (issue 14)',
    migration: new GrantManageWebhooks1795506000000(),
    before: BEFORE_WEBHOOKS,
    granted: ['manage-webhooks'],
  },
  {
    name: 'the CRM permissions (issue 15)',
    migration: new GrantCrmPermissions1795520400000(),
    before: [...BEFORE_WEBHOOKS, 'manage-webhooks'],
    granted: CRM_PERMISSIONS,
  },
  {
    name: 'the voice and numbers permissions (issue 16)',
    migration: new GrantVoicePermissions1795528600000(),
    before: [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS],
    granted: VOICE_PERMISSIONS,
  },
  {
    name: 'the workflow permissions (issue 17)',
    migration: new GrantWorkflowPermissions1795541000000(),
    before: [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS, ...VOICE_PERMISSIONS],
    granted: WORKFLOW_PERMISSIONS,
  },
  {
    name: 'the reporting permissions (issue 18)',
    migration: new GrantReportingPermissions1795549800000(),
    before: [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS, ...VOICE_PERMISSIONS, ...WORKFLOW_PERMISSIONS],
    granted: REPORTING_PERMISSIONS,
  },
  {
    name: 'erase-contacts (issue 32)',
    migration: new GrantEraseContacts1795817413600(),
    before: BEFORE_ERASURE,
    granted: ERASURE_PERMISSIONS,
  },
];

it.each(CASES)('grants $name to the admin roles only and re-announces their users', async ({ migration, before, granted }) => {
  const company = await platform.company();
  const earlier = before as Permission[];
  const adminRole = await platform.role(company, earlier, 'Admin');
  const narrowRole = await platform.role(company, ['view-users'], 'Narrow');
  const fullRole = await platform.role(company, PERMISSIONS, 'Everything');
  const admin = await platform.user(company, { roleId: adminRole });
  const narrow = await platform.user(company, { roleId: narrowRole });
  await platform.replicated();
  expect(await replicaPermissions(admin.id)).not.toContain(granted[0]);

  const runner = platform.db.createQueryRunner();
  try {
    await runner.startTransaction();
    await migration.up(runner);
    await runner.commitTransaction();
  } finally {
    await runner.release();
  }

  const roles = (await platform.db.query('SELECT id::text, permissions FROM platform.roles WHERE company_id = $1 ORDER BY id', [
    company,
  ])) as Array<{ id: string; permissions: string[] }>;
  expect(roles).toEqual([
    { id: adminRole, permissions: [...earlier, ...granted] },
    { id: narrowRole, permissions: ['view-users'] },
    { id: fullRole, permissions: [...PERMISSIONS] },
  ]);
  await eventually(
    () => replicaPermissions(admin.id),
    (permissions) => granted.every((permission) => permissions.includes(permission)),
    { timeoutMs: 30_000, what: "the admin's user.updated to reach the replica" },
  );
  expect(await replicaPermissions(narrow.id)).toEqual(['view-users']);
});
