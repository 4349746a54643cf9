import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { In, IsNull, Not, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { OnEvent } from '@suite/eventing';
import { AgentEntity } from '../agents/agent.entity';
import { ReputationChecks } from './reputation-checks';
import { firstRenewal, followedType, numbersUsedByAgents } from './spam-number-rules';
import { SpamProtectedNumberEntity } from './spam-protected-number.entity';

/**
 * Keeps the company's House and AI rows following its purchased numbers (phone_number.* events)
 * and its agents (agent.*: a number an agent answers or calls from is AI). Writes only through
 * the inbox transaction's manager, so a redelivered event changes nothing twice.
 */
@Injectable()
export class PurchasedNumbersHandler {
  constructor(private readonly checks: ReputationChecks) {}

  /**
   * A purchase adds a row and starts its checks. A row of the same number already there (a Custom
   * row, or the row of an earlier purchase whose release has not arrived yet) is taken over: one
   * row per number, and its chain of checks goes on.
   */
  @OnEvent('phone_number.purchased')
  async purchased({ data }: DomainEvent<'phone_number.purchased'>, manager: EntityManager): Promise<void> {
    const rows = CompanyScopedRepository.of(manager, SpamProtectedNumberEntity, data.company_id);
    const existing = await rows.findOne({
      where: [{ phoneNumberId: data.id }, { pnumber: data.phone_number }],
      lock: { mode: 'pessimistic_write' },
    });
    if (existing?.phoneNumberId === data.id) return;
    const type = followedType('House', data.id, numbersUsedByAgents(await liveAgentsUsing(manager, data.company_id, data.id)));
    const renewal = firstRenewal(new Date(data.purchased_at));
    if (existing) {
      await rows.update({ id: existing.id }, { phoneNumberId: data.id, type, renewal });
      return;
    }
    const row = await rows.save(
      rows.create({ pnumber: data.phone_number, type, status: 'In Progress', phoneNumberId: data.id, renewal }),
    );
    await this.checks.startSchedule(manager, row);
  }

  /** A released number is no longer watched; its queued checks find no row and end quietly. */
  @OnEvent('phone_number.released')
  async released({ data }: DomainEvent<'phone_number.released'>, manager: EntityManager): Promise<void> {
    await CompanyScopedRepository.of(manager, SpamProtectedNumberEntity, data.company_id).delete({ phoneNumberId: data.id });
  }

  /**
   * An agent's numbers changed: every followed row of the company gets its type again (a number
   * the agent no longer uses may turn back to House — unless another agent still uses it).
   */
  @OnEvent('agent.created', 'agent.updated', 'agent.deleted')
  async agentChanged(
    { data }: DomainEvent<'agent.created' | 'agent.updated' | 'agent.deleted'>,
    manager: EntityManager,
  ): Promise<void> {
    await recomputeTypes(manager, data.company_id);
  }
}

/** Sets AI or House on every followed row of the company from its live agents now; returns how many changed. */
export async function recomputeTypes(manager: EntityManager, companyId: string): Promise<number> {
  const rows = CompanyScopedRepository.of(manager, SpamProtectedNumberEntity, companyId);
  const followed = await rows.find({
    select: { id: true, type: true, phoneNumberId: true },
    where: { phoneNumberId: Not(IsNull()) },
    lock: { mode: 'pessimistic_write' },
  });
  if (followed.length === 0) return 0;
  const agents = await CompanyScopedRepository.of(manager, AgentEntity, companyId).find({
    select: { inboundNumberId: true, outboundNumberId: true },
    where: { deletedAt: IsNull() },
  });
  const used = numbersUsedByAgents(agents);
  const changed = { AI: [] as string[], House: [] as string[] };
  for (const row of followed) {
    const type = followedType(row.type, row.phoneNumberId, used);
    if (type !== row.type && type !== 'Custom') changed[type].push(row.id);
  }
  for (const type of ['AI', 'House'] as const) {
    if (changed[type].length > 0) await rows.update({ id: In(changed[type]) }, { type });
  }
  return changed.AI.length + changed.House.length;
}

/** The company's live agents answering or calling from one number. */
function liveAgentsUsing(manager: EntityManager, companyId: string, phoneNumberId: string): Promise<AgentEntity[]> {
  return CompanyScopedRepository.of(manager, AgentEntity, companyId).find({
    select: { inboundNumberId: true, outboundNumberId: true },
    where: [
      { deletedAt: IsNull(), inboundNumberId: phoneNumberId },
      { deletedAt: IsNull(), outboundNumberId: phoneNumberId },
    ],
  });
}
