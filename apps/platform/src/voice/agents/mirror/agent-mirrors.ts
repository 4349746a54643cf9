import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { DomainEvent } from '@suite/contracts';
import { isUniqueViolation, CompanyScopedRepository } from '@suite/database';
import { OnEvent } from '@suite/eventing';
import { defineJob, JobHandler, JobsRuntime, type ClaimedJob, type JobQueue } from '@suite/jobs';
import { AgentMirrorRejectedError } from '../../provider/voice-errors';
import { VOICE_PROVIDER, type AgentMirror, type VoiceProvider } from '../../provider/voice-provider.port';
import { AgentEntity } from '../agent.entity';
import { AgentMirrorEntity } from './agent-mirror.entity';

export const AGENT_MIRROR_QUEUE = defineJob<AgentMirrorJob>('voice.agent-mirror', { app: 'platform' });

interface AgentMirrorJob {
  companyId: string;
  agentId: string;
}

/**
 * Keeps each agent's copy at the voice provider (VoiceProvider.mirrorAgent) in step with the
 * agent: `agent.created` and `agent.updated` enqueue a mirroring job in the inbox transaction (so
 * exactly once per change), the job reads the agent as it is now and asks the provider, and the
 * settle writes the provider's ids. A provider that cannot answer is asked again with backoff; one
 * that refuses the agent (AgentMirrorRejectedError) leaves its message on the row until an edit
 * mirrors again. The dialer reads the provider's agent id here (`providerAgentId`).
 */
@Injectable()
export class AgentMirrors {
  private readonly logger = new Logger(AgentMirrors.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobsRuntime,
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
  ) {}

  @OnEvent('agent.created', 'agent.updated')
  async changed({ data }: DomainEvent<'agent.created' | 'agent.updated'>, manager: EntityManager): Promise<void> {
    await this.enqueue(manager, { companyId: data.company_id, agentId: data.id });
  }

  /**
   * The provider's id of the agent's copy; null while there is none — then a mirroring is asked
   * for (once per version of the agent: an agent made before this provider was chosen gets its copy).
   */
  async providerAgentId(companyId: string, agentId: string): Promise<string | null> {
    const mirror = await this.mirrors(this.dataSource, companyId).findOne({ where: { agentId, provider: this.provider.name } });
    if (mirror?.providerAgentId) return mirror.providerAgentId;
    const agent = await CompanyScopedRepository.of(this.dataSource, AgentEntity, companyId).findOne({
      select: { id: true, updatedAt: true },
      where: { id: agentId, deletedAt: IsNull() },
    });
    if (agent && !mirror?.error) {
      const id = deterministicUuid(`${this.provider.name}:${agentId}:${agent.updatedAt.toISOString()}`);
      await this.dataSource
        .transaction((manager) => this.enqueue(manager, { companyId, agentId }, id))
        .catch((error: unknown) => {
          if (!isUniqueViolation(error)) throw error; // asked for already
        });
    }
    return null;
  }

  private enqueue(manager: EntityManager, job: AgentMirrorJob, id?: string): Promise<string[]> {
    return this.jobs.enqueue(manager, {
      queue: AGENT_MIRROR_QUEUE,
      payload: job,
      concurrencyKey: `agent:${job.agentId}`,
      ...(id ? { id } : {}),
    });
  }

  @JobHandler(AGENT_MIRROR_QUEUE)
  mirrorQueue(): JobQueue<AgentMirrorJob, AgentMirror | null> {
    return {
      name: AGENT_MIRROR_QUEUE,
      concurrency: 2,
      perKeyConcurrency: 1,
      timeoutMs: 30_000,
      leaseMs: 90_000,
      pollMs: 5_000,
      stopGraceMs: 5_000,
      retry: { kind: 'exponential', maxAttempts: 8, backoff: { baseMs: 5_000, maxMs: 600_000 } },
      isPermanent: (error) => error instanceof AgentMirrorRejectedError,
      handle: (job) => this.mirror(job.payload),
      succeeded: (manager, job, mirror) => (mirror ? this.save(manager, job.payload, mirror, null) : Promise.resolve()),
      failed: async (manager: EntityManager, job: ClaimedJob<AgentMirrorJob>, error: string) => {
        this.logger.warn(
          { agent_id: job.payload.agentId, provider: this.provider.name },
          `agent not mirrored at the provider: ${error}`,
        );
        const current = await this.mirrors(manager, job.payload.companyId).findOne({
          where: { agentId: job.payload.agentId, provider: this.provider.name },
        });
        await this.save(manager, job.payload, current ?? { providerAgentId: null, providerLlmId: null }, error.slice(0, 500));
      },
    };
  }

  /** Asks the provider with the agent as it is now; null when the agent is gone (deleted since). */
  private async mirror(job: AgentMirrorJob): Promise<AgentMirror | null> {
    const agent = await CompanyScopedRepository.of(this.dataSource, AgentEntity, job.companyId).findOne({
      where: { id: job.agentId, deletedAt: IsNull() },
    });
    if (!agent) return null;
    const current = await this.mirrors(this.dataSource, job.companyId).findOne({
      where: { agentId: agent.id, provider: this.provider.name },
    });
    return this.provider.mirrorAgent({
      companyId: agent.companyId,
      agentId: agent.id,
      name: agent.name,
      voice: agent.voice,
      prompt: agent.prompt,
      mirror: current?.providerAgentId
        ? { providerAgentId: current.providerAgentId, providerLlmId: current.providerLlmId }
        : null,
    });
  }

  private async save(
    manager: EntityManager,
    job: AgentMirrorJob,
    mirror: { providerAgentId: string | null; providerLlmId: string | null },
    error: string | null,
  ): Promise<void> {
    const mirrors = this.mirrors(manager, job.companyId);
    await mirrors.upsert(
      [
        mirrors.create({
          agentId: job.agentId,
          provider: this.provider.name,
          providerAgentId: mirror.providerAgentId,
          providerLlmId: mirror.providerLlmId,
          error,
          mirroredAt: new Date(),
        }),
      ],
      ['agentId', 'provider'],
      ['providerAgentId', 'providerLlmId', 'error', 'mirroredAt'],
    );
  }

  private mirrors(source: DataSource | EntityManager, companyId: string): CompanyScopedRepository<AgentMirrorEntity> {
    return CompanyScopedRepository.of(source, AgentMirrorEntity, companyId);
  }
}

/** A uuid derived from `value`: the same mirroring asked twice is one job. */
function deterministicUuid(value: string): string {
  const hex = createHash('sha256').update(value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
