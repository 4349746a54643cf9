import { CompanyScopedRepository } from '@suite/database';
import { IsNull, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { UserEntity } from './user.entity';

/**
 * A record (a contact, an appointment) may be assigned only to a live user of its company;
 * anyone else is 422 on `assigned_to`, whether of another company, deleted, or unknown.
 */
export async function assertAssignable(manager: EntityManager, companyId: string, userId: string): Promise<void> {
  const user = await CompanyScopedRepository.of(manager, UserEntity, companyId).exists({
    where: { id: userId, deletedAt: IsNull() },
  });
  if (!user) throw new AppError('unprocessable', 'assigned_to must be a user of the company.', { assigned_to: ['unknown user'] });
}
