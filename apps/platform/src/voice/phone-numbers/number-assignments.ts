import type { EntityManager } from 'typeorm';

/**
 * Whether a live agent answers or calls from a number: a release is refused while one does.
 * Agents sit above phone-numbers in the voice context (an agent names its numbers), so the
 * release does not read the agents itself: agents provide this check under the token
 * (agents/agent-number-assignments.ts), as voice hands the directory USER_PHONE_NUMBERS.
 */
export const NUMBER_ASSIGNMENTS = Symbol('NUMBER_ASSIGNMENTS');

export interface NumberAssignments {
  /** Read in the caller's transaction, after the number's row is locked. */
  isAssigned(manager: EntityManager, companyId: string, numberId: string): Promise<boolean>;
}
