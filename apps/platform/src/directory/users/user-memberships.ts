import type { EntityManager } from 'typeorm';

/**
 * What else holds a user and lets go of them when the user is deleted: the teams' memberships.
 * Teams sit above users in the directory (a membership names its user), so UsersService does not
 * import them: teams provide this under the token (teams/team-memberships.module.ts), as voice
 * hands the directory USER_PHONE_NUMBERS (decision 0059).
 */
export const USER_MEMBERSHIPS = Symbol('USER_MEMBERSHIPS');

export interface UserMemberships {
  /** Removes the user's memberships, in the deletion's transaction; the user was found in their company. */
  removeUser(manager: EntityManager, userId: string): Promise<void>;
}
