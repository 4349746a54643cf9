import { CompanyScopedRepository } from '@suite/database';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { AppError, normalizePhone } from '@suite/http';
import { CLOCK, type Clock } from '@suite/time';
import { AgentEntity } from '../../agents/agent.entity';
import { ContactEntity } from '../../../crm';
import { PlatformIdCodec } from '../../../ids/platform-id.codec';
import type { CreateSandboxCallRequest } from '../dto/create-sandbox-call.request';
import { SandboxCalls } from './sandbox-call-channel';
import { sandboxCallCallbacks } from './sandbox-call-plan';
import { defaultHangupReason, sandboxCallProblems } from './sandbox-call-rules';

/** Simulated seconds between the start and the answer of a call made with POST /api/sandbox/calls. */
const RING_SECONDS = 5;

/**
 * POST /api/sandbox/calls: a whole call with the outcome the caller chose, played at once through
 * the signed callback path (SandboxCalls.runWhole → the sink → CallLifecycle), so it is recorded,
 * published and moves its contact exactly as a provider's call would.
 */
@Injectable()
export class SandboxCallsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sandbox: SandboxCalls,
    private readonly codec: PlatformIdCodec,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async simulate(companyId: string, body: CreateSandboxCallRequest): Promise<string> {
    const now = this.clock.now();
    const transferred = body.transferred ?? false;
    const startedAt = body.started_at === undefined ? now : new Date(body.started_at);
    const problems = sandboxCallProblems(
      {
        answered: body.answered,
        transferred,
        durationSeconds: body.duration_seconds,
        hangupReason: body.hangup_reason,
        startedAt,
      },
      now,
    );
    const from = normalizePhone(body.from_number);
    const to = normalizePhone(body.to_number);
    if (from === null) (problems.from_number ??= []).push('must be a valid phone number (E.164)');
    if (to === null) (problems.to_number ??= []).push('must be a valid phone number (E.164)');
    const contactId = await this.own(companyId, 'contact', body.contact_id);
    const agentId = await this.own(companyId, 'agent', body.agent_id);
    if (contactId === false) (problems.contact_id ??= []).push('not a contact of the company');
    if (agentId === false) (problems.agent_id ??= []).push('not an AI agent of the company');
    const fields = Object.keys(problems);
    if (fields.length > 0 || from === null || to === null || contactId === false || agentId === false)
      throw new AppError('unprocessable', `The call is not possible: ${fields.join(', ')}.`, problems);

    const callId = `sbx_call_${randomBytes(12).toString('hex')}`;
    const callbacks = sandboxCallCallbacks(
      { callId, direction: body.direction, from, to, startedAt, context: { companyId, contactId, agentId, campaignId: null } },
      {
        answered: body.answered,
        transferred,
        durationSeconds: body.duration_seconds,
        hangupReason: body.hangup_reason ?? defaultHangupReason({ answered: body.answered, transferred }),
        callSuccessful: body.call_successful ?? false,
        sentiment: body.sentiment ?? null,
        disposition: body.disposition?.trim() ?? null,
      },
      { transcription: body.transcription ?? null, recordingUrl: body.recording_url ?? null, answeredAfterSeconds: RING_SECONDS },
    );
    const ended = callbacks.at(-1);
    if (ended?.kind === 'ended') ended.callSuccessful = body.call_successful ?? null;
    await this.sandbox.runWhole(callbacks);
    return callId;
  }

  /** The id when it names a live row of the company; null when not given; false when it names none. */
  private async own(
    companyId: string,
    what: 'contact' | 'agent',
    value: number | string | undefined,
  ): Promise<string | null | false> {
    if (value === undefined) return null;
    const id = this.codec.decode(String(value));
    if (!id) return false;
    const where = { where: { id, deletedAt: IsNull() } };
    const found =
      what === 'contact'
        ? await CompanyScopedRepository.of(this.dataSource, ContactEntity, companyId).exists(where)
        : await CompanyScopedRepository.of(this.dataSource, AgentEntity, companyId).exists(where);
    return found ? id : false;
  }
}
