import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, ILike, IsNull, Not, type EntityManager, type FindOptionsWhere } from 'typeorm';
import type { AgentStatus } from '@suite/contracts';
import { isUniqueViolation, CompanyScopedRepository } from '@suite/database';
import { newEvent, Outbox } from '@suite/eventing';
import { AppError, type PageRequest } from '@suite/http';
import { agentSnapshot } from './agent-events';
import { AgentEntity } from './agent.entity';
import { lockLiveNumbers, numbersOf, type NumberField } from './agent-numbers';
import type { NumbersById } from './dto/agent.response';

export const AGENT_NOT_FOUND = 'Agent not found.';
export const INACTIVE_CANNOT_GO_ONLINE = 'An inactive agent cannot go online: activate it first.';
export const NUMBER_ALREADY_ANSWERED =
  'Another agent already answers this inbound number: free it there first, or move it with PUT /api/phone-numbers/{id}/agent.';
export const INBOUND_NUMBER_UNIQUE = 'agents_inbound_number_uq';

export interface AgentPerformanceInput {
  minSuccessRate: number;
  window: number;
}

/** An agent's fields as the use cases take them: undefined keeps (update), null clears; number ids decoded. */
export interface AgentInput {
  name?: string;
  voice?: string | null;
  prompt?: string | null;
  inboundNumberId?: string | null;
  outboundNumberId?: string | null;
  active?: boolean;
  performance?: AgentPerformanceInput | null;
}

export interface AgentsFilter {
  search?: string;
  status?: AgentStatus;
  active?: boolean;
}

export interface AgentWithNumbers {
  agent: AgentEntity;
  numbers: NumbersById;
}

/** `%term%` for ILIKE, with the pattern's own wildcards taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The numeric(5,4) column keeps 4 decimals: round first, so the snapshot says what is stored. */
const storedRate = (rate: number): number => Math.round(rate * 10_000) / 10_000;

/**
 * The company's AI voice agents. Each change commits with its event (`agent.created`, `agent.updated`,
 * `agent.deleted`, `agent.status_changed`); the phone numbers an agent names are checked live in
 * the company under a share lock, taken before the agent's own row lock (the order the chatbot
 * assignment takes them in too), and one number is answered by one agent (agents_inbound_number_uq).
 */
@Injectable()
export class AgentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
  ) {}

  create(companyId: string, input: AgentInput & { name: string }, changedBy: string | null): Promise<AgentWithNumbers> {
    return this.inboundUnique(() =>
      this.dataSource.transaction(async (manager) => {
        const numbers = await lockLiveNumbers(manager, companyId, this.numberRefs(input));
        const agents = this.agents(manager, companyId);
        if (input.inboundNumberId) await this.assertInboundFree(agents, input.inboundNumberId, null);
        const agent = await agents.save(
          agents.create({
            name: input.name,
            voice: input.voice ?? null,
            prompt: input.prompt ?? null,
            inboundNumberId: input.inboundNumberId ?? null,
            outboundNumberId: input.outboundNumberId ?? null,
            active: input.active ?? true,
            status: 'offline',
            minSuccessRate: input.performance ? storedRate(input.performance.minSuccessRate) : null,
            performanceWindow: input.performance?.window ?? null,
            performanceState: null,
            deletedAt: null,
          }),
        );
        await this.publish(manager, 'agent.created', agent, changedBy);
        return { agent, numbers };
      }),
    );
  }

  /** A page of live agents by name (then id); `search` matches part of the name. */
  async list(
    companyId: string,
    filter: AgentsFilter,
    page: PageRequest,
  ): Promise<{ agents: AgentEntity[]; total: number; numbers: NumbersById }> {
    const term = filter.search?.trim();
    const where: FindOptionsWhere<AgentEntity> = {
      deletedAt: IsNull(),
      ...(term ? { name: ILike(containsPattern(term)) } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.active === undefined ? {} : { active: filter.active }),
    };
    const [agents, total] = await this.agents(this.dataSource, companyId).findAndCount({
      where,
      order: { name: 'ASC', id: 'ASC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { agents, total, numbers: await numbersOf(this.dataSource, companyId, agents) };
  }

  async get(companyId: string, id: string): Promise<AgentWithNumbers> {
    const agent = await this.agents(this.dataSource, companyId).findOne({ where: { id, deletedAt: IsNull() } });
    if (!agent) throw new AppError('not_found', AGENT_NOT_FOUND);
    return { agent, numbers: await numbersOf(this.dataSource, companyId, [agent]) };
  }

  /**
   * Replaces the fields sent; `agent.updated` only when one of them changes. Deactivating an
   * online agent also takes it offline (`agent.status_changed`): an inactive agent takes no calls.
   */
  update(companyId: string, id: string, input: AgentInput, changedBy: string | null): Promise<AgentWithNumbers> {
    return this.inboundUnique(() =>
      this.dataSource.transaction(async (manager) => {
        await lockLiveNumbers(manager, companyId, this.numberRefs(input));
        const agents = this.agents(manager, companyId);
        const agent = await this.lockAgent(agents, id);
        if (input.inboundNumberId && input.inboundNumberId !== agent.inboundNumberId) {
          await this.assertInboundFree(agents, input.inboundNumberId, agent.id);
        }
        const changes = changesOf(agent, input);
        if (Object.keys(changes).length === 0) return { agent, numbers: await numbersOf(manager, companyId, [agent]) };
        const previousStatus = agent.status;
        const wentOffline = changes.active === false && previousStatus === 'online';
        if (wentOffline) changes.status = 'offline';
        const saved = await agents.save({ ...agent, ...changes });
        await this.publish(manager, 'agent.updated', saved, changedBy);
        if (wentOffline) await this.publishStatusChanged(manager, saved, previousStatus, changedBy);
        return { agent: saved, numbers: await numbersOf(manager, companyId, [saved]) };
      }),
    );
  }

  /** Soft delete: the row stays (calls name it), its numbers are freed, it goes offline. */
  delete(companyId: string, id: string, changedBy: string | null): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const agents = this.agents(manager, companyId);
      const agent = await this.lockAgent(agents, id);
      const deleted = await agents.save({
        ...agent,
        inboundNumberId: null,
        outboundNumberId: null,
        status: 'offline' as const,
        deletedAt: new Date(),
      });
      await this.publish(manager, 'agent.deleted', deleted, changedBy);
    });
  }

  /** Online or offline; the same status again changes nothing and publishes nothing. */
  setStatus(companyId: string, id: string, status: AgentStatus, changedBy: string | null): Promise<AgentWithNumbers> {
    return this.dataSource.transaction(async (manager) => {
      const agents = this.agents(manager, companyId);
      const agent = await this.lockAgent(agents, id);
      if (agent.status === status) return { agent, numbers: await numbersOf(manager, companyId, [agent]) };
      if (status === 'online' && !agent.active) {
        throw new AppError('unprocessable', INACTIVE_CANNOT_GO_ONLINE, { status: ['the agent is inactive'] });
      }
      const previousStatus = agent.status;
      const saved = await agents.save({ ...agent, status });
      await this.publishStatusChanged(manager, saved, previousStatus, changedBy);
      return { agent: saved, numbers: await numbersOf(manager, companyId, [saved]) };
    });
  }

  private async lockAgent(agents: CompanyScopedRepository<AgentEntity>, id: string): Promise<AgentEntity> {
    const agent = await agents.findOne({ where: { id, deletedAt: IsNull() }, lock: { mode: 'pessimistic_write' } });
    if (!agent) throw new AppError('not_found', AGENT_NOT_FOUND);
    return agent;
  }

  /** 409 when another live agent already answers the number (moving it is the chatbot assignment's job). */
  private async assertInboundFree(
    agents: CompanyScopedRepository<AgentEntity>,
    numberId: string,
    exceptAgentId: string | null,
  ): Promise<void> {
    const holder = await agents.findOne({
      select: { id: true },
      where: { inboundNumberId: numberId, deletedAt: IsNull(), ...(exceptAgentId ? { id: Not(exceptAgentId) } : {}) },
    });
    if (holder) throw new AppError('conflict', NUMBER_ALREADY_ANSWERED, { inbound_number_id: ['answered by another agent'] });
  }

  /** Two agents given one number at once: the unique index refuses the second, which is the same 409. */
  private async inboundUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, INBOUND_NUMBER_UNIQUE)) {
        throw new AppError('conflict', NUMBER_ALREADY_ANSWERED, { inbound_number_id: ['answered by another agent'] });
      }
      throw error;
    }
  }

  private numberRefs(input: AgentInput): Partial<Record<NumberField, string | null>> {
    return { inbound_number_id: input.inboundNumberId, outbound_number_id: input.outboundNumberId };
  }

  private async publish(
    manager: EntityManager,
    type: 'agent.created' | 'agent.updated' | 'agent.deleted',
    agent: AgentEntity,
    changedBy: string | null,
  ): Promise<void> {
    await this.outbox.append(
      manager,
      newEvent(type, { companyId: agent.companyId, subject: agent.id, data: agentSnapshot(agent, changedBy) }),
    );
  }

  private async publishStatusChanged(
    manager: EntityManager,
    agent: AgentEntity,
    previousStatus: AgentStatus,
    changedBy: string | null,
  ): Promise<void> {
    await this.outbox.append(
      manager,
      newEvent('agent.status_changed', {
        companyId: agent.companyId,
        subject: agent.id,
        data: { ...agentSnapshot(agent, changedBy), previous_status: previousStatus },
      }),
    );
  }

  private agents(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<AgentEntity> {
    return CompanyScopedRepository.of(source, AgentEntity, companyId);
  }
}

/** The columns `input` changes on `agent`: only values that differ, so a no-op update publishes nothing. */
export function changesOf(agent: AgentEntity, input: AgentInput): Partial<AgentEntity> {
  const changes: Partial<AgentEntity> = {};
  const set = <K extends keyof AgentEntity>(key: K, value: AgentEntity[K] | undefined) => {
    if (value !== undefined && value !== agent[key]) changes[key] = value;
  };
  set('name', input.name);
  set('voice', input.voice);
  set('prompt', input.prompt);
  set('inboundNumberId', input.inboundNumberId);
  set('outboundNumberId', input.outboundNumberId);
  set('active', input.active);
  if (input.performance !== undefined) {
    set('minSuccessRate', input.performance ? storedRate(input.performance.minSuccessRate) : null);
    set('performanceWindow', input.performance?.window ?? null);
    // A removed threshold forgets its side; a new one starts from "not evaluated yet".
    if (changes.minSuccessRate !== undefined || changes.performanceWindow !== undefined) {
      if (input.performance === null || agent.minSuccessRate === null) changes.performanceState = null;
    }
  }
  return changes;
}
