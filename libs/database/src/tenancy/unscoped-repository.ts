import type { DataSource, EntityManager, ObjectLiteral, Repository } from 'typeorm';
import type { CompanyOwned } from './company-scoped.repository';

/** Fails to compile for an entity with a company id, naming where tenant data goes instead. */
type NotTenantData<T> = T extends CompanyOwned
  ? { tenantData: 'use CompanyScopedRepository.of(source, Entity, companyId)' }
  : unknown;

/**
 * TypeORM's repository of a table that holds no company id: the companies themselves, or rows
 * reached only through a scoped parent (a team's members, once the team was found in the
 * company). It does not compile for tenant data.
 */
export function unscopedRepository<T extends ObjectLiteral>(
  source: DataSource | EntityManager,
  entity: (new () => T) & NotTenantData<T>,
): Repository<T> {
  return source.getRepository(entity);
}

/**
 * TypeORM's repository of a tenant table across every company, for a rule that holds across
 * companies on purpose — a purchased phone number is held by one company at a time
 * (number-purchase.service.ts). Each use is a place a reviewer checks; anything answering a request goes through
 * CompanyScopedRepository.
 */
export function crossCompanyRepository<T extends CompanyOwned & ObjectLiteral>(
  source: DataSource | EntityManager,
  entity: new () => T,
): Repository<T> {
  return source.getRepository(entity);
}
