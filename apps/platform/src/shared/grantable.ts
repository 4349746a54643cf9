import type { Permission } from '@suite/contracts';
import { AppError } from '@suite/runtime';

/**
 * No privilege escalation: a caller may only hand out permissions it holds itself (through a
 * role it creates or edits, or a role it assigns to a user). `held` undefined = a system call
 * (seeding, operators), which is not limited.
 */
export function assertGrantable(requested: readonly string[], held: readonly Permission[] | undefined): void {
  if (!held) return;
  const missing = requested.filter((permission) => !(held as readonly string[]).includes(permission));
  if (missing.length > 0) {
    throw new AppError('forbidden', `You cannot grant permissions you do not hold: ${missing.join(', ')}.`);
  }
}
