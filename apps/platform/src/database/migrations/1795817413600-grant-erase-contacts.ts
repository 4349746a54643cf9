import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';
import { BEFORE_WEBHOOKS } from './1795506000000-grant-manage-webhooks';
import { CRM_PERMISSIONS } from './1795520400000-grant-crm-permissions';
import { REPORTING_PERMISSIONS } from './1795549800000-grant-reporting-permissions';
import { VOICE_PERMISSIONS } from './1795528600000-grant-voice-permissions';
import { WORKFLOW_PERMISSIONS } from './1795541000000-grant-workflow-permissions';

/** The permission of erasure (issue 32 §3): erasing a contact in every app. */
export const ERASURE_PERMISSIONS = ['erase-contacts'];

/** Every permission there was before it: the admin roles hold them all. */
export const BEFORE_ERASURE = [
  ...BEFORE_WEBHOOKS,
  'manage-webhooks',
  ...CRM_PERMISSIONS,
  ...VOICE_PERMISSIONS,
  ...WORKFLOW_PERMISSIONS,
  ...REPORTING_PERMISSIONS,
];

/**
 * Grants it to the admin roles (those holding every earlier permission) — otherwise nobody could
 * hold it, since a role grants only what its editor holds — and re-announces their users. Data, not schema.
 */
export class GrantEraseContacts1795817413600 implements MigrationInterface {
  name = 'GrantEraseContacts1795817413600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(queryRunner, BEFORE_ERASURE, ERASURE_PERMISSIONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, ERASURE_PERMISSIONS);
  }
}
