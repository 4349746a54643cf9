import type { Permission } from '../identity/permissions';
import { payloadSchema } from './payload-schema';

export const USER_STATUSES = ['Pending', 'Active', 'Inactive', 'Suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Payloads on `platform.user.v1`. Subject: the user id. `user.created` and `user.updated` carry
 * the whole snapshot other apps need (auth for login, every app for status and permissions),
 * so a consumer never has to ask the platform.
 */
export interface UserSnapshotData {
  id: string;
  company_id: string;
  email: string;
  name: string;
  status: UserStatus;
  role_id: string | null;
  /** The role's permissions at the time of the change. */
  permissions: Permission[];
  /** argon2id PHC string; the password itself never leaves the request that set it. */
  password_hash: string | null;
}

export interface UserDeletedData {
  id: string;
  company_id: string;
}

export const userSnapshotSchema = payloadSchema<UserSnapshotData>({
  properties: {
    id: { type: 'string', pattern: '^[0-9]+$' },
    company_id: { type: 'string', pattern: '^[0-9]+$' },
    email: { type: 'string', maxLength: 255 },
    name: { type: 'string', maxLength: 255 },
    status: { type: 'string', enum: USER_STATUSES },
    role_id: { type: ['string', 'null'], pattern: '^[0-9]+$' },
    permissions: { type: 'array', items: { type: 'string', maxLength: 64 } },
    password_hash: { type: ['string', 'null'], pattern: '^\\$argon2id\\$' },
  },
  required: ['id', 'company_id', 'email', 'name', 'status', 'role_id', 'permissions', 'password_hash'],
});

export const userDeletedSchema = payloadSchema<UserDeletedData>({
  properties: { id: { type: 'string', pattern: '^[0-9]+$' }, company_id: { type: 'string', pattern: '^[0-9]+$' } },
  required: ['id', 'company_id'],
});
