import type { MigrationInterface, QueryRunner } from 'typeorm';
import { grantToAdminRoles, revokeFromRoles } from '../grant-to-admin-roles';
import { BEFORE_WEBHOOKS } from './1795506000000-grant-manage-webhooks';
import { CRM_PERMISSIONS } from './1795520400000-grant-crm-permissions';

/** The permissions of voice and numbers: AI agents, calls, dialer campaigns, phone numbers, spam-protected numbers (issue 16). */
export const VOICE_PERMISSIONS = [
  'view-agents',
  'edit-agents',
  'view-calls',
  'edit-calls',
  'view-campaigns',
  'edit-campaigns',
  'view-phone-numbers',
  'edit-phone-numbers',
  'edit-spam-protected-numbers',
];

/** Grants them to the admin roles (those holding every earlier permission) and re-announces their users. Data, not schema. */
export class GrantVoicePermissions1795528600000 implements MigrationInterface {
  name = 'GrantVoicePermissions1795528600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await grantToAdminRoles(queryRunner, [...BEFORE_WEBHOOKS, 'manage-webhooks', ...CRM_PERMISSIONS], VOICE_PERMISSIONS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await revokeFromRoles(queryRunner, VOICE_PERMISSIONS);
  }
}
