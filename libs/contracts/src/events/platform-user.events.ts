import type { Permission } from '../identity/permissions';
import { defineEvent } from './define-event';
import { nullable, payload, stringEnum, Type, typedAs, type Static } from './payload-schema';
import { companyRecordIds, numericId } from './payload-fields';
import { Topics } from './topics';

export const USER_STATUSES = ['Pending', 'Active', 'Inactive', 'Suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Payloads on `platform.user.v1`. Subject: the user id. `user.created` and `user.updated` carry
 * the whole snapshot other apps need (auth for login, every app for status and permissions),
 * so a consumer never has to ask the platform.
 */
export const userSnapshotSchema = payload({
  ...companyRecordIds,
  email: Type.String({ maxLength: 255 }),
  name: Type.String({ maxLength: 255 }),
  status: stringEnum(USER_STATUSES),
  role_id: nullable(numericId),
  /** The role's permissions at the time of the change (the schema holds them to strings of at most 64). */
  permissions: typedAs<Permission[]>(Type.Array(Type.String({ maxLength: 64 }))),
  /** argon2id PHC string; the password itself never leaves the request that set it. */
  password_hash: nullable(Type.String({ pattern: '^\\$argon2id\\$' })),
});
export type UserSnapshotData = Static<typeof userSnapshotSchema>;

export const userDeletedSchema = payload({ id: numericId, company_id: numericId });
export type UserDeletedData = Static<typeof userDeletedSchema>;

export const PLATFORM_USER_EVENTS = [
  defineEvent(
    'user.created',
    Topics.platformUser,
    userSnapshotSchema,
    'A user was added to a company (full snapshot, password as an argon2id hash).',
  ),
  defineEvent(
    'user.updated',
    Topics.platformUser,
    userSnapshotSchema,
    'A user changed: profile, status, role or its permissions, password (full snapshot).',
  ),
  defineEvent(
    'user.deleted',
    Topics.platformUser,
    userDeletedSchema,
    'A user was deleted; every credential of theirs stops working.',
  ),
] as const;
