import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { applyStatusEvent } from '@suite/message-status';
import { PreparedStatement } from '@suite/database';
import { CarrierRejectedError, CarrierUnavailableError } from '../carrier/carrier-errors';
import {
  CARRIER,
  type Carrier,
  type CarrierChannel,
  type CarrierSendResult,
  type PhoneCapability,
} from '../carrier/carrier.port';
import { MessageEventsWriter } from '../messages/message-events.writer';
import { MessageEntity, MESSAGES_TABLE } from '../messages/message.entity';
import { bodyForChannel, chooseChannel, effectApplies } from '../send-rules/channel-choice';
import { CLOCK, type Clock } from '@suite/runtime';
import { entityFromColumns } from '../shared/entity-from-columns';
import { transactionRunner } from '../shared/transaction-runner';
import type { ClaimedMessage } from './claimed-message';
import { countSent, recordLastOutbound, storeCapabilities } from './hand-off-writes';
import { PaceGate, type PaceTurn } from './pace-gate';
import { ReleaseMetrics } from './release-metrics';
import { retryDecision } from './release-rules';
import { changeStatusAndAnnounce, changeStatusesAndAnnounce } from '../messages/message-status-change';
import { RELEASE_SCHEDULER_OPTIONS, type ReleaseSchedulerOptions } from './release-scheduler.options';

/** failure_reason values the hand-off writes. */
export const HAND_OFF_REASONS = {
  noChannel: 'unreachable: nothing the carrier offers reaches this number (a landline?)',
  unavailable: 'carrier_unavailable: the carrier could not take the message after every attempt',
} as const;

class CarrierTimeoutError extends CarrierUnavailableError {}

/** The claimed rows, locked in id order (two batches over overlapping rows cannot deadlock). */
const LOCK_CLAIMS = new PreparedStatement(
  'hand_off_lock_claims',
  `SELECT * FROM messaging.messages WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
  'messaging',
);

/** A message of the batch that passed its checks and goes to the carrier. */
interface Sendable {
  readonly claimed: ClaimedMessage;
  readonly row: MessageEntity;
  readonly channel: CarrierChannel;
}

/** What the carrier answered one hand-off, and when it got the request. */
type Handed = Sendable & { readonly at: Date } & ({ readonly accepted: CarrierSendResult } | { readonly error: unknown });

/**
 * Step 2 of a tick (docs/decisions/0014), per hand-off batch (hand-off-batches.ts: part of a
 * tick's claims, each sender number once), outside the claim transaction: the capabilities (the
 * contact's cache while fresh, read by the claim; else carrier lookups BEFORE any row lock, stored
 * in one statement), then one transaction that locks the batch's message rows, keeps those still
 * this claim's `sending` (a cancel may have won meanwhile), chooses each channel, waits for each
 * number's turn at the carrier (pace-gate.ts, which locks the numbers' hand-off markers AFTER the
 * message rows) and calls carrier.send WHILE HOLDING THE LOCKS — the batch's calls side by side.
 * A concurrent DELETE therefore waits and then sees `sent` (409), or it came first and nothing is
 * sent: a message is never both cancelled and handed over. The outcomes are written per kind, one
 * guarded status update and one outbox append for all the batch's `sent`, and likewise for the
 * bookkeeping (hand-off-writes.ts): a batch costs about ten statements, not ten per message.
 */
@Injectable()
export class HandOffService {
  private readonly logger = new Logger('ReleaseScheduler');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CARRIER) private readonly carrier: Carrier,
    @Inject(RELEASE_SCHEDULER_OPTIONS) private readonly options: ReleaseSchedulerOptions,
    private readonly events: MessageEventsWriter,
    private readonly metrics: ReleaseMetrics,
    private readonly paceGate: PaceGate,
  ) {}

  async handOffBatch(batch: readonly ClaimedMessage[]): Promise<void> {
    if (batch.length === 0) return;
    const capabilities = await this.capabilitiesOf(batch);
    await this.dataSource.transaction(async (manager) => {
      const rows = await this.lockClaims(manager, batch);
      const sendable: Sendable[] = [];
      const noChannel: MessageEntity[] = [];
      for (const claimed of batch) {
        const row = rows.get(claimed.id);
        if (!row) continue;
        const capability = capabilities.get(claimed.id)!;
        if (!capability.ok) {
          await this.retryOrFail(manager, claimed, capability.error);
          continue;
        }
        const channel = chooseChannel(capability.value, row.attachments.length > 0);
        if (channel === 'no_channel') noChannel.push(row);
        else sendable.push({ claimed, row, channel });
      }
      if (noChannel.length > 0) {
        const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
          table: MESSAGES_TABLE,
          event: 'mark_no_channel',
          rows: noChannel.map((row) => ({ id: row.id, set: { failure_reason: HAND_OFF_REASONS.noChannel } })),
        });
        for (const outcome of outcomes) if (outcome.applied) this.metrics.released('no_channel');
      }
      // Pacing holds at the carrier: each number's turn (its marker row stays locked until commit).
      const turns = await this.paceGate.turns(
        manager,
        sendable.map(({ row, claimed }) => ({ number: row.fromNumber!, perSecondRate: claimed.perSecondRate })),
      );
      const going: Array<Sendable & { turn: Extract<PaceTurn, { kind: 'go' }> }> = [];
      for (const [i, turn] of turns.entries()) {
        const message = sendable[i]!;
        if (turn.kind === 'go') {
          going.push({ ...message, turn });
          continue;
        }
        await applyStatusEvent(manager, {
          table: MESSAGES_TABLE,
          id: message.row.id,
          event: 'requeue',
          set: { claimed_at: null, release_after: turn.until },
        });
        this.metrics.deferred('rate');
      }
      const handed = await Promise.all(going.map((message) => this.send(message)));
      // Whatever the answers, the carrier got the requests: those are the numbers' last hand-offs.
      await this.paceGate.handedOver(
        manager,
        handed.map(({ row, at }) => ({ number: row.fromNumber!, at })),
      );
      await this.record(manager, handed);
    });
  }

  /** One carrier call after the number's turn; never throws (the answer or the error is the outcome). */
  private async send(message: Sendable & { turn: Extract<PaceTurn, { kind: 'go' }> }): Promise<Handed> {
    const { row, channel } = message;
    const at = await this.paceGate.await(message.turn);
    try {
      const accepted = await this.withTimeout(
        this.carrier.send({
          messageId: row.id,
          from: row.fromNumber!,
          to: row.contactPhone,
          channel,
          body: bodyForChannel(channel, row.body, row.attachments),
          attachments: row.attachments,
          // Kept on the record whatever the channel; only iMessage has effects.
          effect: effectApplies(channel) ? row.effect : null,
        }),
        `carrier.send of ${row.id}`,
      );
      return { ...message, at, accepted };
    } catch (error) {
      return { ...message, at, error };
    }
  }

  /** The batch's carrier answers: `sent` and `failed` in one guarded update and one outbox append each; retries one by one (rare). */
  private async record(manager: EntityManager, handed: readonly Handed[]): Promise<void> {
    const accepted = handed.flatMap((message) => ('accepted' in message ? [{ ...message, result: message.accepted }] : []));
    const rejected = handed.flatMap((message) =>
      'error' in message && message.error instanceof CarrierRejectedError ? [{ ...message, error: message.error }] : [],
    );
    for (const message of handed) {
      if ('error' in message && !(message.error instanceof CarrierRejectedError))
        await this.retryOrFail(manager, message.claimed, message.error);
    }
    if (rejected.length > 0) {
      const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        event: 'reject',
        rows: rejected.map(({ row, channel, at, error }) => ({
          id: row.id,
          set: { channel, handed_over_at: at, failure_reason: `${error.code}: ${error.message}`.slice(0, 255) },
        })),
      });
      for (const outcome of outcomes) if (outcome.applied) this.metrics.released('failed');
    }
    if (accepted.length === 0) return;
    const outcomes = await changeStatusesAndAnnounce(manager, this.events, {
      table: MESSAGES_TABLE,
      event: 'accept',
      rows: accepted.map(({ row, channel, at, result }) => ({
        id: row.id,
        set: {
          channel,
          handed_over_at: at,
          sent_at: result.acceptedAt,
          carrier_ts: result.acceptedAt,
          carrier_message_id: result.carrierMessageId,
        },
      })),
    });
    // The rows are locked and were checked to be this claim's `sending`: every accept applies.
    const sent = accepted.filter((_, i) => outcomes[i]!.applied);
    await recordLastOutbound(
      manager,
      sent.map(({ row, at }) => ({ companyId: row.companyId, contactPhone: row.contactPhone, at })),
    );
    await countSent(
      manager,
      sent.map(({ row, at }) => ({ number: row.fromNumber!, at })),
    );
    for (const { claimed, at } of sent) {
      this.metrics.released('sent');
      this.metrics.handedOver(claimed.dueAt, at);
    }
  }

  /**
   * Each message's capability: the contact's stored one when the claim found it fresh; else the
   * carrier's answer (lookups side by side, before any row lock), stored in one statement for
   * next time. A failed lookup is the message's outcome (retried like an unavailable carrier).
   */
  private async capabilitiesOf(
    batch: readonly ClaimedMessage[],
  ): Promise<Map<string, { ok: true; value: PhoneCapability } | { ok: false; error: unknown }>> {
    const now = this.clock.now();
    const answers = await Promise.all(
      batch.map(async (claimed) => {
        if (claimed.cachedCapability) return { claimed, ok: true as const, value: claimed.cachedCapability, looked: false };
        try {
          const value = await this.withTimeout(
            this.carrier.lookupCapability(claimed.contactPhone),
            `capability lookup of ${claimed.contactPhone}`,
          );
          return { claimed, ok: true as const, value, looked: true };
        } catch (error) {
          return { claimed, ok: false as const, error };
        }
      }),
    );
    const looked = answers.flatMap((answer) =>
      answer.ok && answer.looked
        ? [{ companyId: answer.claimed.companyId, contactPhone: answer.claimed.contactPhone, capability: answer.value }]
        : [],
    );
    await storeCapabilities(this.dataSource, looked, now);
    return new Map(
      answers.map((answer) => [
        answer.claimed.id,
        answer.ok ? { ok: true, value: answer.value } : { ok: false, error: answer.error },
      ]),
    );
  }

  /** The batch's rows, locked, that are still this claim's `sending`; the others a cancel, the sweeper or another claim got first. */
  private async lockClaims(manager: EntityManager, batch: readonly ClaimedMessage[]): Promise<Map<string, MessageEntity>> {
    const attempts = new Map(batch.map((claimed) => [claimed.id, claimed.attempt]));
    const { rows } = await LOCK_CLAIMS.run<Record<string, unknown>>(transactionRunner(manager), [[...attempts.keys()]]);
    const mine = new Map<string, MessageEntity>();
    for (const raw of rows) {
      const row = entityFromColumns(manager, MessageEntity, raw);
      if (row.status === 'sending' && row.sendAttempts === attempts.get(row.id)) mine.set(row.id, row);
    }
    return mine;
  }

  /** The carrier could not take it now: back to the queue with backoff, or `failed` once the attempts are spent. */
  private async retryOrFail(manager: EntityManager, claimed: ClaimedMessage, error: unknown): Promise<void> {
    const cause = error instanceof Error ? error.message : String(error);
    const retryAfter = error instanceof CarrierUnavailableError ? error.retryAfterMs : undefined;
    const next = retryDecision(this.options.retry, claimed.attempt, this.clock.now(), retryAfter);
    if (next.kind === 'give_up') {
      this.logger.warn(`message ${claimed.id} failed after ${claimed.attempt} attempt(s): ${cause}`);
      await changeStatusAndAnnounce(manager, this.events, {
        table: MESSAGES_TABLE,
        id: claimed.id,
        event: 'reject',
        set: { failure_reason: HAND_OFF_REASONS.unavailable },
      });
      this.metrics.released('failed');
      return;
    }
    this.logger.warn(
      `message ${claimed.id} attempt ${claimed.attempt}: carrier unavailable (${cause}); again at ${next.at.toISOString()}`,
    );
    await applyStatusEvent(manager, {
      table: MESSAGES_TABLE,
      id: claimed.id,
      event: 'requeue',
      set: { claimed_at: null, release_after: next.at },
    });
    this.metrics.released('requeued');
  }

  /** Bounds a carrier call; a late answer is dropped (a retry carries the same message id, the idempotency key). */
  private withTimeout<T>(call: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CarrierTimeoutError(`${what} took longer than ${this.options.carrierTimeoutMs} ms`)),
        this.options.carrierTimeoutMs,
      );
    });
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
  }
}
