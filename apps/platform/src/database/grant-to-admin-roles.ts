import type { QueryRunner } from 'typeorm';
import { isPermission, type UserStatus } from '@suite/contracts';
import { newEvent } from '@suite/eventing';

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
 * A data migration for new permissions: grants `granted` to the roles that hold every permission
 * of `held` (the admin roles as they were before; new Admin roles get all PERMISSIONS anyway), and
 * re-announces their live users with `user.updated` in the same transaction, as a role edit does
 * (RolesService), so every app's authz replica learns the new permissions.
 */
export async function grantToAdminRoles(
  queryRunner: QueryRunner,
  held: readonly string[],
  granted: readonly string[],
): Promise<void> {
  // A SELECT around the UPDATE: TypeORM answers a bare UPDATE … RETURNING with [rows, count].
  const roles: Array<{ id: string }> = await queryRunner.query(
    `WITH granted AS (
       UPDATE "platform"."roles" r
          SET "permissions" = r."permissions" || ARRAY(SELECT p FROM unnest($2::text[]) p WHERE NOT (p = ANY (r."permissions"))),
              "updated_at" = now()
        WHERE r."permissions" @> $1::text[] AND NOT (r."permissions" @> $2::text[]) RETURNING r."id")
     SELECT "id"::text FROM granted`,
    [held, granted],
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

/** The reverse: takes `granted` back from every role. */
export async function revokeFromRoles(queryRunner: QueryRunner, granted: readonly string[]): Promise<void> {
  await queryRunner.query(
    `UPDATE "platform"."roles" SET "permissions" = ARRAY(SELECT p FROM unnest("permissions") p WHERE NOT (p = ANY ($1::text[])))
      WHERE "permissions" && $1::text[]`,
    [granted],
  );
}
