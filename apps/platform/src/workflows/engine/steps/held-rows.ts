import { CompanyScopedRepository } from '@suite/database';
import type { EntityManager } from 'typeorm';
import { ContactEntity } from '../../../crm';
import { WorkflowRunEntity } from '../workflow-run.entity';

/**
 * Rows the steps of many runs hold at once, each kind locked in one statement in id order (so two
 * transactions taking several contacts never wait on each other in a circle; runs are not waited for).
 */

/** A company's runs of `ids` that no other transaction holds, locked, by id (the others are left out, not waited for). */
export async function lockFreeRuns(
  manager: EntityManager,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, WorkflowRunEntity>> {
  const runs = await CompanyScopedRepository.of(manager, WorkflowRunEntity, companyId).lockByIds(ids, { skipLocked: true });
  return new Map(runs.map((run) => [run.id, run]));
}

/** The live contacts of a company's `runs`, locked, by id. */
export async function lockContacts(
  manager: EntityManager,
  companyId: string,
  runs: readonly WorkflowRunEntity[],
): Promise<Map<string, ContactEntity>> {
  if (runs.length === 0) return new Map();
  const contacts = await CompanyScopedRepository.of(manager, ContactEntity, companyId).lockByIds(
    runs.map((run) => run.contactId),
    { live: true },
  );
  return new Map(contacts.map((contact) => [contact.id, contact]));
}

/** `items` by company (one statement per company: the scoped store narrows each to one), each company's in their order. */
export function byCompany<T>(items: readonly T[], companyOf: (item: T) => string): Map<string, T[]> {
  const companies = new Map<string, T[]>();
  for (const item of items) {
    const ofCompany = companies.get(companyOf(item));
    if (ofCompany) ofCompany.push(item);
    else companies.set(companyOf(item), [item]);
  }
  return companies;
}
