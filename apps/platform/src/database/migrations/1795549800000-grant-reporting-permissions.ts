import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';
import { BEFORE_WEBHOOKS } from './1795506000000-grant-manage-webhooks';
import { CRM_PERMISSIONS } from './1795520400000-grant-crm-permissions';
import { VOICE_PERMISSIONS } from './1795528600000-grant-voice-permissions';
import { WORKFLOW_PERMISSIONS } from './1795541000000-grant-workflow-permissions';

/** The permissions of reporting (issue 18): the business dashboard, and connecting the ad accounts whose spend it shows. */
export const REPORTING_PERMISSIONS = ['view-dashboard', 'manage-ad-accounts'];

/** Grants them to the admin roles (those holding every earlier permission) and re-announces their users. Data, not schema. */
export class GrantReportingPermissions1795549800000 implements MigrationInterface {
  name = 'GrantReportingPermissions1795549800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(
      queryRunner,
      [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS, ...VOICE_PERMISSIONS, ...WORKFLOW_PERMISSIONS],
      REPORTING_PERMISSIONS,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, REPORTING_PERMISSIONS);
  }
}
