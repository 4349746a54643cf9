import { CompanyScopedRepository } from '@suite/database';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { type PageRequest } from '@suite/http';
import { CallOutcomeUnknownError, CallRejectedError, VoiceProviderUnavailableError } from '../../provider/voice-errors';
import type { PlacedCall } from '../../provider/voice-provider.port';
import { CallAttemptEntity, type CallAttemptOutcome } from './call-attempt.entity';

/** The contact an attempt is for. */
export interface AttemptTarget {
  companyId: string;
  campaignId: string;
  contactId: string;
  attemptKey: string;
}

/**
 * The dialer's record of its requests to the provider (CallAttemptEntity): each write commits on
 * its own, so what is recorded before a request left survives a crash during it.
 */
@Injectable()
export class CallAttempts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A page of the campaign's attempts, newest first. */
  async list(
    companyId: string,
    campaignId: string,
    page: PageRequest,
  ): Promise<{ attempts: CallAttemptEntity[]; total: number }> {
    const [attempts, total] = await this.attempts(companyId).findAndCount({
      where: { campaignId },
      order: { id: 'DESC' },
      skip: page.offset,
      take: page.perPage,
    });
    return { attempts, total };
  }

  /** Attempts of the contact whose outcome is not known (in flight when a process died, or answer lost) and not yet looked up. */
  ambiguous(target: AttemptTarget): Promise<CallAttemptEntity[]> {
    return this.attempts(target.companyId).find({
      where: {
        campaignId: target.campaignId,
        contactId: target.contactId,
        outcome: In(['in_flight', 'unknown']),
        resolution: IsNull(),
      },
      order: { id: 'ASC' },
    });
  }

  /** What the provider's lookup said of them: the call they placed, or none. */
  async resolve(target: AttemptTarget, attempts: readonly CallAttemptEntity[], found: PlacedCall | null): Promise<void> {
    if (attempts.length === 0) return;
    await this.attempts(target.companyId).update(
      { id: In(attempts.map((attempt) => attempt.id)), resolution: IsNull() },
      { resolution: found ? 'found' : 'not_found', callId: found?.callId ?? null, settledAt: new Date() },
    );
  }

  /** Recorded and committed before the request leaves. */
  async begin(target: AttemptTarget): Promise<string> {
    const attempts = this.attempts(target.companyId);
    const saved = await attempts.save(
      attempts.create({
        campaignId: target.campaignId,
        contactId: target.contactId,
        attemptKey: target.attemptKey,
        outcome: 'in_flight',
        resolution: null,
        callId: null,
        detail: null,
        startedAt: new Date(),
        settledAt: null,
      }),
    );
    return saved.id;
  }

  async placed(target: AttemptTarget, id: string, callId: string): Promise<void> {
    await this.settle(target, id, 'placed', callId, null);
  }

  /** The request failed: refused, not placed, or unknown, by what the provider (or the connection) said. */
  async failed(target: AttemptTarget, id: string, error: unknown): Promise<void> {
    await this.settle(target, id, outcomeOf(error), null, (error instanceof Error ? error.message : String(error)).slice(0, 500));
  }

  private async settle(
    target: AttemptTarget,
    id: string,
    outcome: CallAttemptOutcome,
    callId: string | null,
    detail: string | null,
  ) {
    await this.attempts(target.companyId).update(
      { id, outcome: 'in_flight' },
      { outcome, callId, detail, settledAt: new Date() },
    );
  }

  private attempts(companyId: string): CompanyScopedRepository<CallAttemptEntity> {
    return CompanyScopedRepository.of(this.dataSource, CallAttemptEntity, companyId);
  }
}

/** A refusal, a "not now" (nothing placed), or anything else — a lost answer, a bug — as unknown. */
export function outcomeOf(error: unknown): CallAttemptOutcome {
  if (error instanceof CallRejectedError) return 'refused';
  if (error instanceof VoiceProviderUnavailableError) return 'not_placed';
  if (error instanceof CallOutcomeUnknownError) return 'unknown';
  return 'unknown';
}
