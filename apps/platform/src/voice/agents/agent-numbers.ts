import { CompanyScopedRepository } from '@suite/database';
import { In, IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AppError } from '@suite/http';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import type { AgentEntity } from './agent.entity';
import type { NumbersById } from './dto/agent.response';

export type NumberField = 'inbound_number_id' | 'outbound_number_id';

/**
 * Checks that each named phone number is a live (not released) number of the company, holding a
 * share lock on it until the transaction ends, so it cannot be released under the agent being
 * saved. A number of another company, a released or an unknown one is 422 naming the field.
 */
export async function lockLiveNumbers(
  manager: EntityManager,
  companyId: string,
  refs: Partial<Record<NumberField, string | null>>,
): Promise<NumbersById> {
  const wanted = Object.entries(refs).filter((entry): entry is [NumberField, string] => typeof entry[1] === 'string');
  if (wanted.length === 0) return new Map();
  const found = await CompanyScopedRepository.of(manager, PhoneNumberEntity, companyId).find({
    select: { id: true, phoneNumber: true },
    where: { id: In([...new Set(wanted.map(([, id]) => id))]), releasedAt: IsNull() },
    order: { id: 'ASC' },
    lock: { mode: 'pessimistic_read' },
  });
  const numbers = new Map(found.map((number) => [number.id, number.phoneNumber]));
  const missing = wanted.filter(([, id]) => !numbers.has(id)).map(([field]) => field);
  if (missing.length > 0) {
    throw new AppError(
      'unprocessable',
      `${missing.join(' and ')} must be a phone number of the company.`,
      Object.fromEntries(missing.map((field) => [field, ['not a phone number of the company']])),
    );
  }
  return numbers;
}

/** The E.164 of every number the agents name (released ones included: the id still names that row). */
export async function numbersOf(
  source: DataSource | EntityManager,
  companyId: string,
  agents: readonly AgentEntity[],
): Promise<NumbersById> {
  const ids = [
    ...new Set(agents.flatMap((agent) => [agent.inboundNumberId, agent.outboundNumberId]).filter((id) => id !== null)),
  ];
  if (ids.length === 0) return new Map();
  const found = await CompanyScopedRepository.of(source, PhoneNumberEntity, companyId).find({
    select: { id: true, phoneNumber: true },
    where: { id: In(ids) },
  });
  return new Map(found.map((number) => [number.id, number.phoneNumber]));
}
