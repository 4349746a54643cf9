import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { newEvent, OnEvent, Outbox } from '@suite/eventing';
import { agentSnapshot } from './agent-events';
import { AgentEntity } from './agent.entity';

/**
 * A released number is no longer the company's: the agents that answered it or called from it let
 * go of it (`agent.updated` each), so a number bought again later — a new row, a new id — starts
 * free. Redelivery finds nothing left to clear.
 */
@Injectable()
export class ReleasedNumberHandler {
  constructor(private readonly outbox: Outbox) {}

  @OnEvent('phone_number.released')
  async released({ data }: DomainEvent<'phone_number.released'>, manager: EntityManager): Promise<void> {
    const agents = CompanyScopedRepository.of(manager, AgentEntity, data.company_id);
    const holders = await agents.find({
      where: [
        { inboundNumberId: data.id, deletedAt: IsNull() },
        { outboundNumberId: data.id, deletedAt: IsNull() },
      ],
      order: { id: 'ASC' },
      lock: { mode: 'pessimistic_write' },
    });
    for (const holder of holders) {
      const freed = await agents.save({
        ...holder,
        inboundNumberId: holder.inboundNumberId === data.id ? null : holder.inboundNumberId,
        outboundNumberId: holder.outboundNumberId === data.id ? null : holder.outboundNumberId,
      });
      await this.outbox.append(
        manager,
        newEvent('agent.updated', {
          companyId: freed.companyId,
          subject: freed.id,
          data: agentSnapshot(freed, data.changed_by),
        }),
      );
    }
  }
}
