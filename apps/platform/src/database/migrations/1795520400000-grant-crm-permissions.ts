import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';
import { BEFORE_WEBHOOKS } from './1795506000000-grant-manage-webhooks';

/** The permissions of the CRM and the company settings (issue 15). */
export const CRM_PERMISSIONS = [
  'view-contacts',
  'edit-contacts',
  'view-pipelines',
  'edit-pipelines',
  'view-appointments',
  'edit-appointments',
  'manage-company-settings',
];

/** Grants the CRM's permissions to the admin roles (those holding every earlier one) and re-announces their users. Data, not schema. */
export class GrantCrmPermissions1795520400000 implements MigrationInterface {
  name = 'GrantCrmPermissions1795520400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(queryRunner, [...BEFORE_WEBHOOKS, 'manage-webhooks'], CRM_PERMISSIONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, CRM_PERMISSIONS);
  }
}
