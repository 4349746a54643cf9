import type { EntityManager } from 'typeorm';
import { CompanyReplicaEntity } from '@suite/authz';
import { unscopedRepository } from '@suite/database';
import { AppError } from '@suite/http';

/**
 * Operator routes address a workspace by company id: it must be one the platform created (it
 * reached this app's company replica), so a typo does not create settings for no one.
 */
export async function assertCompanyKnown(manager: EntityManager, companyId: string): Promise<void> {
  const known =
    /^[1-9]\d{0,17}$/.test(companyId) && (await unscopedRepository(manager, CompanyReplicaEntity).existsBy({ id: companyId }));
  if (!known) throw new AppError('not_found', `Company ${companyId} not found.`);
}
