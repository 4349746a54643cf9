import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';

/** Every permission there was before `manage-webhooks` (issue 14): a role holding them all is an admin role. */
export const BEFORE_WEBHOOKS = [
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
];

/** Grants `manage-webhooks` to the admin roles and re-announces their users (grant-to-admin-roles.ts). Data, not schema. */
export class GrantManageWebhooks1795506000000 implements MigrationInterface {
  name = 'GrantManageWebhooks1795506000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(queryRunner, BEFORE_WEBHOOKS, ['manage-webhooks']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, ['manage-webhooks']);
  }
}
