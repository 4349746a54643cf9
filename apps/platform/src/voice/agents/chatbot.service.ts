import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, IsNull, type EntityManager, type FindOptionsWhere } from 'typeorm';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError } from '@suite/http';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';
import { agentSnapshot } from './agent-events';
import { AgentEntity } from './agent.entity';
import { containsPattern } from './agents.service';
import { DSI_AGENTS_PAGE_SIZE } from './dto/dsi-agents.query';

export const PHONE_NUMBER_NOT_FOUND = 'Phone number not found.';
export const NOT_AN_ACTIVE_AGENT = 'agent_id must be an active agent of the company.';

/** 422 by field: the agent named is not an active agent of the company (or its id names nothing). */
export const notAnActiveAgent = (): AppError =>
  new AppError('unprocessable', NOT_AN_ACTIVE_AGENT, { agent_id: ['not an active agent of the company'] });

export interface ChatbotOptionsFilter {
  q?: string;
  /** The decoded id asked for; null when the id sent decodes to nothing (no results, not 404). */
  id?: string | null;
  page: number;
}

export interface ChatbotAssignment {
  number: PhoneNumberEntity;
  agent: AgentEntity | null;
}

/**
 * The chatbot side of the company's phone numbers: which active agents can answer one (the
 * picker, GET /api/phone-numbers/dsi-agents) and giving a number to one of them ("Assign Chatbot").
 */
@Injectable()
export class ChatbotService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  /** A page of active agents by name then id (stable); one row more than the page tells whether another follows. */
  async options(companyId: string, filter: ChatbotOptionsFilter): Promise<{ agents: AgentEntity[]; more: boolean }> {
    if (filter.id === null) return { agents: [], more: false };
    const term = filter.q?.trim();
    const where: FindOptionsWhere<AgentEntity> = {
      deletedAt: IsNull(),
      active: true,
      ...(filter.id ? { id: filter.id } : {}),
      ...(term ? { name: ILike(containsPattern(term)) } : {}),
    };
    const rows = await CompanyScopedRepository.of(this.dataSource, AgentEntity, companyId).find({
      select: { id: true, name: true },
      where,
      order: { name: 'ASC', id: 'ASC' },
      skip: (filter.page - 1) * DSI_AGENTS_PAGE_SIZE,
      take: DSI_AGENTS_PAGE_SIZE + 1,
    });
    return { agents: rows.slice(0, DSI_AGENTS_PAGE_SIZE), more: rows.length > DSI_AGENTS_PAGE_SIZE };
  }

  /**
   * Makes `agentId` the one agent answering the number (null: none). Whoever answered it before
   * lets go, and the agent leaves the inbound number it had: each agent that changes publishes
   * `agent.updated`. The number's row lock comes first (as in the agents' own changes, whose share
   * lock on it waits), then the agents', so two assignments of one number run one after the other.
   */
  assign(companyId: string, numberId: string, agentId: string | null, changedBy: string | null): Promise<ChatbotAssignment> {
    return this.dataSource.transaction(async (manager) => {
      const number = await CompanyScopedRepository.of(manager, PhoneNumberEntity, companyId).findOne({
        where: { id: numberId, releasedAt: IsNull() },
        lock: { mode: 'pessimistic_write' },
      });
      if (!number) throw new AppError('not_found', PHONE_NUMBER_NOT_FOUND);
      const agents = CompanyScopedRepository.of(manager, AgentEntity, companyId);
      const agent =
        agentId === null
          ? null
          : await agents.findOne({ where: { id: agentId, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
      if (agentId !== null && !agent?.active) throw notAnActiveAgent();
      const holders = await agents.find({
        where: { inboundNumberId: number.id, deletedAt: IsNull() },
        order: { id: 'ASC' },
        lock: { mode: 'pessimistic_write' },
      });
      for (const holder of holders.filter((held) => held.id !== agent?.id)) {
        const freed = await agents.save({ ...holder, inboundNumberId: null });
        await this.publishUpdated(manager, freed, changedBy);
      }
      if (!agent || agent.inboundNumberId === number.id) return { number, agent };
      const assigned = await agents.save({ ...agent, inboundNumberId: number.id });
      await this.publishUpdated(manager, assigned, changedBy);
      return { number, agent: assigned };
    });
  }

  private async publishUpdated(manager: EntityManager, agent: AgentEntity, changedBy: string | null) {
    await this.outbox.append(
      manager,
      newEvent('agent.updated', { companyId: agent.companyId, subject: agent.id, data: agentSnapshot(agent, changedBy) }),
    );
  }
}
