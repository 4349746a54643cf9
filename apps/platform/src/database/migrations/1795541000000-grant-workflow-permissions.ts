import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';
import { BEFORE_WEBHOOKS } from './1795506000000-grant-manage-webhooks';
import { CRM_PERMISSIONS } from './1795520400000-grant-crm-permissions';
import { VOICE_PERMISSIONS } from './1795528600000-grant-voice-permissions';

/** The permissions of automation workflows (issue 17). */
export const WORKFLOW_PERMISSIONS = ['view-workflows', 'edit-workflows'];

/** Grants them to the admin roles (those holding every earlier permission) and re-announces their users. Data, not schema. */
export class GrantWorkflowPermissions1795541000000 implements MigrationInterface {
  name = 'GrantWorkflowPermissions1795541000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(
      queryRunner,
      [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS, ...VOICE_PERMISSIONS],
      WORKFLOW_PERMISSIONS,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, WORKFLOW_PERMISSIONS);
  }
}
