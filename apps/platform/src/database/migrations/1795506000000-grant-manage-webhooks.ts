import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isPermission, type UserStatus } from '@suite/contracts';
import { newEvent } from '@suite/eventing';

/** Every permission there was before `manage-webhooks` (issue 14): a role holding them all is an admin role. */
const BEFORE_WEBHOOKS = [
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

interface UserRow {
  id: string;
  company_id: string;
  name: string;
  email: string;
  password_hash: string;
  status: UserStatus;
  role_id: string;
  permissions: string[];
}

/**
 * Grants `manage-webhooks` to the roles that hold every earlier permission (the admin roles; new
 * Admin roles get all PERMISSIONS anyway), and re-announces their live users with `user.updated`
 * in the same transaction, as a role edit does (RolesService), so every app's authz replica learns
 * the new permission. Written by hand: data, not schema.
 */
export class GrantManageWebhooks1795506000000 implements MigrationInterface {
  name = 'GrantManageWebhooks1795506000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE … RETURNING with [rows, count].
    const roles: Array<{ id: string }> = await queryRunner.query(
      `WITH granted AS (
         UPDATE "platform"."roles" SET "permissions" = array_append("permissions", 'manage-webhooks'), "updated_at" = now()
          WHERE "permissions" @> $1::text[] AND NOT ('manage-webhooks' = ANY ("permissions")) RETURNING "id")
       SELECT "id"::text FROM granted`,
      [BEFORE_WEBHOOKS],
    );
    if (roles.length === 0) return;
    const users: UserRow[] = await queryRunner.query(
      `SELECT u."id"::text, u."company_id"::text, u."name", u."email", u."password_hash", u."status", u."role_id"::text, r."permissions"
         FROM "platform"."users" u JOIN "platform"."roles" r ON r."id" = u."role_id"
        WHERE u."role_id" = ANY ($1::bigint[]) AND u."deleted_at" IS NULL ORDER BY u."id"`,
      [roles.map((role) => role.id)],
    );
    for (const user of users) {
      const { topic, envelope } = newEvent('user.updated', {
        companyId: user.company_id,
        subject: user.id,
        data: {
          id: user.id,
          company_id: user.company_id,
          email: user.email,
          name: user.name,
          status: user.status,
          role_id: user.role_id,
          permissions: user.permissions.filter(isPermission),
          password_hash: user.password_hash,
        },
      });
      await queryRunner.query(
        'INSERT INTO "platform"."outbox" ("id", "topic", "type", "subject", "envelope") VALUES ($1, $2, $3, $4, $5::json)',
        [envelope.id, topic, envelope.type, envelope.subject, JSON.stringify(envelope)],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "platform"."roles" SET "permissions" = array_remove("permissions", 'manage-webhooks') WHERE 'manage-webhooks' = ANY ("permissions")`,
    );
  }
}
