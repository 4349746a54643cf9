import { CompanyScopedRepository } from '@suite/database';
import { Global, Module } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { NUMBER_ASSIGNMENTS, type NumberAssignments } from '../phone-numbers/number-assignments';
import { AgentEntity } from './agent.entity';

/** A number is assigned while a live (not deleted) agent has it as its inbound or outbound number. */
export const agentNumberAssignments: NumberAssignments = {
  isAssigned: (manager: EntityManager, companyId: string, numberId: string) =>
    CompanyScopedRepository.of(manager, AgentEntity, companyId).exists({
      where: [
        { inboundNumberId: numberId, deletedAt: IsNull() },
        { outboundNumberId: numberId, deletedAt: IsNull() },
      ],
    }),
};

/** Hands phone-numbers' release the agents' check (phone-numbers/number-assignments.ts); imported by AgentsModule. */
@Global()
@Module({
  providers: [{ provide: NUMBER_ASSIGNMENTS, useValue: agentNumberAssignments }],
  exports: [NUMBER_ASSIGNMENTS],
})
export class AgentNumberAssignmentsModule {}
