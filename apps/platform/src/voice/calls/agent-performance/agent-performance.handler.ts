import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { IsNull, Not, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { newEvent, OnEvent, Outbox } from '@suite/eventing';
import { CallEntity } from '../call.entity';
import { AgentEntity } from '../../agents/agent.entity';
import { decidePerformance } from './performance-decision';

/**
 * Checks an agent's performance threshold each time one of its calls ends: the share of
 * successful calls among its last `window` ended calls (calls_company_agent_ended_idx), against
 * `min_success_rate`. Crossing below publishes `agent.performance` `below_threshold`, coming back
 * `recovered`; the side found is stored on the agent. The agent row is locked first, so two calls
 * ending together are judged one after the other and a crossing is raised once.
 */
@Injectable()
export class AgentPerformanceHandler {
  constructor(private readonly outbox: Outbox) {}

  @OnEvent('call.ended')
  async callEnded({ data }: DomainEvent<'call.ended'>, manager: EntityManager): Promise<void> {
    if (data.agent_id === null) return;
    const agents = CompanyScopedRepository.of(manager, AgentEntity, data.company_id);
    const agent = await agents.findOne({
      where: { id: data.agent_id, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
    if (!agent || agent.minSuccessRate === null || agent.performanceWindow === null) return;
    const recent = await CompanyScopedRepository.of(manager, CallEntity, data.company_id).find({
      select: { id: true, callSuccessful: true },
      where: { agentId: agent.id, endedAt: Not(IsNull()) },
      order: { endedAt: 'DESC', id: 'DESC' },
      take: agent.performanceWindow,
    });
    const decision = decidePerformance({
      previous: agent.performanceState,
      minSuccessRate: agent.minSuccessRate,
      outcomes: recent.map((call) => call.callSuccessful === true),
    });
    if (!decision) return;
    if (decision.state !== agent.performanceState) {
      // The threshold's bookkeeping, not a change of the agent's configuration: no agent.updated.
      await agents.update({ id: agent.id }, { performanceState: decision.state });
    }
    if (!decision.crossed) return;
    await this.outbox.append(
      manager,
      newEvent('agent.performance', {
        companyId: agent.companyId,
        subject: agent.id,
        data: {
          agent_id: agent.id,
          company_id: agent.companyId,
          name: agent.name,
          state: decision.state,
          success_rate: decision.successRate,
          min_success_rate: agent.minSuccessRate,
          window: agent.performanceWindow,
          calls_considered: decision.callsConsidered,
          successful_calls: decision.successfulCalls,
          call_id: data.call_id,
          at: new Date().toISOString(),
        },
      }),
    );
  }
}
